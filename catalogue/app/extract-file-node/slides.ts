/**
 * @module catalogue/app/extract-file-node/slides — PowerPoint (PPTX) presentations: the text of
 * each slide (`ppt/slides/slide<N>.xml`, in slide-number order), its paragraphs one a line, its
 * runs (`<a:t>`) joined. Runs inside the parsing worker after zip-guard checked the file, so
 * every part it inflates is bounded.
 */
import type { Entry, ZipFile } from 'yauzl';
import { ParseFailure } from './parse-types.ts';
import { entriesOf, entryStream, openZip } from './zip-guard.ts';

const SLIDE = /^ppt\/slides\/slide(\d+)\.xml$/;

export async function pptxSlides(bytes: Uint8Array): Promise<string[]> {
  const zip = await openZip(bytes);
  const slides: Array<{ number: number; text: string }> = [];
  try {
    for await (const entry of entriesOf(zip)) {
      const match = SLIDE.exec(entry.fileName);
      if (match) slides.push({ number: Number(match[1]), text: slideText(await partText(zip, entry)) });
    }
  } finally {
    zip.close();
  }
  if (slides.length === 0) throw new ParseFailure('Invalid or unsupported file format: a presentation without slides');
  return slides.sort((a, b) => a.number - b.number).map((slide) => slide.text);
}

/** the slide's paragraphs (`<a:p>`), each its runs' text, the empty ones left out */
export function slideText(xml: string): string {
  return xml
    .split(/<\/a:p>/)
    .map((paragraph) => [...paragraph.matchAll(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>/g)].map((run) => decodeXml(run[1]!)).join(''))
    .filter((line) => line.trim() !== '')
    .join('\n');
}

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (entity[0] !== '#') return named[entity.toLowerCase()]!;
    const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

async function partText(zip: ZipFile, entry: Entry): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of await entryStream(zip, entry)) chunks.push(chunk as Buffer);
  } catch (error) {
    throw error instanceof ParseFailure ? error : new ParseFailure(`Invalid or unsupported file format: ${(error as Error).message}`);
  }
  return Buffer.concat(chunks).toString('utf8');
}
