/**
 * @module catalogue/app/crawl/options — a node's checked values as engine options, and the
 * engine its credential chooses: the crawl service (a `crawlService` credential: apiKey,
 * hostUrl) or the in-process engine (no credential).
 */
import { userError } from '../../errors.ts';
import type { NodeContext } from '../../types.ts';
import { CRAWL_MAX_LIMIT, WEBHOOK_EVENTS } from './fields.ts';
import { LocalCrawlEngine } from './local-engine.ts';
import { ServiceCrawlEngine } from './service-engine.ts';
import type { CrawlEngine, CrawlOptions, ScrapeOptions, WebhookSpec } from './types.ts';

/** Comma- or newline-separated text (or a list) as a list of non-empty entries. */
export function listOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/[,\n]/) : [];
  return items.map((s) => s.trim()).filter(Boolean);
}

function objectOf(value: unknown, label: string): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {};
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw userError(`${label} must be a JSON object`);
  return parsed as Record<string, unknown>;
}

export interface ScrapeValues {
  onlyMainContent?: boolean;
  skipTLsVerification?: boolean;
  mobile?: boolean;
  waitFor?: number;
  timeout?: number;
  includeTags?: string;
  excludeTags?: string;
}

export interface CrawlValues extends ScrapeValues {
  crawlSubPages?: boolean;
  crawlLimit?: number;
  crawlDepth?: number;
  excludePath?: string;
  includePath?: string;
  maxDiscoveryDepth?: number;
  ignoreSitemap?: boolean;
  allowBackwardLinks?: boolean;
  allowExternalLinks?: boolean;
  ignoreQueryParameters?: boolean;
  changeTracking?: boolean;
  delay?: number;
}

export interface WebhookValues {
  webhook?: string;
  webhookHeaders?: unknown;
  webhookMetadata?: unknown;
  webhookEvents?: readonly string[];
}

export function scrapeOptionsOf(values: ScrapeValues & { changeTracking?: boolean }): ScrapeOptions {
  return {
    onlyMainContent: values.onlyMainContent ?? true,
    skipTlsVerification: values.skipTLsVerification ?? false,
    mobile: values.mobile ?? false,
    waitFor: values.waitFor,
    timeout: values.timeout,
    includeTags: listOf(values.includeTags),
    excludeTags: listOf(values.excludeTags),
    changeTracking: values.changeTracking ?? false,
  };
}

export function crawlOptionsOf(values: CrawlValues): CrawlOptions {
  const limit = values.crawlLimit ? Math.floor(values.crawlLimit) : CRAWL_MAX_LIMIT;
  return {
    limit: Math.min(limit, CRAWL_MAX_LIMIT),
    maxDepth: values.crawlDepth ?? 1,
    maxDiscoveryDepth: values.maxDiscoveryDepth ?? 1,
    crawlSubPages: values.crawlSubPages ?? true,
    includePaths: listOf(values.includePath),
    excludePaths: listOf(values.excludePath),
    ignoreSitemap: values.ignoreSitemap ?? true,
    allowBackwardLinks: values.allowBackwardLinks ?? false,
    allowExternalLinks: values.allowExternalLinks ?? false,
    ignoreQueryParameters: values.ignoreQueryParameters ?? true,
    delay: values.delay ?? 0,
    scrapeOptions: scrapeOptionsOf(values),
  };
}

/** The webhook of an async mode; `missing` is the spec's text for an empty one. */
export function webhookOf(values: WebhookValues, missing: string): WebhookSpec {
  const url = values.webhook?.trim();
  if (!url) throw userError(missing);
  const headers = Object.fromEntries(Object.entries(objectOf(values.webhookHeaders, 'Webhook headers')).map(([k, v]) => [k, String(v)]));
  return { url, headers, metadata: objectOf(values.webhookMetadata, 'Webhook metadata'), events: [...(values.webhookEvents ?? WEBHOOK_EVENTS)] };
}

/**
 * The engine of a node's credential; `unknownError` is the node's spec text for a failure the
 * service does not explain.
 */
export async function engineOf(ctx: NodeContext<'hooks' | 'crawl'>, credential: string | undefined, unknownError: string): Promise<CrawlEngine> {
  const name = credential?.trim();
  const { settings } = ctx.services.crawl;
  if (!name) return new LocalCrawlEngine(ctx, settings);
  const fields = await ctx.credentials.get(name);
  if (typeof fields.apiKey !== 'string' || !fields.apiKey) throw userError(`The credential ${name} has no apiKey (use a crawl service credential)`);
  return new ServiceCrawlEngine(ctx, fields.apiKey, typeof fields.hostUrl === 'string' ? fields.hostUrl : undefined, unknownError, settings);
}
