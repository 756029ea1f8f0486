/**
 * @module runtime/integrations/widgets/origins — a widget trigger's `domains` against a request's Origin.
 * Entries: `*` (every origin), an origin (`https://shop.example.com`, scheme and port must
 * match), a host (`example.com`: any scheme and port) or a wildcard host (`*.example.com`:
 * its subdomains, not itself). Nothing configured means every origin, as `*` does.
 */

/** The configured entries, from a list or from text separated by commas, spaces or lines. */
export function domainList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  return items.map((item) => String(item ?? '').trim().toLowerCase()).filter(Boolean);
}

/** Whether a page of `origin` (the request's Origin header; '' when absent) may use the widget. */
export function originAllowed(domains: unknown, origin: string): boolean {
  const entries = domainList(domains);
  if (entries.length === 0 || entries.includes('*')) return true;
  if (!origin || origin === 'null' || !URL.canParse(origin)) return false;
  const page = new URL(origin);
  return entries.some((entry) => matches(entry.replace(/\/+$/, ''), page));
}

function matches(entry: string, page: URL): boolean {
  if (entry.includes('://')) return URL.canParse(entry) && new URL(entry).origin === page.origin;
  const [host, port] = entry.split(/:(?=\d+$)/);
  if (port && port !== effectivePort(page)) return false;
  if (host.startsWith('*.')) return page.hostname.endsWith(host.slice(1)) && page.hostname.length > host.length - 1;
  return page.hostname === host;
}

function effectivePort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '');
}
