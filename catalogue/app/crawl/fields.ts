/**
 * @module catalogue/app/crawl/fields — the form fields the crawler, scraper and crawl-service
 * nodes share (spec 002 §3, defaults of §9), browser-safe data. `crawlFields(show)` and
 * `scrapeFields(show)` take the actionField/actionValue that shows them (the crawl-service
 * node shows them by mode).
 */
import type { InputField } from '../../types.ts';

export const WEBHOOK_EVENTS = ['completed', 'failed', 'page', 'started'] as const;
export const CRAWL_FORM_LIMIT = 10;
export const CRAWL_MAX_LIMIT = 10_000;
export const SCRAPE_WAIT_FOR_MS = 2000;
export const SCRAPE_TIMEOUT_MS = 30_000;
export const MAP_LIMIT = 10;

type Show = { actionField: string; actionValue: readonly string[] } | Record<string, never>;

export const credentialsField = {
  name: 'credentials',
  label: 'Credential',
  type: 'credential',
  isCredential: true,
  description:
    'A crawl service credential of the project (API key, optional host URL): the crawl service does the work. Left empty, ' +
    'weft crawls in-process, with no account: it fetches pages itself (honouring robots.txt), without running their JavaScript.',
} as const satisfies InputField;

export function webhookFields<S extends Show>(show: S) {
  return [
    {
      name: 'webhook',
      label: 'Webhook',
      type: 'template',
      placeholder: 'https://example.com/crawl-events or flow:<flowId>',
      description:
        'Who hears of the crawl as it goes: a URL (POSTed JSON events), or a flow of this project with a webhook trigger ' +
        '(flow:<flowId>, or its /hook/<flowId> URL), called as its webhook is.',
      ...show,
    },
    { name: 'webhookHeaders', label: 'Webhook headers', type: 'json', defaultValue: '{}', description: 'A JSON object of headers sent with each event.', ...show },
    { name: 'webhookMetadata', label: 'Webhook metadata', type: 'json', defaultValue: '{}', description: 'A JSON object sent back in each event as metadata.', ...show },
    {
      name: 'webhookEvents',
      label: 'Webhook events',
      type: 'multiSelect',
      defaultValue: [...WEBHOOK_EVENTS],
      values: WEBHOOK_EVENTS.map((e) => ({ label: e, value: e })),
      ...show,
    },
  ] as const satisfies readonly InputField[];
}

/** `sitemapShow`: when Ignore sitemap shows (the crawl-service node's map mode takes it too) */
export function crawlFields<S extends Show, T extends Show = S>(show: S, sitemapShow?: T) {
  return [
    { name: 'crawlSubPages', label: 'Crawl sub-pages', type: 'boolean', defaultValue: true, description: 'Follow the links of the start page; off: the start page alone.', ...show },
    {
      name: 'crawlLimit',
      label: 'Crawl limit',
      type: 'number',
      // spec 002 §9: 10 in the form, 10000 in the payload (a node saved without a limit)
      defaultValue: CRAWL_MAX_LIMIT,
      formDefault: CRAWL_FORM_LIMIT,
      minValue: 0,
      maxValue: CRAWL_MAX_LIMIT,
      step: 1,
      description: `Pages at most; 0 asks for as many as the crawl allows (${CRAWL_MAX_LIMIT}).`,
      ...show,
    },
    { name: 'crawlDepth', label: 'Crawl depth', type: 'number', defaultValue: 1, minValue: 0, maxValue: 100, step: 1, description: 'Path segments below the start URL’s path a page may have.', ...show },
    { name: 'excludePath', label: 'Exclude paths', type: 'text', placeholder: '^/blog/.*, ^/private', description: 'Regular expressions, comma-separated: paths matching one are not crawled.', ...show },
    { name: 'includePath', label: 'Include paths', type: 'text', placeholder: '^/docs/.*', description: 'Regular expressions, comma-separated: only paths matching one are crawled.', ...show },
    { name: 'maxDiscoveryDepth', label: 'Max discovery depth', type: 'number', defaultValue: 1, minValue: 0, maxValue: 100, step: 1, description: 'Links followed from the start page (sitemap pages count as one).', ...show },
    { name: 'ignoreSitemap', label: 'Ignore sitemap', type: 'boolean', defaultValue: true, description: 'Off: the site’s sitemaps (robots.txt Sitemap:, /sitemap.xml) add pages.', ...(sitemapShow ?? show) },
    { name: 'allowBackwardLinks', label: 'Allow backward links', type: 'boolean', defaultValue: false, description: 'Follow links to paths outside the start URL’s path.', ...show },
    { name: 'allowExternalLinks', label: 'Allow external links', type: 'boolean', defaultValue: false, description: 'Follow links to other hosts.', ...show },
    { name: 'ignoreQueryParameters', label: 'Ignore query parameters', type: 'boolean', defaultValue: true, description: 'A path is one page whatever its query.', ...show },
    { name: 'changeTracking', label: 'Change tracking', type: 'boolean', defaultValue: false, description: 'Say of each page whether it changed since the last crawl.', ...show },
    { name: 'delay', label: 'Delay', type: 'number', defaultValue: 0, minValue: 0, maxValue: 60, description: 'Seconds between requests (robots.txt’s Crawl-delay may raise it).', ...show },
  ] as const satisfies readonly InputField[];
}

export function scrapeFields<S extends Show>(show: S) {
  return [
    { name: 'onlyMainContent', label: 'Only main content', type: 'boolean', defaultValue: true, description: 'Leave out navigation, header, footer and asides.', ...show },
    // the spec's spelling
    { name: 'skipTLsVerification', label: 'Skip TLS verification', type: 'boolean', defaultValue: false, description: 'The crawl service only: accept invalid certificates.', ...show },
    { name: 'mobile', label: 'Mobile', type: 'boolean', defaultValue: false, description: 'Ask for the page as a phone would.', ...show },
    { name: 'waitFor', label: 'Wait for', type: 'number', defaultValue: SCRAPE_WAIT_FOR_MS, minValue: 0, maxValue: 60_000, description: 'Milliseconds the crawl service waits for the page’s scripts (weft’s in-process engine runs none).', ...show },
    { name: 'timeout', label: 'Timeout', type: 'number', defaultValue: SCRAPE_TIMEOUT_MS, minValue: 1000, maxValue: 300_000, description: 'Milliseconds a page may take.', ...show },
    { name: 'includeTags', label: 'Include tags', type: 'text', placeholder: 'article, .content', description: 'CSS selectors, comma-separated: only these parts of the page are kept.', ...show },
    { name: 'excludeTags', label: 'Exclude tags', type: 'text', placeholder: 'nav, .ads', description: 'CSS selectors, comma-separated: these parts are removed.', ...show },
  ] as const satisfies readonly InputField[];
}
