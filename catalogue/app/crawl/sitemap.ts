/**
 * @module catalogue/app/crawl/sitemap — the URLs a site's sitemaps list: the Sitemap: lines of
 * its robots.txt, else /sitemap.xml; a sitemap index is followed one level down (at most
 * MAX_SITEMAPS files). Parsed with fast-xml-parser (entities not expanded).
 */
import { XMLParser } from 'fast-xml-parser';
import type { PoliteFetcher } from './fetcher.ts';

const MAX_SITEMAPS = 20;
const parser = new XMLParser({ ignoreAttributes: true, processEntities: false, isArray: (name) => name === 'url' || name === 'sitemap' });

interface Parsed {
  urlset?: { url?: { loc?: unknown }[] };
  sitemapindex?: { sitemap?: { loc?: unknown }[] };
}

function locs(entries: { loc?: unknown }[] | undefined): string[] {
  return (entries ?? []).map((e) => (typeof e.loc === 'string' ? e.loc.trim() : '')).filter(Boolean);
}

function absolute(url: string, base: string): string | undefined {
  try {
    return new URL(url, base).href;
  } catch {
    return undefined;
  }
}

export async function sitemapUrls(fetcher: PoliteFetcher, startUrl: string, max: number): Promise<string[]> {
  const declared = await fetcher.sitemapsOf(startUrl);
  const pending = declared.length ? declared : [`${new URL(startUrl).origin}/sitemap.xml`];
  const urls: string[] = [];
  let read = 0;
  while (pending.length && read < MAX_SITEMAPS && urls.length < max) {
    const next = absolute(pending.shift()!, startUrl);
    if (!next) continue;
    const file = await fetcher.fetchResource(next);
    read++;
    if (!file) continue;
    let parsed: Parsed;
    try {
      parsed = parser.parse(file.text) as Parsed;
    } catch {
      continue;
    }
    urls.push(...locs(parsed.urlset?.url).map((loc) => absolute(loc, file.url)).filter((u): u is string => !!u));
    pending.push(...locs(parsed.sitemapindex?.sitemap));
  }
  return urls.slice(0, max);
}
