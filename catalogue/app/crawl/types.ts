/**
 * @module catalogue/app/crawl/types — what the crawler, scraper and crawl-service nodes ask of
 * a crawl engine (spec 002 §3 "Crawl and scrape nodes"), and what it answers, in the crawl
 * service's v1 shapes. Two engines implement it: service-engine.ts (the crawl service's HTTP
 * API, when a `crawlService` credential is given) and local-engine.ts (in-process, no account).
 */

export interface ScrapeOptions {
  onlyMainContent?: boolean;
  skipTlsVerification?: boolean;
  mobile?: boolean;
  /** ms to wait before reading the page */
  waitFor?: number;
  /** ms the page may take */
  timeout?: number;
  includeTags?: string[];
  excludeTags?: string[];
  /** compare each page with its previous crawl */
  changeTracking?: boolean;
}

export interface CrawlOptions {
  /** pages at most */
  limit: number;
  /** link depth below the start URL */
  maxDepth: number;
  maxDiscoveryDepth: number;
  /** crawl the pages the start page links to at all (false: the start page alone) */
  crawlSubPages: boolean;
  includePaths: string[];
  excludePaths: string[];
  ignoreSitemap: boolean;
  allowBackwardLinks: boolean;
  allowExternalLinks: boolean;
  ignoreQueryParameters: boolean;
  /** seconds between requests */
  delay: number;
  scrapeOptions: ScrapeOptions;
}

export interface MapOptions {
  search?: string;
  ignoreSitemap: boolean;
  sitemapOnly: boolean;
  includeSubdomains: boolean;
  limit: number;
}

/** Who hears of an async crawl: a URL (a weft flow's hook URL is called in-process: webhook.ts). */
export interface WebhookSpec {
  url: string;
  headers: Record<string, string>;
  metadata: Record<string, unknown>;
  /** of 'started', 'page', 'completed', 'failed' */
  events: string[];
}

/** A page's metadata (spec 002 §3 scraper outputs). */
export interface PageMetadata {
  title?: string;
  description?: string;
  language?: string;
  ogTitle?: string;
  ogDescription?: string;
  ogImage?: string;
  ogLocaleAlternate?: string[];
  sourceURL: string;
  statusCode: number;
  error?: string;
  [key: string]: unknown;
}

export interface PageDocument {
  markdown?: string;
  html?: string;
  links?: string[];
  metadata: PageMetadata;
  changeTracking?: { changeStatus: 'new' | 'same' | 'changed'; previousScrapeAt?: string | null };
}

/** POST /v1/crawl, POST /v1/batch/scrape: the job started. */
export interface StartedJob {
  success: boolean;
  id: string;
  url: string;
  invalidURLs?: string[];
}

/** GET /v1/crawl/{id} (and batch): the job's state and pages. */
export interface JobStatus {
  success: boolean;
  status: 'scraping' | 'completed' | 'failed' | 'cancelled';
  completed: number;
  total: number;
  creditsUsed: number;
  expiresAt: string;
  data: PageDocument[];
  error?: string;
}

export interface MapResult {
  success: boolean;
  links: string[];
}

/** Counted progress of a sync crawl: pages done of pages found. */
export type ProgressReport = (done: number, total: number) => Promise<void> | void;

export interface CrawlEngine {
  /** a sync crawl, to its end */
  crawl(url: string, options: CrawlOptions, report: ProgressReport): Promise<JobStatus>;
  /** an async crawl: answers at once; the webhook hears its events */
  startCrawl(url: string, options: CrawlOptions, webhook: WebhookSpec): Promise<StartedJob>;
  scrape(url: string, options: ScrapeOptions): Promise<PageDocument>;
  batchScrape(urls: string[], options: ScrapeOptions, report: ProgressReport): Promise<JobStatus & { invalidURLs: string[] }>;
  startBatchScrape(urls: string[], options: ScrapeOptions, webhook: WebhookSpec): Promise<StartedJob>;
  map(url: string, options: MapOptions): Promise<MapResult>;
}
