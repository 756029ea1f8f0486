/**
 * @module catalogue/ai/chunking-node/splitters — the two text splitters of the Chunking node,
 * as LangChain defines them.
 *
 * - characterTextSplitter: split on the first separator, then merge the pieces into chunks of
 *   at most `size` characters, each starting with up to `overlap` characters of the previous.
 * - recursiveCharacterTextSplitter: split on the first separator the text contains; pieces
 *   still longer than `size` are split again with the next separators; then merged as above.
 *   A word longer than a chunk is finally cut into characters (an implicit last separator '').
 *
 * Pieces are trimmed; empty chunks are dropped. A single piece longer than `size` that no
 * separator can split stays whole (characterTextSplitter).
 */

export interface SplitOptions {
  size: number;
  overlap: number;
  separators: string[];
}

function join(pieces: string[], separator: string): string | null {
  const text = pieces.join(separator).trim();
  return text === '' ? null : text;
}

/** Merge pieces into chunks of at most `size`, carrying up to `overlap` characters over. */
function merge(pieces: string[], separator: string, { size, overlap }: SplitOptions): string[] {
  const chunks: string[] = [];
  const current: string[] = [];
  let total = 0;
  for (const piece of pieces) {
    const extra = current.length > 0 ? separator.length : 0;
    if (total + piece.length + extra > size && current.length > 0) {
      const chunk = join(current, separator);
      if (chunk !== null) chunks.push(chunk);
      while (total > overlap || (total + piece.length + (current.length > 0 ? separator.length : 0) > size && total > 0)) {
        total -= current[0].length + (current.length > 1 ? separator.length : 0);
        current.shift();
      }
    }
    current.push(piece);
    total += piece.length + (current.length > 1 ? separator.length : 0);
  }
  const chunk = join(current, separator);
  if (chunk !== null) chunks.push(chunk);
  return chunks;
}

const splitOn = (text: string, separator: string) => (separator === '' ? [...text] : text.split(separator)).filter((p) => p !== '');

export function characterSplit(text: string, options: SplitOptions): string[] {
  const separator = options.separators[0] ?? '\n\n';
  return merge(splitOn(text, separator), separator, options);
}

export function recursiveSplit(text: string, options: SplitOptions): string[] {
  const separators = options.separators.includes('') ? options.separators : [...options.separators, ''];
  return recurse(text, separators, options);
}

function recurse(text: string, separators: string[], options: SplitOptions): string[] {
  let separator = separators[separators.length - 1];
  let rest: string[] = [];
  for (let i = 0; i < separators.length; i++) {
    if (separators[i] === '' || text.includes(separators[i])) {
      separator = separators[i];
      rest = separators.slice(i + 1);
      break;
    }
  }
  const chunks: string[] = [];
  let short: string[] = [];
  for (const piece of splitOn(text, separator)) {
    if (piece.length < options.size) {
      short.push(piece);
      continue;
    }
    if (short.length) chunks.push(...merge(short, separator, options));
    short = [];
    if (rest.length === 0) chunks.push(piece);
    else chunks.push(...recurse(piece, rest, options));
  }
  if (short.length) chunks.push(...merge(short, separator, options));
  return chunks;
}
