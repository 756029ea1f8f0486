/**
 * @module catalogue/app/crawler-node/run — sync: the crawl to its end with progress (pages done
 * of pages found); async: the crawl started, its events to the webhook (catalogue/app/crawl/).
 */
import { defineNode } from '../../define-node.ts';
import { crawlOptionsOf, engineOf, webhookOf } from '../crawl/options.ts';
import { crawlProgress } from '../crawl/progress.ts';
import { CRAWL_UNKNOWN_ERROR, CRAWL_WEBHOOK_REQUIRED, definition } from './definition.ts';

export default defineNode(definition, async (values, ctx) => {
  const options = crawlOptionsOf(values);
  if (values.crawlMode === 'async') {
    const webhook = webhookOf(values, CRAWL_WEBHOOK_REQUIRED);
    const engine = await engineOf(ctx, values.credentials, CRAWL_UNKNOWN_ERROR);
    const { success, id, url } = await engine.startCrawl(values.url, options, webhook);
    return { output: { success, id, url } };
  }
  const engine = await engineOf(ctx, values.credentials, CRAWL_UNKNOWN_ERROR);
  const { success, status, completed, total, creditsUsed, expiresAt, data } = await engine.crawl(values.url, options, crawlProgress(ctx, 'Crawled'));
  return { output: { success, status, completed, total, creditsUsed, expiresAt, data } };
});
