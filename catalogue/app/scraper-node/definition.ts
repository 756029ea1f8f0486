/** @module catalogue/app/scraper-node/definition — one page as markdown and metadata (spec 002 §3 "Scraper node"). */
import type { NodeDefinition } from '../../types.ts';
import { credentialsField, scrapeFields } from '../crawl/fields.ts';

export const SCRAPE_UNKNOWN_ERROR = 'Unknown error occurred while performing the scrape';

export const definition = {
  name: 'scraperNode',
  label: 'Scraper',
  type: 'dynamicNode',
  category: 'App',
  status: 'Enabled',
  icon: 'globe',
  docs: '/docs/nodes/scraperNode',
  services: ['hooks', 'crawl'],
  description:
    'Reads one web page: its content as markdown and HTML, and its title, description, language and og fields. With a ' +
    'crawl service credential the service scrapes (POST /v1/scrape); without one weft fetches the page itself.',
  inputs: [credentialsField, { name: 'url', label: 'URL', type: 'template', required: true, placeholder: 'https://example.com/pricing' }, ...scrapeFields({})],
  outputs: [
    { name: 'markdown', type: 'string' },
    { name: 'html', type: 'string' },
    { name: 'title', type: 'string' },
    { name: 'description', type: 'string' },
    { name: 'language', type: 'string' },
    { name: 'ogTitle', type: 'string' },
    { name: 'ogDescription', type: 'string' },
    { name: 'ogImage', type: 'string' },
    { name: 'ogLocaleAlternate', type: 'array' },
    { name: 'sourceURL', type: 'string' },
    { name: 'statusCode', type: 'number' },
  ],
  closedOutputs: true,
  metadata: { author: 'weft', tags: ['scrape', 'scraper', 'web page', 'html', 'markdown', 'fetch', 'firecrawl'] },
} as const satisfies NodeDefinition;
