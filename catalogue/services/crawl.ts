/**
 * @module catalogue/services/crawl — the in-process crawler's limits as the operator set them
 * (`ctx.services.crawl`; WEFT_CRAWL_*, read by runtime/config.ts): the crawl nodes' engines
 * space, bound and poll by them.
 */
import type { CrawlSettings } from '../app/crawl/settings.ts';

export interface CrawlAccess {
  readonly settings: CrawlSettings;
}
