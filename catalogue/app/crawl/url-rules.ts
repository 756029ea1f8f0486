/**
 * @module catalogue/app/crawl/url-rules — which discovered URLs a crawl follows, as the crawl
 * service's v1 options define them: includePaths / excludePaths are regular expressions tested
 * against the URL's path; without allowBackwardLinks only paths under the start URL's path are
 * followed; without allowExternalLinks only the start URL's host; with ignoreQueryParameters a
 * path is one page whatever its query; maxDepth counts path segments below the start URL's path.
 */
import type { CrawlOptions } from './types.ts';

export type UrlRules = Pick<CrawlOptions, 'includePaths' | 'excludePaths' | 'allowBackwardLinks' | 'allowExternalLinks' | 'ignoreQueryParameters' | 'maxDepth'>;

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** A regular expression from the builder's text; an invalid one matches its text literally. */
function pattern(text: string): RegExp {
  try {
    return new RegExp(text);
  } catch {
    return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  }
}

export class CrawlScope {
  private readonly start: URL;
  private readonly include: RegExp[];
  private readonly exclude: RegExp[];
  private readonly startPath: string;

  constructor(startUrl: string, private readonly rules: UrlRules) {
    this.start = new URL(startUrl);
    this.include = rules.includePaths.filter(Boolean).map(pattern);
    this.exclude = rules.excludePaths.filter(Boolean).map(pattern);
    // the start URL's "directory": /docs/intro → /docs/, /docs/ → /docs/
    const path = this.start.pathname;
    this.startPath = path.endsWith('/') ? path : path.slice(0, path.lastIndexOf('/') + 1);
  }

  /** The URL as the crawl keys it: no fragment, no query when queries are ignored. */
  key(url: string): string {
    const u = new URL(url);
    u.hash = '';
    if (this.rules.ignoreQueryParameters) u.search = '';
    return u.href;
  }

  /** Why the crawl does not follow this URL, or undefined when it does. */
  refusal(url: string): string | undefined {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return 'not a URL';
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'not http';
    const external = u.host !== this.start.host;
    if (external && !this.rules.allowExternalLinks) return 'external';
    if (!external && !this.rules.allowBackwardLinks && !u.pathname.startsWith(this.startPath) && u.pathname !== this.start.pathname) return 'backward';
    if (!external) {
      const depth = segments(u.pathname).length - segments(this.startPath).length;
      if (depth > this.rules.maxDepth) return 'too deep';
    }
    if (this.exclude.some((re) => re.test(u.pathname))) return 'excluded';
    if (this.include.length && u.href !== this.start.href && !this.include.some((re) => re.test(u.pathname))) return 'not included';
    return undefined;
  }
}
