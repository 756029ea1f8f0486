import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressDetail } from '../../../contract/run-events.ts';
import { runNode, testContext } from '../../testing/node-harness.ts';
import { backgroundCrawls } from '../crawl/background.ts';
import { crawlSettingsFrom } from '../crawl/settings.ts';
import { startTestSite, type TestSite } from '../crawl/testing/test-site.ts';
import type { PageDocument } from '../crawl/types.ts';
import node from './run.ts';

let site: TestSite;
let hook: Server;
let hookBase = '';
// no least delay between two requests to a host (robots.txt's Crawl-delay still counts)
const crawl = { settings: crawlSettingsFrom({ WEFT_CRAWL_MIN_DELAY_MS: '0' }) };
const events: { headers: Record<string, unknown>; body: { type: string; id: string; data: PageDocument[]; metadata: unknown; success: boolean } }[] = [];

beforeAll(async () => {
  site = await startTestSite({ slowMs: 3000 });
  hook = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      events.push({ headers: req.headers, body: JSON.parse(text) });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((ok) => hook.listen(0, '127.0.0.1', ok));
  hookBase = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await site.close();
  hook.closeAllConnections();
  await new Promise((ok) => hook.close(ok));
});

function ctx() {
  const counted: ProgressDetail[] = [];
  const context = testContext({ allowOutbound: [site.host, new URL(hookBase).host], services: { crawl } });
  context.progress = async (message, detail) => {
    context.progressed.push(message);
    if (detail) counted.push(detail);
  };
  return Object.assign(context, { counted });
}

const sources = (data: PageDocument[]) => data.map((p) => new URL(p.metadata.sourceURL).pathname + new URL(p.metadata.sourceURL).search).sort();

