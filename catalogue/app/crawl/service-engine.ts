/**
 * @module catalogue/app/crawl/service-engine — the crawl service's HTTP API (spec 002 §7; the
 * documented v1 API): `POST {base}/v1/crawl`, `GET /v1/crawl/{id}` (followed through `next`),
 * `POST /v1/scrape`, `POST /v1/batch/scrape`, `GET /v1/batch/scrape/{id}`, `POST /v1/map`, each
 * with `Authorization: Bearer <apiKey>`. `base` is the credential's hostUrl, else
 * `ctx.serviceUrl('crawlService')`. Sync modes start the job and ask for its state every
 * WEFT_CRAWL_POLL_MS until it is completed or failed. An answer with success false fails the
 * node with the service's error (the node's spec text, e.g. 'Unknown error', when it gives none).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { isNodeError, kindOfStatus, NodeError, operationalError, userError } from '../../errors.ts';
import { outboundError, statusError } from '../../outbound.ts';
import type { NodeContext } from '../../types.ts';
import type { CrawlSettings } from './settings.ts';
import type { CrawlEngine, CrawlOptions, JobStatus, MapOptions, MapResult, PageDocument, ProgressReport, ScrapeOptions, StartedJob, WebhookSpec } from './types.ts';
import { webhookUrl } from './webhook.ts';

type Ctx = Pick<NodeContext, 'http' | 'serviceUrl' | 'signal'>;

/** the states of a v1 crawl or batch-scrape job */
const JOB_STATES = new Set<unknown>(['scraping', 'completed', 'failed', 'cancelled']);

/** The v1 scrape options: markdown and HTML, the node's switches. */
export function scrapeBody(options: ScrapeOptions): Record<string, unknown> {
  const body: Record<string, unknown> = {
    formats: ['markdown', 'html', ...(options.changeTracking ? ['changeTracking'] : [])],
    onlyMainContent: options.onlyMainContent,
    skipTlsVerification: options.skipTlsVerification,
    mobile: options.mobile,
    waitFor: options.waitFor,
    timeout: options.timeout,
    includeTags: options.includeTags?.length ? options.includeTags : undefined,
    excludeTags: options.excludeTags?.length ? options.excludeTags : undefined,
  };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
}

export class ServiceCrawlEngine implements CrawlEngine {
  private readonly base: string;

  constructor(
    private readonly ctx: Ctx,
    private readonly apiKey: string,
    hostUrl: string | undefined,
    /** the node's text for a failure the service does not explain */
    private readonly unknownError: string,
    private readonly settings: CrawlSettings,
  ) {
    this.base = (hostUrl?.trim() || ctx.serviceUrl('crawlService')).replace(/\/+$/, '');
  }

  private webhookBody(webhook: WebhookSpec): Record<string, unknown> {
    return { url: webhookUrl(webhook.url, this.ctx.serviceUrl('weft')), headers: webhook.headers, metadata: webhook.metadata, events: webhook.events };
  }

