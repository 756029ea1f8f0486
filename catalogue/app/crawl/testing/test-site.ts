/**
 * @module catalogue/app/crawl/testing/test-site — a small web site on loopback for the crawl
 * tests: pages with links (one backward, one external, one with a query), a sitemap listing a
 * page no link reaches, robots.txt disallowing /docs/private/ with a Crawl-delay, a slow page
 * and a redirect loop. It records every path asked for (and each request's user agent).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestSite {
  base: string;
  host: string;
  requests: { path: string; userAgent: string; at: number }[];
  close(): Promise<void>;
}

function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="About ${title}">${head}</head><body><nav><a href="/docs/">Home</a></nav><main>${body}</main><footer>footer text</footer><script>var x = 1;</script></body></html>`;
}

export async function startTestSite(options: { crawlDelaySeconds?: number; slowMs?: number } = {}): Promise<TestSite> {
  const requests: TestSite['requests'] = [];
  let base = '';
  const routes: Record<string, () => { status?: number; type?: string; body: string; headers?: Record<string, string> }> = {
    '/robots.txt': () => ({
      type: 'text/plain',
      body: `User-agent: *\nDisallow: /docs/private/\n${options.crawlDelaySeconds ? `Crawl-delay: ${options.crawlDelaySeconds}\n` : ''}Sitemap: ${base}/sitemap.xml\n`,
    }),
    '/sitemap.xml': () => ({
      type: 'application/xml',
      body: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${base}/docs/</loc></url><url><loc>${base}/docs/hidden</loc></url></urlset>`,
    }),
    '/docs/': () => ({
      body: page(
        'Weft docs',
        `<h1>Welcome</h1><p>Start here.</p><a href="/docs/guide">Guide</a> <a href="/docs/api?tab=1">API</a> <a href="/docs/api?tab=2">API again</a> <a href="/docs/private/secret">Private</a> <a href="/elsewhere">Backward</a> <a href="http://external.invalid/page">External</a> <a href="/docs/slow">Slow</a> <a href="/docs/loop">Loop</a>`,
        '<meta property="og:title" content="OG Weft"><meta property="og:description" content="OG about"><meta property="og:image" content="/img.png"><meta property="og:locale:alternate" content="fr_FR">',
      ),
    }),
    '/docs/guide': () => ({ body: page('Guide', '<h2>Install</h2><ul><li>one</li><li>two</li></ul><a href="/docs/guide/deeper">Deeper</a>') }),
    '/docs/guide/deeper': () => ({ body: page('Deeper', '<p>deep page</p>') }),
    '/docs/api': () => ({ body: page('API', '<p>the API</p>') }),
    '/docs/hidden': () => ({ body: page('Hidden', '<p>only in the sitemap</p>') }),
    '/docs/private/secret': () => ({ body: page('Secret', '<p>never crawled</p>') }),
    '/elsewhere': () => ({ body: page('Elsewhere', '<p>outside the start path</p>') }),
    '/docs/loop': () => ({ status: 302, body: '', headers: { location: '/docs/loop2' } }),
    '/docs/loop2': () => ({ status: 302, body: '', headers: { location: '/docs/loop' } }),
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    requests.push({ path: url.pathname + url.search, userAgent: String(req.headers['user-agent'] ?? ''), at: Date.now() });
    if (url.pathname === '/docs/slow') {
      const timer = setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(page('Slow', '<p>late</p>')), options.slowMs ?? 3000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    const route = routes[url.pathname];
    if (!route) return void res.writeHead(404, { 'content-type': 'text/html' }).end(page('Not found', '<p>404</p>'));
    const answer = route();
    res.writeHead(answer.status ?? 200, { 'content-type': answer.type ?? 'text/html; charset=utf-8', ...answer.headers }).end(answer.body);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    base,
    host: `127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((ok) => (server.closeAllConnections(), server.close(() => ok()))),
  };
}
