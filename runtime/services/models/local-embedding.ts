/**
 * @module runtime/services/models/local-embedding — `weft-local-embedding`, the built-in embedding
 * model: no download, no key, no network, deterministic (the same text gives the same vector
 * on every machine, within one `VERSION` of this file).
 *
 * What it is: feature hashing ("the hashing trick") of lexical features into 512 dimensions.
 * A text is lower-cased, accents are removed, and it is cut into words (letters and digits);
 * common English stop words are dropped and the Porter stemmer folds word forms ("indexing",
 * "indexes", "indexed" → "index"; "message", "messages" → "messag"). Features: every word
 * (weight 1), every pair of neighbouring words (0.5), and the character trigrams of each word
 * with boundary marks (each 1.6 / √n for a word of n trigrams, so a word's trigrams weigh more
 * than the word). Each feature is hashed (FNV-1a, 32 bit) to a dimension and a sign;
 * counts are damped (1 + ln tf) and the vector is L2-normalised, so the cosine of two vectors
 * measures shared vocabulary. Version 1 folded word forms with a lighter suffix stripper.
 *
 * Quality to expect: it finds passages that share words (and, through trigrams, word forms and
 * misspellings) with the query; it knows no synonyms or meaning ("car" does not find
 * "automobile"). It is a sound offline default and a strong partner for BM25 in hybrid search;
 * for semantic search configure a real embedding model (any OpenAI-compatible endpoint).
 */

import { stemmer } from 'stemmer';

export const LOCAL_EMBEDDING_DIMENSION = 512;
/** Changes when `words` or the features change (keyword search re-counts stored terms then). */
export const VERSION = 2;
/**
 * a word's trigrams together weigh about this much against the word itself (1): chosen on
 * `npm run eval:search` (0.4 … 2.4 tried; 1.6 ranked best on both halves of the question set)
 */
const TRIGRAM_WEIGHT = 1.6;

const STOP_WORDS = new Set(
  ('a an and are as at be but by for from has have he her his i if in into is it its me my no not of on or our ' +
    'she so than that the their them then there these they this those to too us was we were what when where which ' +
    'who whom why will with would you your do does did can could should may might must shall been being am')
    .split(' '),
);

/** The words of a text as the model sees them (also used for keyword search). */
export function words(text: string): string[] {
  const folded = text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
  return (folded.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP_WORDS.has(w)).map(stemmer);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function features(tokens: string[]): Map<string, number> {
  const weights = new Map<string, number>();
  const add = (feature: string, weight: number) => weights.set(feature, (weights.get(feature) ?? 0) + weight);
  tokens.forEach((word, i) => {
    add(`w:${word}`, 1);
    if (i > 0) add(`b:${tokens[i - 1]} ${word}`, 0.5);
    const padded = `#${word}#`;
    const grams = padded.length - 2;
    for (let j = 0; j < grams; j++) add(`t:${padded.slice(j, j + 3)}`, TRIGRAM_WEIGHT / Math.sqrt(grams));
  });
  return weights;
}

/** The embedding of one text: LOCAL_EMBEDDING_DIMENSION numbers, unit length (all zero for a text without words). */
export function embedLocally(text: string): number[] {
  const vector = new Array<number>(LOCAL_EMBEDDING_DIMENSION).fill(0);
  for (const [feature, weight] of features(words(text))) {
    const hash = fnv1a(feature);
    const sign = hash & 0x80000000 ? -1 : 1;
    // damped counts: a word said ten times is not ten times as telling
    vector[hash % LOCAL_EMBEDDING_DIMENSION] += sign * (weight >= 1 ? 1 + Math.log(weight) : weight);
  }
  const norm = Math.hypot(...vector);
  return norm > 0 ? vector.map((v) => v / norm) : vector;
}

/** Tokens counted for `_meta`: the words the model read. */
export function countLocalTokens(text: string): number {
  return words(text).length;
}
