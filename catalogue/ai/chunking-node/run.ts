/** @module catalogue/ai/chunking-node/run — 'Cannot chunk empty text'; otherwise the splitter's chunks. */
import { parseJsonish, toNumber } from '../../coerce.ts';
import { userError } from '../../errors.ts';
import type { Executor } from '../../types.ts';
import { CHUNKING_TYPES, DEFAULT_CHUNK_SIZE, DEFAULT_SEPARATORS, RUNTIME_OVERLAP } from './definition.ts';
import { characterSplit, recursiveSplit } from './splitters.ts';

export const EMPTY_TEXT = 'Cannot chunk empty text';

const blank = (value: unknown) => value === undefined || value === null || value === '';

function texts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(texts);
  if (blank(value)) return [];
  return [typeof value === 'string' ? value : JSON.stringify(value)];
}

export const run: Executor = async (values) => {
  const type = values.chunkingType ?? 'recursiveCharacterTextSplitter';
  if (!CHUNKING_TYPES.includes(type as (typeof CHUNKING_TYPES)[number])) throw userError(`Splitter must be one of: ${CHUNKING_TYPES.join(', ')}`);
  const inputs = texts(values.chunkField).filter((t) => t.trim() !== '');
  if (inputs.length === 0) throw userError(EMPTY_TEXT);
  const size = blank(values.numOfChars) ? DEFAULT_CHUNK_SIZE : toNumber(values.numOfChars);
  const overlap = blank(values.overlapChars) ? RUNTIME_OVERLAP : toNumber(values.overlapChars);
  if (size === undefined || !Number.isInteger(size) || size < 1) throw userError('Characters per chunk must be a whole number of at least 1');
  if (overlap === undefined || !Number.isInteger(overlap) || overlap < 0) throw userError('Overlap must be a whole number of at least 0');
  if (overlap >= size) throw userError('Overlap must be smaller than the characters per chunk');
  const parsed = parseJsonish(values.separators);
  const given = parsed.ok && Array.isArray(parsed.value) ? parsed.value.map(String) : blank(values.separators) ? DEFAULT_SEPARATORS : null;
  if (!given) throw userError('Separators must be a list');
  const separators = given.length ? given : DEFAULT_SEPARATORS;
  const split = type === 'characterTextSplitter' ? characterSplit : recursiveSplit;
  return { output: { chunks: inputs.flatMap((text) => split(text, { size, overlap, separators })) } };
};
