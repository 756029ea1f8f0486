/** @module runtime/http/sse — Server-Sent Events responses for Koa. */
import { PassThrough } from 'node:stream';
import type { Context } from 'koa';

export interface SseChannel {
  send(data: unknown, id?: string): void;
  /** aborted when the client goes away or the stream is closed */
  signal: AbortSignal;
  close(): void;
}

/** How often a studio stream checks that its session still exists (sign-out ends the stream). */
export const SESSION_CHECK_MS = 5_000;

/**
 * Turn the response into an event stream; a comment line every 15 s keeps proxies from closing
 * it. A stream opened by a signed-in studio session (`ctx.state.stillSignedIn`, set by the
 * session gate) closes within SESSION_CHECK_MS once that session is signed out or ends.
 */
export function openSse(ctx: Context): SseChannel {
  const stream = new PassThrough();
  const controller = new AbortController();
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.set({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
  ctx.status = 200;
  ctx.body = stream;
  stream.write('retry: 1000\n\n');
  const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), 15_000);
  const stillSignedIn = ctx.state.stillSignedIn as (() => Promise<boolean>) | undefined;
  const sessionCheck =
    stillSignedIn &&
    setInterval(() => {
      stillSignedIn().then(
        (live) => live || close(),
        () => {}, // Redis unreachable for a moment: check again next time
      );
    }, SESSION_CHECK_MS);
  const close = () => {
    if (controller.signal.aborted) return;
    clearInterval(heartbeat);
    if (sessionCheck) clearInterval(sessionCheck);
    controller.abort();
    stream.end();
  };
  ctx.req.on('close', close);
  return {
    send(data, id) {
      if (controller.signal.aborted) return;
      stream.write(`${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
    },
    signal: controller.signal,
    close,
  };
}

/** Where a client resumes: the Last-Event-ID header (reconnects) or `?after=`. */
export function lastEventId(ctx: Context): string {
  const header = ctx.get('Last-Event-ID');
  const query = typeof ctx.query.after === 'string' ? ctx.query.after : '';
  const id = header || query || '0';
  return /^\d+(-\d+){0,2}$/.test(id) ? id : '0';
}
