/**
 * The widget routes through a whole weft: config (public fields only), Origin checks with
 * readable refusals, a chat message streamed over SSE (text as it is generated, then the
 * answer), history kept per session and fed back, failures, search results, the scripts
 * (compressed, revalidated by ETag).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetsDist } from '../paths.ts';
import { rawGet } from '../runtime/http/testing/raw-get.ts';
import { startTestWeft, type TestWeft } from '../runtime/testing/test-weft.ts';
import { deploy, echoChatFlow, failingChatFlow, searchFlow, streamingChatFlow, streamTestNode } from '../runtime/integrations/widgets/testing/fixtures.ts';
import { buildWidgets } from './build.ts';

let weft: TestWeft;
beforeAll(async () => {
  await buildWidgets();
  weft = await startTestWeft({ extraNodes: [streamTestNode] });
}, 180_000);
afterAll(async () => weft?.close());

const call = (path: string, init: { method?: string; origin?: string; body?: unknown } = {}) =>
  fetch(`${weft.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.origin ? { origin: init.origin } : {}), ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

interface Timed {
  at: number;
  event: Record<string, unknown> & { type: string };
}

/** Send a chat message; every SSE event with the time it arrived. */
async function chat(flowId: string, body: Record<string, unknown>, origin?: string): Promise<Timed[]> {
  const response = await call(`/widgets/chat/${flowId}/messages`, { body, origin });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: Timed[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const data = buffer.slice(0, end).split('\n').find((l) => l.startsWith('data: '));
      buffer = buffer.slice(end + 2);
      if (data) events.push({ at: Date.now(), event: JSON.parse(data.slice(6)) });
    }
  }
  return events;
}

