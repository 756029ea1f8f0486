/**
 * @module runtime/services/outbound/one-hop — one HTTP exchange with one URL over node:http(s): the
 * address check on the address actually connected to (a `lookup` of our own, so no DNS answer
 * can slip a private address past it), the connect timeout, and the answer's body as a stream
 * held to its size limit (counted after decompression, so a small gzip cannot unpack into
 * gigabytes) whose failures are the same NodeErrors as the exchange's.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { NodeError, operationalError, timeoutError, userError } from '../../../catalogue/errors.ts';

export interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** aborts the exchange (the total timeout and the run's cancellation) */
  signal: AbortSignal;
  connectTimeoutMs: number;
  maxResponseBytes: number;
  /** null when `address` (resolved for the URL's host) may be reached, else why not */
  refusal(address: string): string | null;
}

export interface HopAnswer {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  /** decoded; fails with a NodeError (or the signal's reason); destroying it ends the exchange */
  body: Readable;
}

/** Send the request and wait for the answer's head; throws a NodeError (or the signal's reason). */
export function sendHop(hop: Hop): Promise<HopAnswer> {
  return new Promise<HopAnswer>((resolve, reject) => {
    const send = hop.url.protocol === 'https:' ? httpsRequest : httpRequest;
    // Node sends a DELETE or OPTIONS body without a length unless it is told one.
    const length = hop.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(hop.body)) };
    const request = send(hop.url, {
      method: hop.method,
      headers: { ...hop.headers, ...length },
      signal: hop.signal,
      lookup: guardedLookup(hop),
      // A fresh connection per request: a pooled socket could outlive the check of its address.
      agent: false,
    });
    request.on('socket', (socket) => limitConnect(socket, hop, request.destroy.bind(request)));
    request.on('error', (error) => reject(failureOf(error, hop)));
    request.on('response', (response) => {
      try {
        resolve(answerOf(response, hop));
      } catch (error) {
        response.destroy();
        reject(failureOf(error, hop));
      }
    });
    request.end(hop.body);
  });
}

/** dns.lookup, keeping only the addresses the policy lets this URL reach. */
function guardedLookup(hop: Hop): LookupFunction {
  return (hostname, options, callback) => {
    const all: LookupAllOptions = { family: options.family, hints: options.hints, all: true };
    dnsLookup(hostname, all, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const reasons = addresses.map((a) => hop.refusal(a.address));
      const permitted = addresses.filter((_, i) => reasons[i] === null);
      if (permitted.length === 0) {
        const reason = reasons[0] ?? 'no address';
        return callback(refusedAddress(hostname, addresses[0]?.address ?? '', reason) as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, permitted);
      else callback(null, permitted[0].address, permitted[0].family);
    });
  };
}

export function refusedAddress(hostname: string, address: string, reason: string): NodeError {
  const where = address && address !== hostname ? `${hostname} (${address})` : hostname;
  return userError(`Refused to call ${where}: ${reason} address; the operator can allow it with WEFT_OUTBOUND_ALLOW`);
}

/** DNS, TCP and TLS must be done within connectTimeoutMs. */
function limitConnect(socket: Socket, hop: Hop, destroy: (error: Error) => void): void {
  const secure = hop.url.protocol === 'https:';
  if (!socket.connecting && !secure) return;
  const timer = setTimeout(() => destroy(timeoutError(`Could not connect within ${hop.connectTimeoutMs / 1000} s`)), hop.connectTimeoutMs);
  socket.once(secure ? 'secureConnect' : 'connect', () => clearTimeout(timer));
  socket.once('close', () => clearTimeout(timer));
}

function answerOf(response: IncomingMessage, hop: Hop): HopAnswer {
  const declared = Number(response.headers['content-length'] ?? 0);
  const encoding = String(response.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (!encoding && declared > hop.maxResponseBytes) throw tooLarge(hop);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const body = Readable.from(limited(response, encoding, hop), { objectMode: false });
  // destroyed before its first read (a redirect's body), the generator never runs its `finally`
  body.once('close', () => response.destroy());
  return { status: response.statusCode ?? 0, statusText: response.statusMessage ?? '', headers, body };
}

/** The decoded body, chunk by chunk, up to the size limit; destroying its reader closes the socket. */
async function* limited(response: IncomingMessage, encoding: string, hop: Hop): AsyncGenerator<Buffer> {
  const decoded = decoderOf(encoding);
  const stream = decoded ? response.pipe(decoded) : response;
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > hop.maxResponseBytes) throw tooLarge(hop);
      yield chunk;
    }
  } catch (error) {
    throw failureOf(error, hop);
  } finally {
    response.destroy();
    decoded?.destroy();
  }
}

/** The whole body of an answer, as one buffer. */
export async function readAll(body: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function decoderOf(encoding: string) {
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip();
  if (encoding === 'deflate') return createInflate();
  if (encoding === 'br') return createBrotliDecompress();
  return null;
}

const tooLarge = (hop: Hop) => userError(`Response larger than ${hop.maxResponseBytes / 1024 / 1024} MB`);

/** Our own NodeErrors as they are; an abort as the signal's reason; the rest is the network's fault. */
function failureOf(error: unknown, hop: Hop): unknown {
  if (error instanceof NodeError) return error;
  if (hop.signal.aborted) return hop.signal.reason;
  const e = error as NodeJS.ErrnoException;
  return operationalError(e?.message || String(error), error);
}
