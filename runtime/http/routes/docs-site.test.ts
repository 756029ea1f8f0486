/**
 * The docs site on a real Koa server on loopback: the index lists README, ARCHITECTURE, the
 * catalogue's README and every docs/*.md; each is served rendered, with its links to the other
 * files rewritten to their pages; unknown pages and nodes answer 404; the sitemap lists them all.
 */
import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodes } from '../../../catalogue/nodes.ts';
import { createRegistry } from '../../../catalogue/registry.ts';
import { docsSiteRouter, rewriteLinks, type DocPage } from './docs-site.ts';

const guides = readdirSync(join(import.meta.dirname, '..', '..', '..', 'docs')).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3));
let base = '';
let close: () => void;

beforeAll(async () => {
  const app = new Koa();
  const registry = createRegistry(nodes);
  app.use(docsSiteRouter(() => registry.list()).routes());
  const server = app.listen(0, '127.0.0.1');
  await new Promise((ok) => server.once('listening', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close?.());

const get = async (path: string) => {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, text: await response.text() };
};

describe('the docs site', () => {
  it('lists the main files and every file of docs/ on its index', async () => {
    const index = await get('/docs/');
    expect(index.status).toBe(200);
    for (const path of ['/docs/readme', '/docs/architecture', '/docs/catalogue', '/docs/reference/']) expect(index.text).toContain(`href="${path}"`);
    expect(guides.length).toBeGreaterThan(3);
    for (const name of guides) expect(index.text).toContain(`href="/docs/guide/${name}"`);
  });

  it('serves each docs/ file rendered, its links to the other files made links to their pages', async () => {
    for (const name of guides) {
      const page = await get(`/docs/guide/${name}`);
      expect(page.status, name).toBe(200);
      expect(page.text).toMatch(/<title>weft: [^<]+<\/title>/);
      expect(page.text, name).not.toMatch(/href="[^"]*\.md(#[^"]*)?"/);
    }
    const readme = await get('/docs/readme');
    expect(readme.text).toContain('href="/docs/guide/http-api"');
    expect(readme.text).toContain('href="/docs/architecture"');
  });

  it('rewrites relative links as GitHub resolves them, anchors kept, other links left alone', () => {
    const served: DocPage[] = [
      { file: 'README.md', path: '/docs/readme', title: 'README', about: '' },
      { file: 'catalogue/README.md', path: '/docs/catalogue', title: 'Catalogue', about: '' },
      { file: 'docs/mcp.md', path: '/docs/guide/mcp', title: 'MCP', about: '' },
      { file: 'docs/http-api.md', path: '/docs/guide/http-api', title: 'HTTP API', about: '' },
    ];
    const text = '[a](http-api.md#calling) [b](../README.md) [c](./mcp.md) [d](../catalogue/README.md) [e](https://x.test/y.md) [f](../scripts/x.md) [g](#local)';
    expect(rewriteLinks(text, 'docs/mcp.md', served)).toBe(
      '[a](/docs/guide/http-api#calling) [b](/docs/readme) [c](/docs/guide/mcp) [d](/docs/catalogue) [e](https://x.test/y.md) [f](../scripts/x.md) [g](#local)',
    );
    expect(rewriteLinks('[m](docs/mcp.md)', 'README.md', served)).toBe('[m](/docs/guide/mcp)');
  });

  it('answers 404 for a page or node it does not have, and lists every page in its sitemap', async () => {
    expect((await get('/docs/guide/nothing-here')).status).toBe(404);
    expect((await get('/docs/guide/..%2FREADME')).status).toBe(404);
    expect((await get('/docs/reference/noSuchNode')).status).toBe(404);
    const sitemap = await get('/docs/sitemap.xml');
    for (const name of guides) expect(sitemap.text).toContain(`${base}/docs/guide/${name}</loc>`);
    expect(sitemap.text).toContain(`${base}/docs/reference/webhookTriggerNode</loc>`);
  });
});
