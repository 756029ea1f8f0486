/**
 * @module catalogue/app/extract-file-node/pdf — PDF text, page by page, with unpdf (Mozilla's
 * pdf.js in its serverless build: no canvas, no native code). Password-protected files open
 * with the node's password. The page count is checked before any page is read.
 */
import { getDocumentProxy } from 'unpdf';
import type { ParseLimits } from './limits.ts';
import { ParseFailure, type Progress } from './parse-types.ts';

export async function pdfPages(bytes: Uint8Array, password: string | undefined, limits: ParseLimits, progress: Progress): Promise<string[]> {
  let pdf;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { password: password || undefined, isEvalSupported: false, stopAtErrors: false });
  } catch (error) {
    throw pdfOpenFailure(error, password);
  }
  try {
    const total = pdf.numPages;
    if (total > limits.maxPdfPages) throw new ParseFailure(`The PDF has ${total} pages; at most ${limits.maxPdfPages} are read`);
    const pages: string[] = [];
    for (let number = 1; number <= total; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(pageText(content.items));
      page.cleanup();
      progress(`Read page ${number} of ${total}`, number, total);
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

/** The page's text items joined, a line break where pdf.js marks the end of a line. */
function pageText(items: readonly unknown[]): string {
  let text = '';
  for (const item of items) {
    if (!item || typeof item !== 'object' || !('str' in item)) continue;
    const { str, hasEOL } = item as { str: string; hasEOL?: boolean };
    text += str + (hasEOL ? '\n' : '');
  }
  return text.trim();
}

function pdfOpenFailure(error: unknown, password: string | undefined): ParseFailure {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') {
    return new ParseFailure(password ? 'The PDF password is incorrect' : 'The PDF is password-protected: give its password');
  }
  return new ParseFailure(`Invalid or unsupported file format: ${error instanceof Error ? error.message : String(error)}`);
}
