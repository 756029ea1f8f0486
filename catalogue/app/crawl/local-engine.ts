/**
 * @module catalogue/app/crawl/local-engine — the in-process crawl engine (no account): fetches
 * pages itself through `ctx.http` (fetcher.ts: user agent, robots.txt, politeness), reads
 * sitemaps unless told not to, follows links within the crawl's scope (url-rules.ts), turns
 * pages into markdown and metadata (page.ts). It has no browser: it reads the HTML the server
 * sends (no JavaScript is run, so `waitFor` and `skipTlsVerification` are the crawl service's
 * alone; `mobile` sends a mobile user agent). A page that fails (a timeout, a redirect loop, an
 * error status) is kept with its statusCode and `error` in its metadata.
 */
import { randomUUID } from 'node:crypto';
import { userError } from '../../errors.ts';
import type { NodeContext } from '../../types.ts';
import { startBackground } from './background.ts';
import { PoliteFetcher } from './fetcher.ts';
import { linksOf, pageDocument } from './page.ts';
import type { CrawlSettings } from './settings.ts';
import { sitemapUrls } from './sitemap.ts';
import type { CrawlEngine, CrawlOptions, JobStatus, MapOptions, MapResult, PageDocument, ProgressReport, ScrapeOptions, StartedJob, WebhookSpec } from './types.ts';
import { CrawlScope } from './url-rules.ts';
import { WebhookSender, type JobKind } from './webhook.ts';
import { parse } from 'node-html-parser';

type Ctx = Pick<NodeContext<'hooks'>, 'http' | 'services' | 'serviceUrl' | 'progress' | 'signal'>;

/** Runs `work` over `items` with at most `limit` at once; `items` may grow while it runs. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let active = 0;
  await new Promise<void>((resolve, reject) => {
    const pump = () => {
      if (next >= items.length && active === 0) return resolve();
      while (active < limit && next < items.length) {
        const item = items[next++]!;
        active++;
        work(item).then(() => (active--, pump()), reject);
      }
    };
    pump();
  });
}

function failedPage(url: string, error: string, statusCode = 0): PageDocument {
  return { metadata: { sourceURL: url, statusCode, error } };
}

/** A start URL must be an http(s) URL: the builder's to mend otherwise. */
function startUrl(url: string): void {
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) throw userError(`Invalid URL: ${url}`);
}

export class LocalCrawlEngine implements CrawlEngine {
  constructor(
    private readonly ctx: Ctx,
    private readonly settings: CrawlSettings,
  ) {}

  private fetcher(options: { delaySeconds?: number; timeoutMs?: number; mobile?: boolean }): PoliteFetcher {
    return new PoliteFetcher(this.ctx.http, this.settings, { delaySeconds: options.delaySeconds ?? 0, timeoutMs: options.timeoutMs, mobile: options.mobile, signal: this.ctx.signal });
  }

  private async scrapeWith(fetcher: PoliteFetcher, url: string, options: ScrapeOptions): Promise<PageDocument> {
    if (!URL.canParse(url)) return failedPage(url, 'Invalid URL');
    if (!(await fetcher.allowed(url))) return failedPage(url, 'Disallowed by robots.txt', 403);
    const fetched = await fetcher.fetch(url);
    if ('error' in fetched) return failedPage(url, fetched.error);
    const doc = pageDocument({ html: fetched.text, url: fetched.url, statusCode: fetched.status, contentType: fetched.contentType }, options);
    if (fetched.status >= 400) doc.metadata.error = `${fetched.status}`;
    if (options.changeTracking) doc.changeTracking = { changeStatus: 'new', previousScrapeAt: null };
    return doc;
  }

  async scrape(url: string, options: ScrapeOptions): Promise<PageDocument> {
    startUrl(url);
    const doc = await this.scrapeWith(this.fetcher(options), url, options);
    const { links: _links, ...rest } = doc;
    return rest;
  }

  /** The crawl itself; `onPage` hears each page as it is done. */
  private async run(url: string, options: CrawlOptions, report: ProgressReport, onPage?: (doc: PageDocument) => Promise<void>): Promise<JobStatus> {
    startUrl(url);
    const scope = new CrawlScope(url, options);
    const fetcher = this.fetcher({ delaySeconds: options.delay, timeoutMs: options.scrapeOptions.timeout, mobile: options.scrapeOptions.mobile });
    const queue: { url: string; hops: number }[] = [{ url, hops: 0 }];
    const seen = new Set([scope.key(url)]);
    // URLs robots.txt refuses: never fetched, not counted as found
    let refused = 0;
    const found = () => queue.length - refused;
    const add = (link: string, hops: number) => {
      if (found() >= options.limit || scope.refusal(link)) return;
      const key = scope.key(link);
      if (seen.has(key)) return;
      seen.add(key);
      queue.push({ url: options.ignoreQueryParameters ? key : link, hops });
    };
    if (options.crawlSubPages && !options.ignoreSitemap) for (const link of await sitemapUrls(fetcher, url, options.limit)) add(link, 1);
    const pages: PageDocument[] = [];
    await report(0, found());
    await pool(queue, this.settings.concurrency, async (item) => {
      const doc = await this.scrapeWith(fetcher, item.url, options.scrapeOptions);
      if (doc.metadata.statusCode === 403 && doc.metadata.error === 'Disallowed by robots.txt') {
        refused++;
      } else {
        const { links = [], ...page } = doc;
        if (options.crawlSubPages && item.hops < options.maxDiscoveryDepth) for (const link of links) add(link, item.hops + 1);
        pages.push(page);
        await onPage?.(page);
      }
      await report(pages.length, found());
    });
    return { success: true, status: 'completed', completed: pages.length, total: pages.length, creditsUsed: 0, expiresAt: new Date(Date.now() + 24 * 3600_000).toISOString(), data: pages };
  }

