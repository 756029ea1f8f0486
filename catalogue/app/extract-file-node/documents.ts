/**
 * @module catalogue/app/extract-file-node/documents — Word documents. DOCX with mammoth
 * (to HTML, then to text with html-to-text so headings, lists and tables keep their shape;
 * raw text on request). Legacy DOC with word-extractor (its OLE reader, pure JavaScript).
 */
import { convert } from 'html-to-text';
import mammoth from 'mammoth';
import WordExtractor from 'word-extractor';
import { ParseFailure } from './parse-types.ts';

export async function docxText(bytes: Uint8Array, raw: boolean): Promise<string> {
  const buffer = Buffer.from(bytes);
  try {
    if (raw) return (await mammoth.extractRawText({ buffer })).value.trim();
    return htmlText((await mammoth.convertToHtml({ buffer })).value);
  } catch (error) {
    throw new ParseFailure(`Invalid or unsupported file format: ${(error as Error).message}`);
  }
}

export async function docText(bytes: Uint8Array): Promise<string> {
  try {
    const document = await new WordExtractor().extract(Buffer.from(bytes));
    return document.getBody().trim();
  } catch (error) {
    throw new ParseFailure(`Invalid or unsupported file format: ${(error as Error).message}`);
  }
}

/** HTML as readable text: no wrapping, links without their targets, tables as aligned rows. */
export function htmlText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'table', format: 'dataTable' },
    ],
  }).trim();
}