describe('chat widget routes', () => {
  it('answers the public chatConfig with the spec’s defaults, never the domains', async () => {
    const flowId = await deploy(weft, echoChatFlow({ botName: 'Cafe bot', suggestions: ['Opening hours?'], domains: ['*'] }));
    const response = await call(`/widgets/chat/${flowId}/config`, { origin: 'http://127.0.0.1:9' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:9');
    const { chatConfig } = (await response.json()) as { chatConfig: Record<string, unknown> };
    expect(chatConfig).toMatchObject({
      botName: 'Cafe bot',
      suggestions: ['Opening hours?'],
      position: 'right',
      displayMode: 'popup',
      showEmojiButton: true,
      hideBranding: false,
      errorMessage: 'Oops! Something went wrong. Please try again.',
    });
    expect(chatConfig).not.toHaveProperty('domains');
    expect(chatConfig).not.toHaveProperty('nodeName');
  });

  it('streams generated text as it comes, then the answer with its references', async () => {
    const flowId = await deploy(weft, streamingChatFlow());
    const events = await chat(flowId, { sessionId: 'session_stream', userId: 'visitor_1', message: 'What do you serve?' });
    const types = events.map((e) => e.event.type);
    expect(types[0]).toBe('start');
    expect(types.at(-1)).toBe('done');
    const tokens = events.filter((e) => e.event.type === 'token');
    expect(tokens.map((t) => t.event.text).join('')).toBe('Tea and cake are served daily.');
    expect(tokens.length).toBe(6);
    // the words arrive 150 ms apart: the first long before the answer is complete
    expect(events.at(-1)!.at - tokens[0].at).toBeGreaterThan(500);
    expect(events.at(-1)!.event).toMatchObject({
      content: 'Tea and cake are served daily.',
      references: [{ title: 'Menu', url: 'https://cafe.example/menu' }],
      attachments: [],
    });
  });

  it('keeps the history per session server-side and feeds it to the flow as chatHistory', async () => {
    const flowId = await deploy(weft, echoChatFlow());
    const first = await chat(flowId, { sessionId: 'session_a1', userId: 'visitor_a', message: 'Hello' });
    expect(first.at(-1)!.event).toMatchObject({ type: 'done', content: 'You said: Hello (0 earlier; last: )' });
    const second = await chat(flowId, { sessionId: 'session_a1', userId: 'visitor_a', message: 'Again' });
    // a flow whose response node does not stream: its content is the one token
    expect(second.filter((e) => e.event.type === 'token').map((e) => e.event.text)).toEqual(['You said: Again (2 earlier; last: You said: Hello (0 earlier; last: ))']);
    const other = await chat(flowId, { sessionId: 'session_b1', userId: 'visitor_b', message: 'Hi' });
    expect(other.at(-1)!.event.content).toBe('You said: Hi (0 earlier; last: )');
    const history = (await (await call(`/widgets/chat/${flowId}/history?sessionId=session_a1`)).json()) as { messages: Array<{ role: string; content: string }> };
    expect(history.messages.map((m) => [m.role, m.content.slice(0, 14)])).toEqual([
      ['user', 'Hello'],
      ['assistant', 'You said: Hell'],
      ['user', 'Again'],
      ['assistant', 'You said: Agai'],
    ]);
    const ttl = await weft.engine.redis.ttl(`${weft.prefix}widget:chat:{${flowId}}:session_a1`);
    expect(ttl).toBeGreaterThan(86_000);
  });

  it('a failed run ends the stream with an error event and adds nothing to the history', async () => {
    const flowId = await deploy(weft, failingChatFlow());
    const events = await chat(flowId, { sessionId: 'session_fail', message: 'Hello?' });
    expect(events.at(-1)!.event).toMatchObject({ type: 'error' });
    expect(events.some((e) => e.event.type === 'done')).toBe(false);
    const history = (await (await call(`/widgets/chat/${flowId}/history?sessionId=session_fail`)).json()) as { messages: unknown[] };
    expect(history.messages).toEqual([]);
  });

  it('refuses origins outside the trigger’s domains, readably; preflights are answered', async () => {
    const flowId = await deploy(weft, echoChatFlow({ domains: ['https://shop.example', 'localhost:4000'] }));
    const refused = await call(`/widgets/chat/${flowId}/config`, { origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBe('https://evil.example');
    expect(await refused.json()).toEqual({ error: { code: 'origin_not_allowed', message: 'This website (https://evil.example) is not allowed to use this chat widget' } });
    const send = await call(`/widgets/chat/${flowId}/messages`, { origin: 'https://evil.example', body: { sessionId: 'session_x', message: 'hi' } });
    expect(send.status).toBe(403);
    expect((await call(`/widgets/chat/${flowId}/config`)).status).toBe(403); // no Origin at all
    expect((await call(`/widgets/chat/${flowId}/config`, { origin: 'https://shop.example' })).status).toBe(200);
    expect((await call(`/widgets/chat/${flowId}/config`, { origin: 'http://localhost:4000' })).status).toBe(200);
    const preflight = await fetch(`${weft.url}/widgets/chat/${flowId}/messages`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type');
  });

  it('answers 4xx for bad messages, inactive flows and flows of another trigger', async () => {
    const flowId = await deploy(weft, echoChatFlow());
    for (const body of [{ sessionId: 'session_1' }, { sessionId: 'session_1', message: '   ' }, { sessionId: 'x', message: 'hi' }, { sessionId: 'session_1', message: 'x'.repeat(8001) }]) {
      const response = await call(`/widgets/chat/${flowId}/messages`, { body });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    }
    await weft.api('POST', `/api/flows/${flowId}/deploy`, { status: 'inactive' });
    const inactive = await call(`/widgets/chat/${flowId}/config`);
    expect(inactive.status).toBe(404);
    expect(await inactive.json()).toEqual({ error: { code: 'not_found', message: 'Workflow not found' } });
    const searchId = await deploy(weft, searchFlow());
    const wrong = await call(`/widgets/chat/${searchId}/config`);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('wrong_trigger');
  });
});

describe('search widget routes', () => {
  it('answers the searchConfig with its defaults', async () => {
    const flowId = await deploy(weft, searchFlow({ staticTabs: ['Help'] }));
    const { searchConfig } = (await (await call(`/widgets/search/${flowId}/config`)).json()) as { searchConfig: Record<string, unknown> };
    expect(searchConfig).toEqual({
      primaryColor: '#4f46e5',
      secondaryColor: '#eef2ff',
      showNavHelperText: true,
      showEscapeHelperText: true,
      hideBranding: false,
      searchPlaceholderText: 'Search…',
      searchDebounce: 200,
      linkTarget: '_blank',
      showAllTab: true,
      staticTabs: ['Help'],
      enableGrouping: false,
    });
  });

  it('runs the flow and answers the results as the search response node shapes them', async () => {
    const flowId = await deploy(weft, searchFlow({}, true));
    const response = await call(`/widgets/search/${flowId}/query`, { body: { query: 'refund' }, origin: 'http://127.0.0.1:5' });
    expect(response.status).toBe(200);
    const { results } = (await response.json()) as { results: Array<Record<string, string>> };
    expect(results.map((r) => [r.name, r.tab, r.group])).toEqual([
      ['Refund policy', 'Help', 'Policies'],
      ['Returns and refunds form', 'Help', 'Forms'],
      ['Refunds API', 'Developers', 'API'],
      ['Why refunds take time', 'Other', 'ungrouped'],
    ]);
    expect(results[0]).toMatchObject({ breadCrumb: 'Help › Orders', link: 'https://help.example/refunds', referenceText: 'Help centre' });
    expect(await (await call(`/widgets/search/${flowId}/query`, { body: { query: '  ' } })).json()).toEqual({ results: [] });
  });

  it('a search response node that breaks a rule answers its text', async () => {
    const flow = searchFlow();
    // a title that resolves to nothing at run time (an empty one cannot be deployed)
    (flow.nodes[2].values as Record<string, unknown>).title = '{{find_1.output.nothing}}';
    const flowId = await deploy(weft, flow);
    const response = await call(`/widgets/search/${flowId}/query`, { body: { query: 'refund' } });
    // the flow's own mistake: 422 with the node
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      error: { code: 'run_failed', message: expect.stringContaining('Unconfigured title field in search response node'), kind: 'user', nodeId: 'searchResponse_1' },
    });
  });
});

describe('widget calls in the production logs', () => {
  /** the flow's log records once `count` are written (a record is written when its run ends) */
  async function logsOf(flowId: string, count: number): Promise<Array<Record<string, unknown>>> {
    const { projectId } = await weft.api<{ projectId: string }>('GET', `/api/flows/${flowId}`);
    for (let i = 0; i < 200; i++) {
      const { items } = await weft.api<{ items: Array<Record<string, unknown>> }>('GET', `/api/projects/${projectId}/logs?flowId=${flowId}`);
      if (items.length >= count) return items;
      await new Promise((ok) => setTimeout(ok, 50));
    }
    throw new Error(`fewer than ${count} log records`);
  }

  it('logs a chat message, a refused page and a search like any production call', async () => {
    const chatId = await deploy(weft, echoChatFlow({ domains: ['https://shop.example'] }));
    const events = await chat(chatId, { sessionId: 'session_logged', message: 'Hello' }, 'https://shop.example');
    const runId = events[0].event.runId;
    const refused = await call(`/widgets/chat/${chatId}/messages`, { origin: 'https://evil.example', body: { sessionId: 'session_logged', message: 'hi' } });
    expect(refused.status).toBe(403);
    const [forbidden, answered] = await logsOf(chatId, 2);
    expect(answered).toMatchObject({
      trigger: 'chat',
      runId,
      executionType: 'realtime',
      responseStatus: 200,
      severity: 'INFO',
      runStatus: 'completed',
      request: { method: 'POST', path: `/widgets/chat/${chatId}/messages`, body: { sessionId: 'session_logged', message: 'Hello' } },
    });
    expect(forbidden).toMatchObject({ trigger: 'chat', runId: null, responseStatus: 403, severity: 'WARN', error: expect.stringContaining('not allowed') });

    const searchId = await deploy(weft, searchFlow({}, true));
    const searched = await call(`/widgets/search/${searchId}/query`, { body: { query: 'refund' } });
    expect(searched.status).toBe(200);
    const [record] = await logsOf(searchId, 1);
    expect(record).toMatchObject({ trigger: 'search', runId: searched.headers.get('x-weft-run-id'), responseStatus: 200, runStatus: 'completed' });
  });
});

describe('widget scripts', () => {
  it('serves /widgets/chat.js and /widgets/search.js as single scripts', async () => {
    for (const name of ['chat', 'search']) {
      const response = await call(`/widgets/${name}.js`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/javascript');
      const text = await response.text();
      expect(text.length).toBeGreaterThan(10_000);
      expect(text).not.toMatch(/^import |\bimport\(/m);
    }
  });

  it('sends them compressed by Accept-Encoding, revalidated by ETag (sites embed these stable names)', async () => {
    for (const name of ['chat', 'search']) {
      const onDisk = readFileSync(join(widgetsDist, `${name}.js`));
      const url = `${weft.url}/widgets/${name}.js`;
      await rawGet(url, { 'accept-encoding': 'br' }); // brotli made (a client taking only br waits for it)
      for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], [undefined, undefined]] as const) {
        const answer = await rawGet(url, accept ? { 'accept-encoding': accept } : {});
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(answer.headers.vary).toBe('Accept-Encoding');
        expect(answer.headers['cache-control']).toBe('no-cache');
        expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
        expect(answer.decoded().equals(onDisk)).toBe(true);
        const again = await rawGet(url, { ...(accept ? { 'accept-encoding': accept } : {}), 'if-none-match': answer.headers.etag! });
        expect(again.status).toBe(304);
        expect(again.body.length).toBe(0);
      }
    }
  });
});
