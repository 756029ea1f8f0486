/**
 * @module catalogue/app/extract-file-node/parse-file — one file's bytes to its data, by format
 * (runs inside the parsing worker). The data of each format:
 * - csv: rows (objects keyed by the header row, or lists); raw: the text
 * - json: the value; raw: the text
 * - html: the page as text; raw: the HTML
 * - text, txt: the text
 * - pdf: a list of page texts; joinPages: one text
 * - docx, doc: the document's text (raw: DOCX without its formatting)
 * - xlsx, xls: { sheets: [{ name, rows }] }; raw: { sheets: [{ name, text }] } (CSV text)
 * - pptx: a list of slide texts; joinPages: one text
 */
import { ParseFailure, type ParseJob, type Progress } from './parse-types.ts';
import type { Sheet } from './sheets.ts';

// Each format's parser is imported when a file of that format comes (a worker parses one file,
// so a text file does not pay for loading pdf.js or exceljs).

export async function parseFile(job: ParseJob, progress: Progress): Promise<unknown> {
  const { format, bytes, options, limits } = job;
  switch (format) {
    case 'csv': {
      const text = decode(bytes, options.encoding);
      if (options.returnRawText) return text;
      if (!options.csv) throw new ParseFailure('File type not supported');
      const { csvRows } = await import('./csv.ts');
      return csvRows(text, options.csv, limits, progress);
    }
    case 'json': {
      const text = decode(bytes, options.encoding);
      if (options.returnRawText) return text;
      try {
        return JSON.parse(text);
      } catch (error) {
        throw new ParseFailure(`Invalid or unsupported file format: ${(error as Error).message}`);
      }
    }
    case 'html': {
      const html = decode(bytes, options.encoding);
      return options.returnRawText ? html : (await import('./documents.ts')).htmlText(html);
    }
    case 'text':
    case 'txt':
    case 'svg':
      return decode(bytes, options.encoding);
    case 'pdf': {
      const { pdfPages } = await import('./pdf.ts');
      const pages = await pdfPages(bytes, options.password, limits, progress);
      return options.joinPages ? pages.join('\n\n') : pages;
    }
    case 'docx':
      await (await import('./zip-guard.ts')).checkZip(bytes, limits);
      return (await import('./documents.ts')).docxText(bytes, options.returnRawText);
    case 'doc':
      return (await import('./documents.ts')).docText(bytes);
    case 'xlsx': {
      await (await import('./zip-guard.ts')).checkZip(bytes, limits);
      const { xlsxSheets } = await import('./sheets.ts');
      return sheetsData(await xlsxSheets(bytes, limits, progress), options.returnRawText, options.headers);
    }
    case 'pptx': {
      await (await import('./zip-guard.ts')).checkZip(bytes, limits);
      const slides = await (await import('./slides.ts')).pptxSlides(bytes);
      return options.joinPages ? slides.join('\n\n') : slides;
    }
    case 'xls': {
      const { xlsSheets } = await import('./sheets.ts');
      return sheetsData(await xlsSheets(bytes, limits, progress), options.returnRawText, options.headers);
    }
    default:
      throw new ParseFailure('File type not supported');
  }
}

async function sheetsData(sheets: Sheet[], raw: boolean, headers: boolean): Promise<unknown> {
  const { shapeRows, sheetText } = await import('./sheets.ts');
  if (raw) return { sheets: sheets.map((sheet) => ({ name: sheet.name, text: sheetText(sheet.rows) })) };
  return { sheets: sheets.map((sheet) => ({ name: sheet.name, rows: shapeRows(sheet.rows, headers) })) };
}

/** Text in the node's encoding, without a leading byte-order mark. */
function decode(bytes: Uint8Array, encoding: ParseJob['options']['encoding']): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(encoding);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
