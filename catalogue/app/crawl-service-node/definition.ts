/**
 * @module catalogue/app/crawl-service-node/definition — every crawl service mode in one node
 * (spec 002 §3 "Combined crawl-service node"): async, sync, asyncBatchScrape, syncBatchScrape,
 * syncSingleScrape, mapUrl.
 */
import type { NodeDefinition } from '../../types.ts';
import { crawlFields, credentialsField, MAP_LIMIT, scrapeFields, webhookFields } from '../crawl/fields.ts';

export const WEBHOOK_FOR_ASYNC_CRAWL = 'Webhook is required for async crawl';
export const WEBHOOK_FOR_BATCH = 'Webhook is required for batch scrape';

const crawling = { actionField: 'mode', actionValue: ['async', 'sync'] } as const;
const scraping = { actionField: 'mode', actionValue: ['async', 'sync', 'asyncBatchScrape', 'syncBatchScrape', 'syncSingleScrape'] } as const;
const withWebhook = { actionField: 'mode', actionValue: ['async', 'asyncBatchScrape'] } as const;
const mapping = { actionField: 'mode', actionValue: ['mapUrl'] } as const;

export const definition = {
  name: 'crawlServiceNode',
  label: 'Crawl Service',
  type: 'dynamicNode',
  category: 'App',
  status: 'Enabled',
  icon: 'compass',
  docs: '/docs/nodes/crawlServiceNode',
  services: ['hooks', 'crawl'],
  description:
    'The crawl service in one node: crawl a site (async to a webhook, or sync), scrape a batch of URLs (async or sync), ' +
    'scrape one page, or map a site’s URLs. With a crawl service credential the service works; without one weft does it in-process.',
  inputs: [
    credentialsField,
    {
      name: 'mode',
      label: 'Mode',
      type: 'select',
      defaultValue: 'async',
      invalidMessage: 'Invalid mode: {value}',
      values: [
        { label: 'Crawl, async (webhook)', value: 'async' },
        { label: 'Crawl, sync', value: 'sync' },
        { label: 'Batch scrape, async (webhook)', value: 'asyncBatchScrape' },
        { label: 'Batch scrape, sync', value: 'syncBatchScrape' },
        { label: 'Scrape one page', value: 'syncSingleScrape' },
        { label: 'Map a site’s URLs', value: 'mapUrl' },
      ],
    },
    {
      name: 'url',
      label: 'URL',
      type: 'template',
      required: true,
      requiredMessage: 'URL is required to perform a crawl',
      placeholder: 'https://example.com/',
      actionField: 'mode',
      actionValue: ['async', 'sync', 'syncSingleScrape', 'mapUrl'],
    },
    {
      name: 'urls',
      label: 'URLs',
      type: 'data',
      required: true,
      description: 'A list of URLs, or comma-separated text.',
      actionField: 'mode',
      actionValue: ['asyncBatchScrape', 'syncBatchScrape'],
    },
    ...webhookFields(withWebhook),
    ...crawlFields(crawling, { actionField: 'mode', actionValue: ['async', 'sync', 'mapUrl'] } as const),
    ...scrapeFields(scraping),
    { name: 'search', label: 'Search', type: 'template', description: 'Only URLs containing this text.', ...mapping },
    { name: 'includeSubdomains', label: 'Include subdomains', type: 'boolean', defaultValue: false, ...mapping },
    { name: 'sitemapOnly', label: 'Sitemap only', type: 'boolean', defaultValue: false, ...mapping },
    { name: 'limit', label: 'Limit', type: 'number', defaultValue: MAP_LIMIT, minValue: 1, maxValue: 30_000, step: 1, description: 'URLs at most.', ...mapping },
  ],
  outputs: [
    { name: 'success', type: 'boolean' },
    { name: 'id', type: 'string', description: 'async modes: the job id' },
    { name: 'url', type: 'string', description: 'async modes: the job’s status URL (in-process: what is crawled)' },
    { name: 'invalidURLs', type: 'array', description: 'batch modes: URLs left out as invalid' },
    { name: 'status', type: 'string' },
    { name: 'completed', type: 'number' },
    { name: 'total', type: 'number' },
    { name: 'creditsUsed', type: 'number' },
    { name: 'expiresAt', type: 'string' },
    { name: 'data', type: 'array', description: 'sync crawl and batch: the pages' },
    { name: 'markdown', type: 'string', description: 'single scrape' },
    { name: 'metadata', type: 'object', description: 'single scrape' },
    { name: 'links', type: 'array', description: 'map: the site’s URLs' },
  ],
  closedOutputs: true,
  metadata: { author: 'weft', tags: ['crawl', 'scrape', 'batch', 'map', 'sitemap', 'website', 'firecrawl'] },
} as const satisfies NodeDefinition;
