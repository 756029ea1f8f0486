/** @module widgets/shared/api — calls to the weft server's widget routes, and an SSE reader over fetch. */

export class WidgetError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }

  /** the trigger's `domains` do not include this page */
  get refused(): boolean {
    return this.code === 'origin_not_allowed';
  }
}

async function failure(response: Response): Promise<WidgetError> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: string; code?: string } } | null;
  return new WidgetError(body?.error?.message ?? `HTTP ${response.status}`, response.status, body?.error?.code ?? 'http_error');
}

export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

export async function postJson<T>(url: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

/** POST, then hand every SSE `data:` object to `onEvent` as it arrives. */
export async function postStream(url: string, body: unknown, onEvent: (event: unknown) => void, signal?: AbortSignal): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok || !response.body) throw await failure(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data) onEvent(JSON.parse(data));
    }
  }
}

/** A random id for sessions and visitors. */
export function newId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `${prefix}_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
