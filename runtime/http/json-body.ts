/**
 * @module runtime/http/json-body — a JSON request body read from Node's own request, as the
 * JSON bodies middleware reads it (middleware.ts, @koa/bodyparser): the webhook's endpoint
 * (webhook-endpoint.ts) answers before Koa. JSON content types only (any other body is `{}`),
 * gzip/deflate/br bodies inflated, at most `limitBytes` (413), objects and arrays only, no
 * prototype keys, the depth and Unicode checks of body-limits.ts (400).
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { checkBody, tooLarge } from './body-limits.ts';
import { HttpError } from './errors.ts';

/** the types @koa/bodyparser parses as JSON */
const jsonType = /^\s*application\/(json|json-patch\+json|vnd\.api\+json|csp-report|reports\+json|scim\+json)\s*(;|$)/i;
const objectOrArray = /^[\x20\x09\x0a\x0d]*(\[|\{)/;
/** texts that may hold a prototype key (checked on the parsed value then) */
const mayPoison = /__proto__|constructor|\\u005[fF]|\\u00[67]/;

const invalid = (message: string) => new HttpError(400, 'bad_request', `Invalid JSON body: ${message}`);

/** The request's JSON body ({} when it is not JSON or empty); an HttpError when it cannot be taken. */
export async function readJsonBody(req: IncomingMessage, limitBytes: number): Promise<unknown> {
  if (!jsonType.test(req.headers['content-type'] ?? '')) {
    req.resume();
    return {};
  }
  if (Number(req.headers['content-length']) > limitBytes) throw tooLarge(limitBytes);
  const text = (await readAll(inflated(req), limitBytes)).replace(/^\uFEFF/, '');
  if (!text) return {};
  if (!objectOrArray.test(text)) throw invalid('invalid JSON, only supports object and array');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw invalid((error as Error).message);
  }
  if (mayPoison.test(text) && hasPrototypeKey(body)) throw invalid('Object contains forbidden prototype property');
  checkBody(body);
  return body;
}

function inflated(req: IncomingMessage): Readable {
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding === 'identity') return req;
  const inflate = { gzip: createGunzip, deflate: createInflate, br: createBrotliDecompress }[encoding];
  if (!inflate) throw new HttpError(415, 'bad_request', `Unsupported Content-Encoding: ${encoding}`);
  return req.pipe(inflate());
}

/** the stream's text; past `limitBytes` the rest is read and dropped (so the 413 can be answered) */
function readAll(stream: Readable, limitBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limitBytes) return void chunks.push(chunk);
      stream.off('data', onData).off('end', onEnd).resume();
      reject(tooLarge(limitBytes));
    };
    const onEnd = () => resolve(chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    stream.on('data', onData).on('end', onEnd).once('error', (error: Error) => reject(invalid(error.message)));
  });
}

/** a `__proto__` key, or a `constructor` whose value has a `prototype` (what @hapi/bourne refuses) */
function hasPrototypeKey(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    if (key === '__proto__') return true;
    if (key === 'constructor' && child !== null && typeof child === 'object' && Object.hasOwn(child, 'prototype')) return true;
    if (hasPrototypeKey(child)) return true;
  }
  return false;
}