  crawl(url: string, options: CrawlOptions, report: ProgressReport): Promise<JobStatus> {
    return this.run(url, options, report);
  }

  private startJob(kind: JobKind, url: string, webhook: WebhookSpec, work: (sender: WebhookSender) => Promise<unknown>): StartedJob {
    const id = randomUUID();
    const sender = new WebhookSender(this.ctx, webhook, kind, id);
    startBackground(id, this.settings.maxBackground, async () => {
      await sender.send('started');
      try {
        const result = (await work(sender)) as JobStatus;
        await sender.send('completed', result.data);
      } catch (error) {
        await sender.send('failed', [], error instanceof Error ? error.message : 'Unknown error');
      }
    });
    return { success: true, id, url };
  }

  async startCrawl(url: string, options: CrawlOptions, webhook: WebhookSpec): Promise<StartedJob> {
    startUrl(url);
    return this.startJob('crawl', url, webhook, (sender) => this.run(url, options, () => {}, (page) => sender.send('page', [page])));
  }

  private validUrls(urls: string[]): { valid: string[]; invalidURLs: string[] } {
    const valid: string[] = [];
    const invalidURLs: string[] = [];
    for (const url of urls) (/^https?:\/\/[^/\s]+/i.test(url) && URL.canParse(url) ? valid : invalidURLs).push(url);
    return { valid, invalidURLs };
  }

  private async batch(urls: string[], options: ScrapeOptions, report: ProgressReport, onPage?: (doc: PageDocument) => Promise<void>): Promise<JobStatus> {
    const fetcher = this.fetcher(options);
    const data: PageDocument[] = new Array(urls.length);
    let done = 0;
    await report(0, urls.length);
    await pool(urls.map((url, i) => ({ url, i })), this.settings.concurrency, async ({ url, i }) => {
      const { links: _links, ...page } = await this.scrapeWith(fetcher, url, options);
      data[i] = page;
      await onPage?.(page);
      await report(++done, urls.length);
    });
    return { success: true, status: 'completed', completed: done, total: urls.length, creditsUsed: 0, expiresAt: new Date(Date.now() + 24 * 3600_000).toISOString(), data };
  }

  async batchScrape(urls: string[], options: ScrapeOptions, report: ProgressReport): Promise<JobStatus & { invalidURLs: string[] }> {
    const { valid, invalidURLs } = this.validUrls(urls);
    return { ...(await this.batch(valid, options, report)), invalidURLs };
  }

  async startBatchScrape(urls: string[], options: ScrapeOptions, webhook: WebhookSpec): Promise<StartedJob> {
    const { valid, invalidURLs } = this.validUrls(urls);
    const started = this.startJob('batch_scrape', valid[0] ?? '', webhook, (sender) => this.batch(valid, options, () => {}, (page) => sender.send('page', [page])));
    return { ...started, url: valid.join(','), invalidURLs };
  }

  /** The site's URLs: its sitemaps, then the links of its start page; `search` keeps those containing it. */
  async map(url: string, options: MapOptions): Promise<MapResult> {
    startUrl(url);
    const start = new URL(url);
    const fetcher = this.fetcher({});
    const sameSite = (link: string) => {
      const host = new URL(link).hostname;
      return host === start.hostname || (options.includeSubdomains && host.endsWith(`.${start.hostname.replace(/^www\./, '')}`));
    };
    const found = new Set<string>();
    if (!options.ignoreSitemap) for (const link of await sitemapUrls(fetcher, url, options.limit * 10)) found.add(link);
    if (!options.sitemapOnly && (await fetcher.allowed(url))) {
      const page = await fetcher.fetch(url);
      found.add(url);
      if (!('error' in page)) for (const link of linksOf(parse(page.text), page.url)) found.add(link);
    }
    const search = options.search?.trim().toLowerCase();
    const links = [...found].filter((link) => URL.canParse(link) && sameSite(link) && (!search || link.toLowerCase().includes(search)));
    return { success: true, links: links.slice(0, options.limit) };
  }
}
