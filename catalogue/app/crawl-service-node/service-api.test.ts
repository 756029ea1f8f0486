/**
 * The crawl service engine against a loopback server speaking the crawl service's v1 API:
 * each mode's request (path, bearer key, body) asserted, its answer mapped to the outputs.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runNode, testContext } from '../../testing/node-harness.ts';
import { initialValues } from '../../values.ts';
import { crawlSettingsFrom } from '../crawl/settings.ts';
import crawlerNode from '../crawler-node/run.ts';
import scraperNode from '../scraper-node/run.ts';
import node from './run.ts';

interface Seen { method: string; path: string; authorization?: string; body: Record<string, unknown> }
let server: Server;
let base = '';
let seen: Seen[] = [];
let polls = 0;
let failNext: { status: number; body: unknown } | undefined;
// a sync crawl asks the service how far it is every 20 ms
const crawl = { settings: crawlSettingsFrom({ WEFT_CRAWL_POLL_MS: '20' }) };

const page = (n: number) => ({ markdown: `# Page ${n}`, html: `<h1>Page ${n}</h1>`, metadata: { title: `Page ${n}`, sourceURL: `https://site.test/${n}`, statusCode: 200 } });

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const path = req.url ?? '';
      seen.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body: text ? JSON.parse(text) : {} });
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (failNext) {
        const f = failNext;
        failNext = undefined;
        return json(f.status, f.body);
      }
      if (req.method === 'POST' && path === '/v1/crawl') return json(200, { success: true, id: 'crawl-1', url: `${base}/v1/crawl/crawl-1` });
      if (req.method === 'GET' && path === '/v1/crawl/crawl-1') {
        polls++;
        if (polls < 2) return json(200, { success: true, status: 'scraping', completed: 1, total: 3, creditsUsed: 1, expiresAt: '2030-01-01T00:00:00Z', data: [] });
        return json(200, { success: true, status: 'completed', completed: 3, total: 3, creditsUsed: 3, expiresAt: '2030-01-01T00:00:00Z', data: [page(1), page(2)], next: `${base}/v1/crawl/crawl-1?skip=2` });
      }
      if (req.method === 'GET' && path === '/v1/crawl/crawl-1?skip=2') return json(200, { success: true, status: 'completed', data: [page(3)] });
      if (req.method === 'POST' && path === '/v1/scrape') return json(200, { success: true, data: { ...page(7), metadata: { ...page(7).metadata, description: 'seven', language: 'en', ogTitle: 'Seven' } } });
      if (req.method === 'POST' && path === '/v1/batch/scrape') return json(200, { success: true, id: 'batch-1', url: `${base}/v1/batch/scrape/batch-1`, invalidURLs: ['nope'] });
      if (req.method === 'GET' && path === '/v1/batch/scrape/batch-1') return json(200, { success: true, status: 'completed', completed: 2, total: 2, creditsUsed: 2, expiresAt: '2030-01-01T00:00:00Z', data: [page(1), page(2)] });
      // a service that misbehaves: a job state v1 does not have, a next page that points at itself
      if (req.method === 'GET' && path === '/v1/crawl/crawl-odd') return json(200, { success: true, status: 'thinking' });
      if (req.method === 'GET' && path === '/v1/crawl/crawl-loop') return json(200, { success: true, status: 'completed', data: [page(1)], next: `${base}/v1/crawl/crawl-loop?skip=1` });
      if (req.method === 'GET' && path === '/v1/crawl/crawl-loop?skip=1') return json(200, { success: true, data: [page(2)], next: `${base}/v1/crawl/crawl-loop?skip=1` });
      if (req.method === 'POST' && path === '/v1/map') return json(200, { success: true, links: ['https://site.test/a', 'https://site.test/b'] });
      json(404, { success: false, error: 'no route' });
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
});

beforeEach(() => {
  seen = [];
  polls = 0;
});

function ctx(hostUrl?: string) {
  return testContext({
    allowOutbound: [new URL(base).host],
    serviceUrls: { crawlService: base, weft: 'https://weft.example.com' },
    services: { crawl },
    credentials: {
      async get(name) {
        if (name !== 'crawl') throw new Error(`No credentials found for ${name}`);
        return { apiKey: 'fc-key', ...(hostUrl ? { hostUrl } : {}) };
      },
    },
  });
}

describe('the crawl service engine (v1 API)', () => {
  it('sync crawl: POST /v1/crawl with the options, polls the job, follows next, reports progress', async () => {
    const context = ctx();
    const { output } = await runNode(crawlerNode, { credentials: 'crawl', url: 'https://site.test/', crawlMode: 'sync', excludePath: '^/blog', includePath: '^/docs, ^/guide' }, context);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/crawl', authorization: 'Bearer fc-key' });
    expect(seen[0]!.body).toEqual({
      url: 'https://site.test/', limit: 10000, maxDepth: 1, maxDiscoveryDepth: 1, includePaths: ['^/docs', '^/guide'], excludePaths: ['^/blog'],
      ignoreSitemap: true, allowBackwardLinks: false, allowExternalLinks: false, ignoreQueryParameters: true, delay: 0,
      scrapeOptions: { formats: ['markdown', 'html'], onlyMainContent: true, skipTlsVerification: false, mobile: false, waitFor: 2000, timeout: 30000 },
    });
    expect(seen.slice(1).map((s) => s.path)).toEqual(['/v1/crawl/crawl-1', '/v1/crawl/crawl-1', '/v1/crawl/crawl-1?skip=2']);
    expect(output).toMatchObject({ success: true, status: 'completed', completed: 3, total: 3, creditsUsed: 3, expiresAt: '2030-01-01T00:00:00Z' });
    expect((output as { data: unknown[] }).data).toEqual([page(1), page(2), page(3)]);
    expect(context.progressed).toEqual(['Crawled 1 of 3 pages', 'Crawled 3 of 3 pages']);
  });

  it('a node added in the studio asks for the form’s 10 pages; one saved without a limit for 10000 (spec 002 §9)', async () => {
    const added = { ...initialValues(crawlerNode.definition), credentials: 'crawl', url: 'https://site.test/', crawlMode: 'async', webhook: 'https://hooks.example.com/x' };
    expect(initialValues(crawlerNode.definition).crawlLimit).toBe(10);
    await runNode(crawlerNode, added, ctx());
    await runNode(crawlerNode, { credentials: 'crawl', url: 'https://site.test/', crawlMode: 'async', webhook: 'https://hooks.example.com/x' }, ctx());
    expect(seen.map((s) => (s.body as { limit: number }).limit)).toEqual([10, 10000]);
  });

  it('a limit of 0 asks for 10000; async sends the webhook, a flow as its hook URL on this weft', async () => {
    const { output } = await runNode(
      crawlerNode,
      { credentials: 'crawl', url: 'https://site.test/', crawlMode: 'async', crawlLimit: 0, webhook: 'flow:flow_abc', webhookHeaders: { 'x-key': 'k' }, webhookMetadata: '{"a":1}', webhookEvents: ['page', 'completed'], changeTracking: true },
      ctx(),
    );
    expect(output).toEqual({ success: true, id: 'crawl-1', url: `${base}/v1/crawl/crawl-1` });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toMatchObject({
      limit: 10000,
      webhook: { url: 'https://weft.example.com/hook/flow_abc', headers: { 'x-key': 'k' }, metadata: { a: 1 }, events: ['page', 'completed'] },
      scrapeOptions: { formats: ['markdown', 'html', 'changeTracking'] },
    });
  });

  it('the credential host URL wins over the service URL; scrape maps the metadata to outputs', async () => {
    const { output } = await runNode(scraperNode, { credentials: 'crawl', url: 'https://site.test/7', includeTags: 'main, article', mobile: true }, ctx(`${base}/`));
    expect(seen[0]).toMatchObject({ path: '/v1/scrape', authorization: 'Bearer fc-key' });
    expect(seen[0]!.body).toMatchObject({ url: 'https://site.test/7', includeTags: ['main', 'article'], mobile: true, waitFor: 2000, timeout: 30000 });
    expect(output).toMatchObject({ markdown: '# Page 7', title: 'Page 7', description: 'seven', language: 'en', ogTitle: 'Seven', sourceURL: 'https://site.test/7', statusCode: 200 });
  });

  it('batch scrape (sync and async) and map', async () => {
    const sync = await runNode(node, { credentials: 'crawl', mode: 'syncBatchScrape', urls: 'https://site.test/1, https://site.test/2, nope' }, ctx());
    expect(seen[0]).toMatchObject({ path: '/v1/batch/scrape', body: { urls: ['https://site.test/1', 'https://site.test/2', 'nope'], ignoreInvalidURLs: true } });
    expect(sync.output).toMatchObject({ success: true, status: 'completed', completed: 2, total: 2, invalidURLs: ['nope'] });
    seen = [];
    const started = await runNode(node, { credentials: 'crawl', mode: 'asyncBatchScrape', urls: ['https://site.test/1'], webhook: 'https://hooks.example.com/x' }, ctx());
    expect(seen[0]!.body).toMatchObject({ webhook: { url: 'https://hooks.example.com/x', events: ['completed', 'failed', 'page', 'started'] } });
    expect(started.output).toEqual({ success: true, id: 'batch-1', url: `${base}/v1/batch/scrape/batch-1`, invalidURLs: ['nope'] });
    seen = [];
    const mapped = await runNode(node, { credentials: 'crawl', mode: 'mapUrl', url: 'https://site.test/', search: 'docs' }, ctx());
    expect(seen[0]!.body).toEqual({ url: 'https://site.test/', search: 'docs', ignoreSitemap: true, sitemapOnly: false, includeSubdomains: false, limit: 10 });
    expect(mapped.output).toEqual({ success: true, links: ['https://site.test/a', 'https://site.test/b'] });
  });

  it("fails with the service's error, or the node's unknown-error text", async () => {
    failNext = { status: 200, body: { success: false, error: 'Insufficient credits' } };
    await expect(runNode(node, { credentials: 'crawl', mode: 'sync', url: 'https://site.test/' }, ctx())).rejects.toThrow('Insufficient credits');
    failNext = { status: 200, body: { success: false } };
    await expect(runNode(crawlerNode, { credentials: 'crawl', url: 'https://site.test/', crawlMode: 'sync' }, ctx())).rejects.toThrow('Unknown error occurred while performing the crawl');
    failNext = { status: 500, body: { success: false } };
    await expect(runNode(scraperNode, { credentials: 'crawl', url: 'https://site.test/' }, ctx())).rejects.toMatchObject({ message: 'Unknown error occurred while performing the scrape', kind: 'operational' });
    failNext = { status: 200, body: { success: false } };
    await expect(runNode(node, { credentials: 'crawl', mode: 'syncSingleScrape', url: 'https://site.test/' }, ctx())).rejects.toThrow(/^Unknown error$/);
    // a success that holds no page
    failNext = { status: 200, body: { success: true } };
    await expect(runNode(node, { credentials: 'crawl', mode: 'syncSingleScrape', url: 'https://site.test/' }, ctx())).rejects.toMatchObject({ message: 'Unknown error', kind: 'operational' });
    // a job without an id, in a state v1 does not have, or whose pages go round: not polled for ever
    for (const answer of [{ success: true }, { success: true, id: 'crawl-odd' }, { success: true, id: 'crawl-loop' }]) {
      failNext = { status: 200, body: answer };
      await expect(runNode(node, { credentials: 'crawl', mode: 'sync', url: 'https://site.test/' }, ctx())).rejects.toMatchObject({ message: 'Unknown error', kind: 'operational' });
    }
    failNext = { status: 200, body: { success: true, data: 'not a page' } };
    await expect(runNode(scraperNode, { credentials: 'crawl', url: 'https://site.test/' }, ctx())).rejects.toMatchObject({ message: 'Unknown error occurred while performing the scrape', kind: 'operational' });
  });

  it("refuses with the spec's texts before calling", async () => {
    await expect(runNode(node, { credentials: 'crawl', mode: 'async', url: 'https://site.test/' }, ctx())).rejects.toThrow('Webhook is required for async crawl');
    await expect(runNode(node, { credentials: 'crawl', mode: 'asyncBatchScrape', urls: ['https://site.test/'] }, ctx())).rejects.toThrow('Webhook is required for batch scrape');
    await expect(runNode(node, { credentials: 'crawl', mode: 'crawlEverything', url: 'https://site.test/' }, ctx())).rejects.toThrow('Invalid mode: crawlEverything');
    await expect(runNode(node, { credentials: 'crawl', mode: 'sync' }, ctx())).rejects.toThrow('URL is required to perform a crawl');
    expect(seen).toEqual([]);
  });
});