describe('Crawler, in-process engine', () => {
  it('crawls in scope: links and the sitemap, robots.txt obeyed, queries ignored, slow pages and redirect loops kept as failed pages', async () => {
    const context = ctx();
    const { output } = await runNode(
      node,
      { url: `${site.base}/docs/`, crawlMode: 'sync', ignoreSitemap: false, crawlDepth: 2, maxDiscoveryDepth: 2, crawlLimit: 20, timeout: 1000 },
      context,
    );
    const out = output as { success: boolean; status: string; completed: number; total: number; data: PageDocument[]; creditsUsed: number };
    expect(out.success).toBe(true);
    expect(out.status).toBe('completed');
    expect(sources(out.data)).toEqual(['/docs/', '/docs/api', '/docs/guide', '/docs/guide/deeper', '/docs/hidden', '/docs/loop', '/docs/slow']);
    expect(out.completed).toBe(7);
    expect(out.total).toBe(7);
    // robots.txt's Disallow: never asked for; backward and external links not followed
    const asked = site.requests.map((r) => r.path);
    expect(asked).not.toContain('/docs/private/secret');
    expect(asked).not.toContain('/elsewhere');
    expect(asked.filter((p) => p.startsWith('/docs/api'))).toHaveLength(1);
    expect(site.requests.every((r) => r.userAgent.includes('weft'))).toBe(true);
    const start = out.data.find((p) => p.metadata.sourceURL === `${site.base}/docs/`)!;
    expect(start.metadata).toMatchObject({
      title: 'Weft docs', description: 'About Weft docs', language: 'en', ogTitle: 'OG Weft', ogDescription: 'OG about',
      ogImage: '/img.png', ogLocaleAlternate: ['fr_FR'], statusCode: 200,
    });
    expect(start.markdown).toContain('# Welcome');
    expect(start.markdown).not.toContain('footer text');
    expect(start.markdown).not.toContain('var x');
    const guide = out.data.find((p) => p.metadata.sourceURL.endsWith('/docs/guide'))!;
    expect(guide.markdown).toContain('## Install');
    expect(guide.markdown).toMatch(/-\s+one/);
    expect(guide.markdown).toContain(`[Deeper](${site.base}/docs/guide/deeper)`);
    const slow = out.data.find((p) => p.metadata.sourceURL.endsWith('/docs/slow'))!;
    expect(slow.metadata.error).toBe('No answer within 1 s');
    const loop = out.data.find((p) => p.metadata.sourceURL.endsWith('/docs/loop'))!;
    expect(loop.metadata.error).toMatch(/redirect/i);
    // counted progress: pages done of pages found, ending at 7 of 7
    expect(context.counted.at(-1)).toEqual({ done: 7, total: 7 });
    expect(context.counted.every((d) => d.done! <= d.total!)).toBe(true);
    expect(context.progressed.at(-1)).toBe('Crawled 7 of 7 pages');
  }, 20_000);

  it('follows include and exclude paths, backward links when allowed, each query when queries count, and stops at the limit', async () => {
    const included = await runNode(node, { url: `${site.base}/docs/`, crawlMode: 'sync', includePath: '^/docs/guide', crawlDepth: 3, maxDiscoveryDepth: 3 }, ctx());
    expect(sources((included.output as { data: PageDocument[] }).data)).toEqual(['/docs/', '/docs/guide', '/docs/guide/deeper']);
    const excluded = await runNode(node, { url: `${site.base}/docs/`, crawlMode: 'sync', excludePath: 'slow, loop, api', allowBackwardLinks: true, ignoreQueryParameters: false }, ctx());
    expect(sources((excluded.output as { data: PageDocument[] }).data)).toEqual(['/docs/', '/docs/guide', '/elsewhere']);
    const queries = await runNode(node, { url: `${site.base}/docs/`, crawlMode: 'sync', includePath: 'api', ignoreQueryParameters: false }, ctx());
    expect(sources((queries.output as { data: PageDocument[] }).data)).toEqual(['/docs/', '/docs/api?tab=1', '/docs/api?tab=2']);
    const limited = await runNode(node, { url: `${site.base}/docs/`, crawlMode: 'sync', crawlLimit: 2 }, ctx());
    expect((limited.output as { data: PageDocument[] }).data).toHaveLength(2);
    const alone = await runNode(node, { url: `${site.base}/docs/`, crawlMode: 'sync', crawlSubPages: false }, ctx());
    expect(sources((alone.output as { data: PageDocument[] }).data)).toEqual(['/docs/']);
  }, 20_000);

  it('spaces requests to a host by robots.txt Crawl-delay', async () => {
    const slowSite = await startTestSite({ crawlDelaySeconds: 1 });
    try {
      const context = testContext({ allowOutbound: [slowSite.host], services: { crawl } });
      await runNode(node, { url: `${slowSite.base}/docs/`, crawlMode: 'sync', includePath: 'guide|api' }, context);
      const pages = slowSite.requests.filter((r) => r.path.startsWith('/docs/'));
      expect(pages.length).toBe(3);
      for (let i = 1; i < pages.length; i++) expect(pages[i]!.at - pages[i - 1]!.at).toBeGreaterThanOrEqual(950);
    } finally {
      await slowSite.close();
    }
  }, 20_000);

  it('async: answers at once, then tells the webhook started, each page and completed, with its headers and metadata', async () => {
    events.length = 0;
    const { output } = await runNode(
      node,
      {
        url: `${site.base}/docs/`, crawlMode: 'async', webhook: `${hookBase}/events`, webhookHeaders: '{"X-Secret": "s1"}',
        webhookMetadata: { source: 'test' }, includePath: 'guide|api',
      },
      ctx(),
    );
    const started = output as { success: boolean; id: string; url: string };
    expect(started).toMatchObject({ success: true, url: `${site.base}/docs/` });
    await Promise.all(backgroundCrawls());
    expect(events.map((e) => e.body.type)).toEqual(['crawl.started', 'crawl.page', 'crawl.page', 'crawl.page', 'crawl.completed']);
    expect(events.every((e) => e.body.id === started.id && e.headers['x-secret'] === 's1')).toBe(true);
    expect(events[0]!.body.metadata).toEqual({ source: 'test' });
    expect(events.at(-1)!.body.data).toHaveLength(3);

    events.length = 0;
    await runNode(node, { url: `${site.base}/docs/`, crawlMode: 'async', webhook: `${hookBase}/events`, webhookEvents: ['completed'], crawlSubPages: false }, ctx());
    await Promise.all(backgroundCrawls());
    expect(events.map((e) => e.body.type)).toEqual(['crawl.completed']);
  }, 20_000);

  it("refuses with the spec's texts", async () => {
    await expect(runNode(node, { crawlMode: 'sync' }, ctx())).rejects.toThrow('URL is required to perform a crawl');
    await expect(runNode(node, { url: `${site.base}/docs/`, crawlMode: 'async' }, ctx())).rejects.toThrow('Webhook is required to perform an async crawling');
  });
});
