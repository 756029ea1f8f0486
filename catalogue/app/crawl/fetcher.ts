/**
 * @module catalogue/app/crawl/fetcher — the in-process crawler's requests, through the node's
 * `ctx.http` (address policy, Idempotency-Key, size limit): its user agent, robots.txt per
 * origin (robots-parser: Allow/Disallow and Crawl-delay for `weft-crawler` or `*`), and the
 * politeness gate that spaces requests to one host by max(settings' least delay, the node's
 * delay, robots' Crawl-delay).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import robotsParser from 'robots-parser';
import { isNodeError } from '../../errors.ts';
import type { OutboundClient } from '../../outbound.ts';
import { CRAWLER_TOKEN, CRAWLER_USER_AGENT, type CrawlSettings } from './settings.ts';

type Robots = ReturnType<typeof robotsParser>;

export interface Fetched {
  url: string;
  status: number;
  contentType: string;
  text: string;
}

export interface FetchFailure {
  url: string;
  error: string;
}

const MOBILE = ' Mobile';

export class PoliteFetcher {
  private readonly robots = new Map<string, Promise<Robots | undefined>>();
  private readonly nextAt = new Map<string, number>();

  constructor(
    private readonly http: OutboundClient,
    private readonly settings: CrawlSettings,
    private readonly options: { delaySeconds: number; timeoutMs?: number; mobile?: boolean; signal?: AbortSignal },
  ) {}

  private robotsOf(url: URL): Promise<Robots | undefined> {
    let found = this.robots.get(url.origin);
    if (!found) {
      const robotsUrl = `${url.origin}/robots.txt`;
      found = this.get(robotsUrl, 10_000)
        .then((r) => (r.status >= 200 && r.status < 300 ? robotsParser(robotsUrl, r.text) : robotsParser(robotsUrl, '')))
        // no robots.txt to read: everything allowed
        .catch(() => undefined);
      this.robots.set(url.origin, found);
    }
    return found;
  }

  /** robots.txt allows the crawler this URL */
  async allowed(url: string): Promise<boolean> {
    const robots = await this.robotsOf(new URL(url));
    return robots?.isAllowed(url, CRAWLER_TOKEN) ?? true;
  }

  /** the Sitemap: lines of the origin's robots.txt */
  async sitemapsOf(url: string): Promise<string[]> {
    return (await this.robotsOf(new URL(url)))?.getSitemaps() ?? [];
  }

  private async delayMsOf(url: URL): Promise<number> {
    const robotsDelay = (await this.robotsOf(url))?.getCrawlDelay(CRAWLER_TOKEN) ?? 0;
    const capped = Math.min(robotsDelay, this.settings.maxCrawlDelaySeconds);
    return Math.max(this.settings.minDelayMs, this.options.delaySeconds * 1000, capped * 1000);
  }

  /** Wait for this host's turn, then take it (each caller reserves its own slot). */
  private async turn(url: URL): Promise<void> {
    const gap = await this.delayMsOf(url);
    const now = Date.now();
    const at = Math.max(now, this.nextAt.get(url.host) ?? 0);
    this.nextAt.set(url.host, at + gap);
    if (at > now) await sleep(at - now, undefined, { signal: this.options.signal });
  }

  private async get(url: string, timeoutMs: number): Promise<Fetched> {
    const response = await this.http.request({
      url,
      method: 'GET',
      headers: { 'user-agent': CRAWLER_USER_AGENT + (this.options.mobile ? MOBILE : ''), accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      timeoutSeconds: Math.min(300, Math.max(1, Math.ceil(timeoutMs / 1000))),
      signal: this.options.signal,
    });
    return { url: response.url || url, status: response.status, contentType: response.headers['content-type'] ?? '', text: response.text() };
  }

  /** One page, politely; a refused, failed or timed-out request is a FetchFailure, never a throw (a cancelled run still throws). */
  async fetch(url: string): Promise<Fetched | FetchFailure> {
    await this.turn(new URL(url));
    try {
      return await this.get(url, this.options.timeoutMs ?? 30_000);
    } catch (error) {
      if (this.options.signal?.aborted || !isNodeError(error)) throw error;
      return { url, error: error.message };
    }
  }

  /** A resource outside the politeness gate's page count (a sitemap), still spaced. */
  async fetchResource(url: string): Promise<Fetched | undefined> {
    const result = await this.fetch(url);
    return 'error' in result || result.status < 200 || result.status >= 300 ? undefined : result;
  }
}
