/**
 * @module catalogue/app/extract-file-node/fetch-file — one file by URL through `ctx.http`
 * (streamed, stopped at the node's size limit and timeout), with what the answer says about it:
 * its name (Content-Disposition, else the URL's last segment) and its Content-Type.
 */
import { createHash } from 'node:crypto';
import { isNodeError } from '../../errors.ts';
import { outboundError, statusError } from '../../outbound.ts';
import type { NodeContext } from '../../types.ts';

export const FETCH_ERROR = 'Failed to fetch data from url';

export interface FetchedFile {
  url: string;
  bytes: Uint8Array;
  filename: string;
  /** the Content-Type without parameters, lower-case ('' when none) */
  mimeType: string;
}

export interface FetchLimits {
  timeoutSeconds: number;
  maxFileMB: number;
}

export async function fetchFile(url: string, limits: FetchLimits, ctx: NodeContext): Promise<FetchedFile> {
  let response;
  try {
    response = await ctx.http.request({ url, timeoutSeconds: limits.timeoutSeconds, maxResponseMB: limits.maxFileMB });
  } catch (error) {
    if (ctx.signal.aborted || !isNodeError(error)) throw error;
    throw outboundError(FETCH_ERROR, error);
  }
  if (!response.ok) throw statusError(FETCH_ERROR, response);
  return {
    url,
    bytes: response.body,
    filename: filenameOf(response.headers['content-disposition'], response.url || url),
    mimeType: (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase(),
  };
}

/** The name Content-Disposition gives (filename* first), else the URL path's last segment. */
export function filenameOf(disposition: string | undefined, url: string): string {
  const star = disposition?.match(/filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i)?.[1];
  if (star) return safeDecode(star.trim().replace(/^"|"$/g, ''));
  const plain = disposition?.match(/filename\s*=\s*("?)([^";]+)\1/i)?.[2];
  if (plain) return plain.trim();
  try {
    const segment = new URL(url).pathname.split('/').filter(Boolean).pop();
    return segment ? safeDecode(segment) : '';
  } catch {
    return '';
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A file's id: the first 32 hex digits of the SHA-256 of its bytes (the same file, the same id). */
export function fileIdOf(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}
