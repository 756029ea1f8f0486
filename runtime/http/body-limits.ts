/**
 * @module runtime/http/body-limits — how large and how deeply nested a request body may be, and
 * the checks every route that takes a body runs before anything walks the body recursively.
 *
 * Why a depth limit: the engine, the template resolver and JSON.stringify walk values
 * recursively; a body nested a few thousand levels deep overflows their stack (RangeError).
 * Both checks here are loops, never recursion, so they cannot overflow themselves.
 */
import { HttpError } from './errors.ts';

/** The deepest nesting of objects and arrays a request body may have (GraphQL: of its document too). */
export const MAX_BODY_DEPTH = 64;
/** The largest request body read, in bytes (2 MB). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export const tooDeep = () => new HttpError(400, 'too_deep', `Request body nested deeper than ${MAX_BODY_DEPTH} levels`);

export const tooLarge = (limitBytes = MAX_BODY_BYTES) => new HttpError(413, 'too_large', `Request body larger than ${sizeText(limitBytes)}`);

function sizeText(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/** Throw 400 `too_deep` when a GraphQL document (or JSON text) nests `{ [ (` deeper than MAX_BODY_DEPTH. */
export function checkTextDepth(text: string): void {
  if (textDepthExceeds(text, MAX_BODY_DEPTH)) throw tooDeep();
}

/** a UTF-16 surrogate without its pair: JSON can carry it (`"\ud800"`), but it is no text, and Redis' JSON (cjson) refuses it */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const badUnicode = () => new HttpError(400, 'bad_unicode', 'The request body holds text that is not valid Unicode (a lone UTF-16 surrogate such as \\ud800)');

/**
 * One walk of a parsed body, by levels: 400 `too_deep` when objects or arrays nest deeper than
 * MAX_BODY_DEPTH, 400 `bad_unicode` when a string or key holds a lone surrogate (stored, it would
 * break every later read of the record: Redis' JSON refuses it).
 */
export function checkBody(value: unknown): void {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth++) {
    const next: unknown[] = [];
    for (const item of level) {
      if (typeof item === 'string') {
        if (loneSurrogate.test(item)) throw badUnicode();
        continue;
      }
      if (item === null || typeof item !== 'object') continue;
      if (depth >= MAX_BODY_DEPTH) throw tooDeep();
      // a loop, not push(...item): a list of a million items would overflow the call's arguments
      if (Array.isArray(item)) for (const child of item) next.push(child);
      else {
        for (const [key, child] of Object.entries(item)) {
          if (loneSurrogate.test(key)) throw badUnicode();
          next.push(child);
        }
      }
    }
    level = next;
  }
}

/** A breadth-first walk by levels; stops as soon as a level past `max` holds an object. */
export function depthExceeds(value: unknown, max: number): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth++) {
    const next: unknown[] = [];
    for (const item of level) {
      if (item === null || typeof item !== 'object') continue;
      if (depth >= max) return true;
      for (const child of Array.isArray(item) ? item : Object.values(item)) {
        if (child !== null && typeof child === 'object') next.push(child);
      }
    }
    level = next;
  }
  return false;
}

/**
 * Counts open brackets outside strings and comments, in one pass over the text. It reads
 * GraphQL (strings "…" and """…""", comments # to the line's end) and, so, JSON as well.
 */
export function textDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '[' || c === '(') {
      if (++depth > max) return true;
    } else if (c === '}' || c === ']' || c === ')') {
      depth--;
    } else if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '"') {
      i = text.startsWith('"""', i) ? blockStringEnd(text, i + 3) : stringEnd(text, i + 1);
    }
  }
  return false;
}

/** the index of the quote closing a "…" string whose text starts at `i` (backslash escapes) */
function stringEnd(text: string, i: number): number {
  for (; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"' || text[i] === '\n') return i;
  }
  return i;
}

/** the index of the last quote closing a """…""" block string whose text starts at `i` */
function blockStringEnd(text: string, i: number): number {
  for (; i < text.length; i++) {
    if (text.startsWith('\\"""', i)) i += 3;
    else if (text.startsWith('"""', i)) return i + 2;
  }
  return i;
}
