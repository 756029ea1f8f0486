/** @module catalogue/app/scraper-node/run — one page through the credential's engine (catalogue/app/crawl/). */
import { defineNode } from '../../define-node.ts';
import { userError } from '../../errors.ts';
import { engineOf, scrapeOptionsOf } from '../crawl/options.ts';
import { definition, SCRAPE_UNKNOWN_ERROR } from './definition.ts';

export default defineNode(definition, async (values, ctx) => {
  const engine = await engineOf(ctx, values.credentials, SCRAPE_UNKNOWN_ERROR);
  const page = await engine.scrape(values.url, scrapeOptionsOf(values));
  const { metadata } = page;
  if (!page.markdown && !page.html && metadata?.error) throw userError(`${SCRAPE_UNKNOWN_ERROR}: ${metadata.error}`);
  return {
    output: {
      markdown: page.markdown ?? '',
      html: page.html ?? '',
      title: metadata?.title ?? '',
      description: metadata?.description ?? '',
      language: metadata?.language ?? '',
      ogTitle: metadata?.ogTitle ?? '',
      ogDescription: metadata?.ogDescription ?? '',
      ogImage: metadata?.ogImage ?? '',
      ogLocaleAlternate: metadata?.ogLocaleAlternate ?? [],
      sourceURL: metadata?.sourceURL ?? values.url,
      statusCode: metadata?.statusCode ?? 0,
    },
  };
});
