/**
 * @module catalogue/app/extract-file-node/testing/documents — the well-formed files the tests
 * parse, built with the libraries that write them: a two-page PDF and a password-protected one
 * (pdfkit), a DOCX with a table (docx), an XLSX with two sheets (exceljs), an XLS with two
 * sheets (SheetJS), a PPTX of the parts a presentation's text lives in (jszip).
 */
import ExcelJS from 'exceljs';
import { Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import JSZip from 'jszip';
import PDFDocument from 'pdfkit';
import * as XLSX from 'xlsx';

/** A PDF of one line a page; with a user password when given (pdfkit encrypts it). */
export function pdfOf(pages: string[], userPassword?: string): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, ...(userPassword ? { userPassword, pdfVersion: '1.7' as const } : {}) });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const text of pages) doc.addPage().fontSize(14).text(text);
  doc.end();
  return ended;
}

export function docxWithTable(): Promise<Buffer> {
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun({ text: 'Quarterly report', bold: true })] }),
          new Paragraph('Sales went up.'),
          new Table({
            rows: [
              new TableRow({ children: [cell('Region'), cell('Sales')] }),
              new TableRow({ children: [cell('North'), cell('120')] }),
              new TableRow({ children: [cell('South'), cell('80')] }),
            ],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

export const SHEETS = {
  People: [
    ['name', 'age'],
    ['Ada', 36],
    ['Alan', 41],
  ],
  Places: [
    ['city', 'country'],
    ['Paris', 'France'],
  ],
} as const;

export async function xlsxTwoSheets(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(SHEETS)) workbook.addWorksheet(name).addRows(rows.map((row) => [...row]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function xlsTwoSheets(): Buffer {
  const workbook = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(SHEETS)) XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows.map((row) => [...row])), name);
  return XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

/** A presentation whose slides hold the given paragraphs, each paragraph's runs as given (slides numbered from 1, stored out of order). */
export async function pptxOf(slides: string[][][]): Promise<Buffer> {
  const zip = new JSZip();
  const a = 'http://schemas.openxmlformats.org/drawingml/2006/main';
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  for (const [index, paragraphs] of [...slides.entries()].reverse()) {
    const body = paragraphs.map((runs) => `<a:p>${runs.map((run) => `<a:r><a:rPr lang="en-GB"/><a:t>${run}</a:t></a:r>`).join('')}</a:p>`).join('');
    zip.file(`ppt/slides/slide${index + 1}.xml`, `<?xml version="1.0"?><p:sld xmlns:a="${a}" xmlns:p="p"><p:cSld><p:spTree><p:sp><p:txBody>${body}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`);
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
