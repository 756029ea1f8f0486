/** @module runtime/testing/sse-client — read a server-sent event stream until it ends (tests, tools). */

export interface SseOptions {
  lastEventId?: string;
  /** stop after this many events */
  limit?: number;
  timeoutMs?: number;
  /** each event's `id:` is set on the data object as `id` when it has none */
  signal?: AbortSignal;
  /** more request headers: a test weft's `headers` carry its session */
  headers?: Record<string, string>;
}

/** Every `data:` payload of the stream, parsed, until the server closes it (or `limit`). */
export async function readSse(url: string, options: SseOptions = {}): Promise<Record<string, unknown>[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 20_000);
  options.signal?.addEventListener('abort', () => controller.abort());
  const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
  if (options.lastEventId) headers['Last-Event-ID'] = options.lastEventId;
  const events: Record<string, unknown>[] = [];
  try {
    const response = await fetch(url, { headers, signal: controller.signal });
    if (!response.ok || !response.body) throw new Error(`SSE ${url}: ${response.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
        const id = block.split('\n').find((l) => l.startsWith('id: '))?.slice(4);
        if (!data) continue;
        const event = JSON.parse(data) as Record<string, unknown>;
        events.push(id && event.id === undefined ? { ...event, id } : event);
        if (options.limit && events.length >= options.limit) return events;
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return events;
}
