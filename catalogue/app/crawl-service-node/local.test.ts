/** The crawl-service node's modes and the scraper on weft's in-process engine, against the loopback test site. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode, testContext } from '../../testing/node-harness.ts';
import { backgroundCrawls } from '../crawl/background.ts';
import { crawlSettingsFrom } from '../crawl/settings.ts';
import { startTestSite, type TestSite } from '../crawl/testing/test-site.ts';
import type { PageDocument } from '../crawl/types.ts';
import scraperNode from '../scraper-node/run.ts';
import node from './run.ts';

let site: TestSite;
// no least delay between two requests to a host
const crawl = { settings: crawlSettingsFrom({ WEFT_CRAWL_MIN_DELAY_MS: '0' }) };
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await site.close();
});

const ctx = () => testContext({ allowOutbound: [site.host], services: { crawl } });

describe('Crawl Service and Scraper, in-process engine', () => {
  it('scrapes one page: markdown, html and the metadata outputs; include tags keep only those parts', async () => {
    const { output } = await runNode(scraperNode, { url: `${site.base}/docs/` }, ctx());
    expect(output).toMatchObject({ title: 'Weft docs', description: 'About Weft docs', language: 'en', ogTitle: 'OG Weft', ogDescription: 'OG about', ogImage: '/img.png', ogLocaleAlternate: ['fr_FR'], sourceURL: `${site.base}/docs/`, statusCode: 200 });
    expect((output as { markdown: string }).markdown).toContain('# Welcome');
    const only = await runNode(scraperNode, { url: `${site.base}/docs/`, includeTags: 'h1' }, ctx());
    expect((only.output as { markdown: string }).markdown).toBe('# Welcome');
    const whole = await runNode(scraperNode, { url: `${site.base}/docs/`, onlyMainContent: false, excludeTags: 'footer' }, ctx());
    expect((whole.output as { markdown: string }).markdown).toContain('[Home]');
    expect((whole.output as { markdown: string }).markdown).not.toContain('footer text');
    await expect(runNode(scraperNode, { url: `${site.base}/docs/loop` }, ctx())).rejects.toThrow(/Unknown error occurred while performing the scrape: .*redirect/i);
  });

  it('single scrape, sync batch (invalid URLs left out), map (sitemap and links, search, limit)', async () => {
    const single = await runNode(node, { mode: 'syncSingleScrape', url: `${site.base}/docs/guide` }, ctx());
    expect(single.output).toMatchObject({ success: true, metadata: { title: 'Guide', statusCode: 200 } });
    const batch = await runNode(node, { mode: 'syncBatchScrape', urls: `${site.base}/docs/guide, not a url, ${site.base}/docs/api` }, ctx());
    const out = batch.output as { data: PageDocument[]; invalidURLs: string[]; completed: number; total: number };
    expect(out.invalidURLs).toEqual(['not a url']);
    expect(out.data.map((p) => p.metadata.title)).toEqual(['Guide', 'API']);
    expect([out.completed, out.total]).toEqual([2, 2]);
    const map = await runNode(node, { mode: 'mapUrl', url: `${site.base}/docs/`, ignoreSitemap: false }, ctx());
    const links = (map.output as { links: string[] }).links;
    expect(links).toContain(`${site.base}/docs/hidden`);
    expect(links).toContain(`${site.base}/docs/guide`);
    expect(links.some((l) => l.includes('external.invalid'))).toBe(false);
    expect(links.length).toBeLessThanOrEqual(10);
    const searched = await runNode(node, { mode: 'mapUrl', url: `${site.base}/docs/`, search: 'guide', limit: 1 }, ctx());
    expect(searched.output).toEqual({ success: true, links: [`${site.base}/docs/guide`] });
  });

  it('async batch scrape tells the webhook of each page', async () => {
    const received: string[] = [];
    const hooks = {
      async call(flowId: string, body: unknown) {
        received.push(`${flowId}:${(body as { type: string }).type}`);
        return { runId: 'run_x' };
      },
    };
    const context = testContext({ allowOutbound: [site.host], services: { hooks, crawl } });
    const { output } = await runNode(node, { mode: 'asyncBatchScrape', urls: [`${site.base}/docs/guide`, `${site.base}/docs/api`], webhook: 'flow:flow_sink' }, context);
    expect(output).toMatchObject({ success: true, invalidURLs: [] });
    await Promise.all(backgroundCrawls());
    expect(received).toEqual(['flow_sink:batch_scrape.started', 'flow_sink:batch_scrape.page', 'flow_sink:batch_scrape.page', 'flow_sink:batch_scrape.completed']);
  });
});
