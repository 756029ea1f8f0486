/**
 * @module runtime/services/outbound/fetch — a `fetch` over the one outbound client, for a library that
 * calls out on its own (the OpenAI SDK of the model gateway): the same address policy on every
 * hop, redirects followed and re-checked as the client does, the connect and total timeouts,
 * and the answer's body streamed as it arrives (decoded, held to `limits.maxResponseBytes`).
 * It adds no Idempotency-Key: the caller sends what its protocol wants.
 */
import { Readable } from 'node:stream';
import type { ExchangeLimits, Outbound } from './client.ts';

/** Statuses whose answer has no body (a Response refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
/** They describe the body as it was sent; the stream handed on is already decoded. */
const SENT_BODY_HEADERS = new Set(['content-encoding', 'content-length']);

export function outboundFetch(outbound: Outbound, limits: ExchangeLimits): typeof fetch {
  return async (input, init) => {
    // A Request puts any RequestInit body (string, bytes, form data) into bytes and its type into headers.
    const request = new Request(input, init);
    const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
    const answer = await outbound.exchange({
      url: request.url,
      method: request.method,
      headers: Object.fromEntries(request.headers),
      body,
      signals: [request.signal],
      limits,
    });
    const headers = Object.entries(answer.headers).filter(([name]) => !SENT_BODY_HEADERS.has(name));
    let stream: ReadableStream | null = null;
    if (NULL_BODY.has(answer.status)) answer.body.destroy();
    else stream = Readable.toWeb(answer.body) as ReadableStream;
    const response = new Response(stream, { status: answer.status, statusText: answer.statusText, headers });
    Object.defineProperty(response, 'url', { value: answer.url });
    return response;
  };
}
