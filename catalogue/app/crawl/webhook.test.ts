/**
 * An async crawl's webhook events in the crawl service's v1 shape (spec 002 §3 webhookEvents:
 * completed, failed, page, started): a URL gets them as JSON with the node's headers, a flow
 * through ctx.services.hooks; only the chosen events go out; a failed job says so (success false, its
 * error); a delivery that fails is logged once and never throws.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboundRequest, OutboundResponse } from '../../outbound.ts';
import { serviceUrlsFrom } from '../../service-urls.ts';
import { WebhookSender, webhookFlow } from './webhook.ts';

const ok = { status: 200, statusText: 'OK', ok: true } as OutboundResponse;

function sender(events: string[], status = ok, kind: 'crawl' | 'batch_scrape' = 'crawl') {
  const sent: OutboundRequest[] = [];
  const hooked: Array<[string, unknown]> = [];
  const ctx = {
    http: { request: async (request: OutboundRequest) => (sent.push(request), status) },
    services: { hooks: { call: async (flowId: string, body: unknown) => void hooked.push([flowId, body]) } },
    serviceUrl: (name: 'weft') => serviceUrlsFrom({ weft: 'https://weft.example' })[name],
  };
  const make = (url: string) => new WebhookSender(ctx as never, { url, headers: { 'X-Secret': 's1' }, metadata: { source: 'test' }, events }, kind, 'job-1');
  return { sent, hooked, make };
}

afterEach(() => vi.restoreAllMocks());

describe('WebhookSender', () => {
  it('posts each chosen event as JSON with the node’s headers; a failure says so with its error', async () => {
    const { sent, make } = sender(['started', 'failed']);
    const hook = make('https://hooks.example/crawl');
    await hook.send('started');
    await hook.send('page', [{ markdown: '# a', metadata: { sourceURL: 'https://site.test/a', statusCode: 200 } }]);
    await hook.send('failed', [], 'robots.txt went away');
    expect(sent.map((r) => [r.method, r.url, r.headers])).toEqual([
      ['POST', 'https://hooks.example/crawl', { 'X-Secret': 's1', 'content-type': 'application/json' }],
      ['POST', 'https://hooks.example/crawl', { 'X-Secret': 's1', 'content-type': 'application/json' }],
    ]);
    expect(sent.map((r) => JSON.parse(String(r.body)))).toEqual([
      { success: true, type: 'crawl.started', id: 'job-1', data: [], metadata: { source: 'test' } },
      { success: false, type: 'crawl.failed', id: 'job-1', data: [], metadata: { source: 'test' }, error: 'robots.txt went away' },
    ]);
  });

  it('names batch scrape events batch_scrape.*, and calls a flow of the project in-process', async () => {
    const { sent, hooked, make } = sender(['completed'], ok, 'batch_scrape');
    await make('flow:flow_42').send('completed', []);
    await make('https://weft.example/hook/flow_43').send('completed', []);
    expect(sent).toEqual([]);
    expect(hooked).toEqual([
      ['flow_42', { success: true, type: 'batch_scrape.completed', id: 'job-1', data: [], metadata: { source: 'test' } }],
      ['flow_43', { success: true, type: 'batch_scrape.completed', id: 'job-1', data: [], metadata: { source: 'test' } }],
    ]);
    expect(webhookFlow('https://elsewhere.example/hook/x', 'https://weft.example')).toBeUndefined();
  });

  it('logs a refused delivery once, and goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { sent, make } = sender(['started', 'page', 'completed'], { status: 500, statusText: 'Server Error', ok: false } as OutboundResponse);
    const hook = make('https://hooks.example/crawl');
    await hook.send('started');
    await hook.send('page');
    await hook.send('completed');
    expect(sent).toHaveLength(3);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toBe('[weft crawl job-1] failed to send the crawl.started event to the webhook: 500 Server Error');
  });
});
