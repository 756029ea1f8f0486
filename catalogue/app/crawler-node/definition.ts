/** @module catalogue/app/crawler-node/definition — crawl a site (spec 002 §3 "Crawler node"). */
import type { NodeDefinition } from '../../types.ts';
import { crawlFields, credentialsField, scrapeFields, webhookFields } from '../crawl/fields.ts';

export const CRAWL_URL_REQUIRED = 'URL is required to perform a crawl';
export const CRAWL_WEBHOOK_REQUIRED = 'Webhook is required to perform an async crawling';
export const CRAWL_UNKNOWN_ERROR = 'Unknown error occurred while performing the crawl';

const asyncOnly = { actionField: 'crawlMode', actionValue: ['async'] } as const;

export const definition = {
  name: 'crawlerNode',
  label: 'Crawler',
  type: 'dynamicNode',
  category: 'App',
  status: 'Enabled',
  icon: 'compass',
  docs: '/docs/nodes/crawlerNode',
  services: ['hooks', 'crawl'],
  description:
    'Crawls a website from a URL: its pages as markdown with their metadata. Sync waits for the crawl and outputs its ' +
    'pages; async answers at once with the crawl id and tells the webhook (a URL or a flow) as pages come. With a crawl ' +
    'service credential the service crawls; without one weft crawls in-process (robots.txt honoured, no JavaScript run).',
  inputs: [
    credentialsField,
    { name: 'url', label: 'URL', type: 'template', required: true, requiredMessage: CRAWL_URL_REQUIRED, placeholder: 'https://example.com/docs/' },
    {
      name: 'crawlMode',
      label: 'Crawl mode',
      type: 'select',
      defaultValue: 'async',
      values: [
        { label: 'Async (results go to the webhook)', value: 'async' },
        { label: 'Sync (wait for the pages)', value: 'sync' },
      ],
    },
    ...webhookFields(asyncOnly),
    ...crawlFields({}),
    ...scrapeFields({}),
  ],
  outputs: [
    { name: 'success', type: 'boolean' },
    { name: 'id', type: 'string', description: 'async: the crawl id' },
    { name: 'url', type: 'string', description: 'async: the crawl service’s status URL for the crawl (in-process: the URL crawled)' },
    { name: 'status', type: 'string', description: 'sync: completed' },
    { name: 'completed', type: 'number', description: 'sync: pages crawled' },
    { name: 'total', type: 'number', description: 'sync: pages found' },
    { name: 'creditsUsed', type: 'number', description: 'sync: the service’s credits (0 in-process)' },
    { name: 'expiresAt', type: 'string', description: 'sync: when the service forgets the crawl' },
    { name: 'data', type: 'array', description: 'sync: the pages, each {markdown, html, metadata: {title, description, language, ogTitle, …, sourceURL, statusCode}}' },
  ],
  closedOutputs: true,
  metadata: { author: 'weft', tags: ['crawl', 'crawler', 'spider', 'website', 'scrape', 'firecrawl', 'sitemap', 'pages'] },
} as const satisfies NodeDefinition;
