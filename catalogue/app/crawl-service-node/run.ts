/**
 * @module catalogue/app/crawl-service-node/run — each mode through the credential's engine
 * (catalogue/app/crawl/): crawls and batches report pages done of pages found as progress.
 */
import { defineNode } from '../../define-node.ts';
import { userError } from '../../errors.ts';
import { crawlOptionsOf, engineOf, listOf, scrapeOptionsOf, webhookOf } from '../crawl/options.ts';
import { crawlProgress } from '../crawl/progress.ts';
import { testCrawlService } from '../crawl/credential-test.ts';
import { definition, WEBHOOK_FOR_ASYNC_CRAWL, WEBHOOK_FOR_BATCH } from './definition.ts';

const UNKNOWN = 'Unknown error';

export default defineNode(definition, async (values, ctx) => {
  switch (values.mode) {
    case 'async': {
      const webhook = webhookOf(values, WEBHOOK_FOR_ASYNC_CRAWL);
      const engine = await engineOf(ctx, values.credentials, UNKNOWN);
      const { success, id, url } = await engine.startCrawl(urlOf(values.url), crawlOptionsOf(values), webhook);
      return { output: { success, id, url } };
    }
    case 'sync': {
      const engine = await engineOf(ctx, values.credentials, UNKNOWN);
      const { success, status, completed, total, creditsUsed, expiresAt, data } = await engine.crawl(urlOf(values.url), crawlOptionsOf(values), crawlProgress(ctx, 'Crawled'));
      return { output: { success, status, completed, total, creditsUsed, expiresAt, data } };
    }
    case 'asyncBatchScrape': {
      const webhook = webhookOf(values, WEBHOOK_FOR_BATCH);
      const engine = await engineOf(ctx, values.credentials, UNKNOWN);
      const { success, id, url, invalidURLs = [] } = await engine.startBatchScrape(urlsOf(values.urls), scrapeOptionsOf(values), webhook);
      return { output: { success, id, url, invalidURLs } };
    }
    case 'syncBatchScrape': {
      const engine = await engineOf(ctx, values.credentials, UNKNOWN);
      const result = await engine.batchScrape(urlsOf(values.urls), scrapeOptionsOf(values), crawlProgress(ctx, 'Scraped'));
      const { success, status, completed, total, creditsUsed, expiresAt, data, invalidURLs } = result;
      return { output: { success, status, completed, total, creditsUsed, expiresAt, data, invalidURLs } };
    }
    case 'syncSingleScrape': {
      const engine = await engineOf(ctx, values.credentials, UNKNOWN);
      const page = await engine.scrape(urlOf(values.url), scrapeOptionsOf(values));
      return { output: { success: true, markdown: page.markdown ?? '', metadata: page.metadata } };
    }
    case 'mapUrl': {
      const engine = await engineOf(ctx, values.credentials, UNKNOWN);
      const { search, ignoreSitemap, sitemapOnly, includeSubdomains, limit } = values;
      const { success, links } = await engine.map(urlOf(values.url), { search, ignoreSitemap: ignoreSitemap ?? true, sitemapOnly: sitemapOnly ?? false, includeSubdomains: includeSubdomains ?? false, limit: limit ?? 10 });
      return { output: { success, links } };
    }
  }
  // the form's check refuses another mode first (the same text); a flow edited by hand still meets this
  throw userError(`Invalid mode: ${String((values as { mode?: unknown }).mode)}`);
}, { credentialTests: { crawlService: testCrawlService } });

function urlOf(value: string | undefined): string {
  if (!value?.trim()) throw userError('URL is required to perform a crawl');
  return value.trim();
}

/** A list, JSON text of a list, or comma-separated text. */
function urlsOf(value: unknown): string[] {
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      return listOf(JSON.parse(value));
    } catch {
      // not JSON: comma-separated text
    }
  }
  const urls = listOf(value);
  if (!urls.length) throw userError('URLs is required');
  return urls;
}