  /** One call; the parsed answer, or the node's error (the service's own `error` when it gives one). */
  private async call<T>(method: 'GET' | 'POST', pathOrUrl: string, body?: unknown): Promise<T> {
    let response;
    try {
      response = await this.ctx.http.request({
        url: pathOrUrl.startsWith('http') ? pathOrUrl : `${this.base}${pathOrUrl}`,
        method,
        headers: { authorization: `Bearer ${this.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      if (this.ctx.signal.aborted || !isNodeError(error)) throw error;
      throw outboundError(this.unknownError, error);
    }
    let parsed: { success?: boolean; error?: unknown } & Record<string, unknown>;
    try {
      parsed = JSON.parse(response.text());
    } catch {
      throw response.ok ? operationalError(this.unknownError) : statusError(this.unknownError, response);
    }
    if (!response.ok || parsed.success === false) {
      const message = typeof parsed.error === 'string' && parsed.error ? parsed.error : this.unknownError;
      throw response.ok ? userError(message) : new NodeError(message, kindOfStatus(response.status));
    }
    return parsed as T;
  }

  private crawlBody(url: string, options: CrawlOptions): Record<string, unknown> {
    return {
      url,
      limit: options.crawlSubPages ? options.limit : 1,
      maxDepth: options.maxDepth,
      maxDiscoveryDepth: options.maxDiscoveryDepth,
      includePaths: options.includePaths,
      excludePaths: options.excludePaths,
      ignoreSitemap: options.ignoreSitemap,
      allowBackwardLinks: options.allowBackwardLinks,
      allowExternalLinks: options.allowExternalLinks,
      ignoreQueryParameters: options.ignoreQueryParameters,
      delay: options.delay,
      scrapeOptions: scrapeBody(options.scrapeOptions),
    };
  }

  /**
   * Ask for a job's state until it ends; pages of every `next` page joined. A state the v1 API
   * does not have, or a `next` page asked for before, is the service's fault: 'Unknown error'
   * (operational), rather than asking for ever.
   */
  private async follow(path: string, report: ProgressReport): Promise<JobStatus> {
    for (;;) {
      const status = await this.call<JobStatus & { next?: string }>('GET', path);
      if (!JOB_STATES.has(status.status)) throw operationalError(this.unknownError);
      await report(status.completed ?? 0, status.total ?? 0);
      if (status.status === 'failed' || status.status === 'cancelled') throw userError(status.error || this.unknownError);
      if (status.status === 'completed') {
        const data: PageDocument[] = [...(status.data ?? [])];
        const asked = new Set<string>();
        let next = status.next;
        while (next) {
          if (asked.has(next)) throw operationalError(this.unknownError);
          asked.add(next);
          const more = await this.call<{ data?: PageDocument[]; next?: string }>('GET', next);
          data.push(...(more.data ?? []));
          next = more.next;
        }
        const { next: _next, ...rest } = status;
        return { ...rest, data };
      }
      await sleep(this.settings.pollMs, undefined, { signal: this.ctx.signal });
    }
  }

  /** a started job's id; an answer without one is the service's fault */
  private jobId(started: StartedJob): string {
    if (typeof started.id !== 'string' || !started.id) throw operationalError(this.unknownError);
    return started.id;
  }

  async crawl(url: string, options: CrawlOptions, report: ProgressReport): Promise<JobStatus> {
    const started = await this.call<StartedJob>('POST', '/v1/crawl', this.crawlBody(url, options));
    return this.follow(`/v1/crawl/${encodeURIComponent(this.jobId(started))}`, report);
  }

  startCrawl(url: string, options: CrawlOptions, webhook: WebhookSpec): Promise<StartedJob> {
    return this.call<StartedJob>('POST', '/v1/crawl', { ...this.crawlBody(url, options), webhook: this.webhookBody(webhook) });
  }

  async scrape(url: string, options: ScrapeOptions): Promise<PageDocument> {
    const answer = await this.call<{ data?: PageDocument }>('POST', '/v1/scrape', { url, ...scrapeBody(options) });
    // a success without the page is the service's fault, not the flow's
    if (!answer.data || typeof answer.data !== 'object') throw operationalError(this.unknownError);
    return answer.data;
  }

  async batchScrape(urls: string[], options: ScrapeOptions, report: ProgressReport): Promise<JobStatus & { invalidURLs: string[] }> {
    const started = await this.call<StartedJob>('POST', '/v1/batch/scrape', { urls, ignoreInvalidURLs: true, ...scrapeBody(options) });
    const status = await this.follow(`/v1/batch/scrape/${encodeURIComponent(this.jobId(started))}`, report);
    return { ...status, invalidURLs: started.invalidURLs ?? [] };
  }

  startBatchScrape(urls: string[], options: ScrapeOptions, webhook: WebhookSpec): Promise<StartedJob> {
    return this.call<StartedJob>('POST', '/v1/batch/scrape', { urls, ignoreInvalidURLs: true, webhook: this.webhookBody(webhook), ...scrapeBody(options) });
  }

  map(url: string, options: MapOptions): Promise<MapResult> {
    const body: Record<string, unknown> = { url, ignoreSitemap: options.ignoreSitemap, sitemapOnly: options.sitemapOnly, includeSubdomains: options.includeSubdomains, limit: options.limit };
    if (options.search?.trim()) body.search = options.search.trim();
    return this.call<MapResult>('POST', '/v1/map', body);
  }
}
