/**
 * @module catalogue/app/crawl/settings — the in-process crawler's politeness and concurrency
 * limits, read by runtime/config.ts and handed to the crawl nodes as `ctx.services.crawl`
 * (docs/ai.md, "Crawler, Scraper, Crawl Service"):
 * - WEFT_CRAWL_CONCURRENCY: pages fetched at once by one crawl (default 4; 1..16). Requests
 *   to one host are always spaced by the politeness delay, so this helps crawls across hosts
 *   and pages that answer slowly.
 * - WEFT_CRAWL_MIN_DELAY_MS: the least time between two requests to one host (default 250 ms);
 *   robots.txt's Crawl-delay and the node's delay raise it, never lower it.
 * - WEFT_CRAWL_MAX_BACKGROUND: async crawls one process runs at once (default 8); more are
 *   refused with an operational error (retry later).
 * - WEFT_CRAWL_MAX_CRAWL_DELAY_S: a robots.txt Crawl-delay above this is capped to it (default 10 s).
 * - WEFT_CRAWL_POLL_MS: how often a sync crawl asks the crawl service how far it is (default 2000 ms).
 */
export const CRAWLER_USER_AGENT = 'weft-crawler/0.1 (a weft workflow crawling on behalf of its builder)';
/** the robots.txt user-agent token the crawler obeys (and `*`) */
export const CRAWLER_TOKEN = 'weft-crawler';

export interface CrawlSettings {
  concurrency: number;
  minDelayMs: number;
  maxBackground: number;
  maxCrawlDelaySeconds: number;
  pollMs: number;
}

function intFrom(value: string | undefined, fallback: number, min: number, max: number): number {
  const n = value === undefined || value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.floor(n))) : fallback;
}

export function crawlSettingsFrom(env: Record<string, string | undefined>): CrawlSettings {
  return {
    concurrency: intFrom(env.WEFT_CRAWL_CONCURRENCY, 4, 1, 16),
    minDelayMs: intFrom(env.WEFT_CRAWL_MIN_DELAY_MS, 250, 0, 60_000),
    maxBackground: intFrom(env.WEFT_CRAWL_MAX_BACKGROUND, 8, 1, 1000),
    maxCrawlDelaySeconds: intFrom(env.WEFT_CRAWL_MAX_CRAWL_DELAY_S, 10, 0, 300),
    pollMs: intFrom(env.WEFT_CRAWL_POLL_MS, 2000, 10, 60_000),
  };
}
