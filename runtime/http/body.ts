/** @module runtime/http/body — the JSON object a POST/PUT route expects, or a clear 4xx. */
import type { Context } from 'koa';
import { HttpError } from './errors.ts';

/**
 * The request's JSON body as an object; no body at all reads as `{}` so each route names
 * the field it misses. A body that is not JSON is 415; JSON that is not an object is 400.
 */
export function objectBody(ctx: Context): Record<string, unknown> {
  const sent = Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';
  if (sent && !ctx.is('json')) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json)');
  }
  const body = (ctx.request as { body?: unknown }).body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'bad_request', 'The request body must be a JSON object');
  return body as Record<string, unknown>;
}
