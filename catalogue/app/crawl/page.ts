/**
 * @module catalogue/app/crawl/page — one fetched HTML page as the crawl service answers it:
 * markdown (turndown), the cleaned HTML, the links it holds and the spec's metadata (title,
 * description, language, og fields, sourceURL, statusCode). The HTML is parsed with
 * node-html-parser; scripts, styles and the tags the node excludes are removed, and with
 * onlyMainContent the page's main/article element is kept (navigation, header, footer, aside dropped).
 */
import { parse, type HTMLElement } from 'node-html-parser';
import TurndownService from 'turndown';
import type { PageDocument, PageMetadata, ScrapeOptions } from './types.ts';

const ALWAYS_REMOVED = ['script', 'style', 'noscript', 'template', 'iframe', 'svg', 'canvas'];
const NOT_MAIN = ['nav', 'header', 'footer', 'aside', '[role=navigation]', '[role=banner]', '[role=contentinfo]'];

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });

function meta(root: HTMLElement, key: string): string | undefined {
  const el = root.querySelector(`meta[name="${key}"]`) ?? root.querySelector(`meta[property="${key}"]`);
  const content = el?.getAttribute('content')?.trim();
  return content || undefined;
}

export function metadataOf(root: HTMLElement, sourceURL: string, statusCode: number): PageMetadata {
  const title = root.querySelector('title')?.text.trim() || meta(root, 'og:title');
  const alternates = root.querySelectorAll('meta[property="og:locale:alternate"]').map((el) => el.getAttribute('content') ?? '').filter(Boolean);
  const metadata: PageMetadata = {
    title: title || undefined,
    description: meta(root, 'description'),
    language: root.querySelector('html')?.getAttribute('lang')?.trim() || undefined,
    ogTitle: meta(root, 'og:title'),
    ogDescription: meta(root, 'og:description'),
    ogImage: meta(root, 'og:image'),
    ogLocaleAlternate: alternates,
    sourceURL,
    statusCode,
  };
  for (const key of Object.keys(metadata) as (keyof PageMetadata)[]) if (metadata[key] === undefined) delete metadata[key];
  return metadata;
}

/** The absolute http(s) links of a page, fragments removed, in order, once each. */
export function linksOf(root: HTMLElement, pageUrl: string): string[] {
  const base = root.querySelector('base[href]')?.getAttribute('href');
  const found = new Set<string>();
  for (const a of root.querySelectorAll('a[href]')) {
    const href = a.getAttribute('href')?.trim();
    if (!href || href.startsWith('#') || /^(mailto|tel|javascript|data):/i.test(href)) continue;
    try {
      const url = new URL(href, base ? new URL(base, pageUrl) : pageUrl);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      url.hash = '';
      found.add(url.href);
    } catch {
      // not a URL: not a link
    }
  }
  return [...found];
}

/** Links and images with absolute URLs, so the markdown's links work outside the page. */
function absolutize(content: HTMLElement, pageUrl: string): void {
  for (const [selector, attribute] of [['a[href]', 'href'], ['img[src]', 'src']] as const) {
    for (const el of content.querySelectorAll(selector)) {
      const value = el.getAttribute(attribute);
      if (!value || value.startsWith('#') || /^(mailto|tel|javascript|data):/i.test(value)) continue;
      try {
        el.setAttribute(attribute, new URL(value, pageUrl).href);
      } catch {
        // left as written
      }
    }
  }
}

/** The part of the page the node keeps: tags removed, included tags or the main content kept. */
function contentOf(root: HTMLElement, options: ScrapeOptions): HTMLElement {
  const body = root.querySelector('body') ?? root;
  for (const selector of [...ALWAYS_REMOVED, ...(options.excludeTags ?? [])]) for (const el of body.querySelectorAll(selector)) el.remove();
  if (options.includeTags?.length) {
    const kept = options.includeTags.flatMap((selector) => body.querySelectorAll(selector));
    return parse(`<div>${kept.map((el) => el.outerHTML).join('\n')}</div>`);
  }
  if (options.onlyMainContent) {
    const main = body.querySelector('main') ?? body.querySelector('article') ?? body.querySelector('[role=main]');
    if (main) return main;
    for (const selector of NOT_MAIN) for (const el of body.querySelectorAll(selector)) el.remove();
  }
  return body;
}

/** A fetched page as a document; a page that is not HTML keeps its text as markdown. */
export function pageDocument(input: { html: string; url: string; statusCode: number; contentType?: string }, options: ScrapeOptions): PageDocument {
  const isHtml = !input.contentType || /html|xml/i.test(input.contentType);
  if (!isHtml) return { markdown: input.html, html: input.html, links: [], metadata: { sourceURL: input.url, statusCode: input.statusCode } };
  const root = parse(input.html, { comment: false });
  const metadata = metadataOf(root, input.url, input.statusCode);
  const links = linksOf(root, input.url);
  const content = contentOf(root, options);
  absolutize(content, input.url);
  const html = content.innerHTML.trim();
  const markdown = turndown.turndown(html || ' ').trim();
  return { markdown, html, links, metadata };
}
