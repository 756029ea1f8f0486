/**
 * @module runtime/http/routes/docs-site — weft's own documentation as a small public web site:
 * `/docs/` (an index), `/docs/readme`, `/docs/architecture`, `/docs/catalogue` and
 * `/docs/guide/<name>` for each `docs/<name>.md` (the Markdown files rendered with marked, their
 * links to one another rewritten to these pages), `/docs/reference/` and `/docs/reference/:name`
 * (each node's definition, as HTML a crawler reads: the studio's own `/docs/nodes/:name` pages are
 * drawn in the browser, and are left to it), `/docs/sitemap.xml` and `/robots.txt`. The demo flow
 * "Index a website" crawls it (docs/demo-flows.md). Read-only, no session needed.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import Router from '@koa/router';
import { marked } from 'marked';
import type { NodeDefinition } from '../../../catalogue/types.ts';
import { repoRoot as root } from '../../../paths.ts';

export interface DocPage {
  /** the file, relative to the checkout, with `/` */
  file: string;
  /** where it is served */
  path: string;
  title: string;
  about: string;
}

/** The pages at the root of the site; then one a file of docs/. */
const mainPages: DocPage[] = [
  { file: 'README.md', path: '/docs/readme', title: 'README', about: 'what weft is, how to run it' },
  { file: 'ARCHITECTURE.md', path: '/docs/architecture', title: 'Architecture', about: 'how it works inside' },
  { file: 'catalogue/README.md', path: '/docs/catalogue', title: 'The node catalogue', about: 'how nodes are made' },
];

/** A Markdown file's first `# ` heading, else its name. */
function headingOf(text: string, fallback: string): string {
  return /^# (.+)$/m.exec(text)?.[1].trim() ?? fallback;
}

/** Every page, docs/ read now (a file added to docs/ is served without a restart), by name. */
function pages(): DocPage[] {
  const dir = join(root, 'docs');
  const guides = existsSync(dir) ? readdirSync(dir).filter((f) => /^[\w-]+\.md$/.test(f)).sort() : [];
  return [
    ...mainPages,
    ...guides.map((f) => ({ file: `docs/${f}`, path: `/docs/guide/${f.slice(0, -3)}`, title: headingOf(readFileSync(join(dir, f), 'utf8'), f), about: '' })),
  ];
}

/**
 * The Markdown's links to other served files (relative to `file`, as GitHub reads them, with an
 * optional `#anchor`) made links to their pages; links elsewhere are left as they are.
 */
export function rewriteLinks(text: string, file: string, served: DocPage[]): string {
  const byFile = new Map(served.map((p) => [p.file, p.path]));
  return text.replace(/\]\(([^)\s#]+\.md)(#[^)\s]*)?\)/g, (link, target: string, anchor = '') => {
    if (/^[a-z]+:/i.test(target)) return link;
    const resolved = posix.normalize(posix.join(posix.dirname(file), target));
    const path = byFile.get(resolved);
    return path ? `](${path}${anchor})` : link;
  });
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, description: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><meta name="description" content="${escape(description)}"><meta property="og:title" content="${escape(title)}"><meta name="viewport" content="width=device-width, initial-scale=1"><style>body{font:16px/1.55 system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1d2939}pre{background:#f2f4f7;padding:.8rem;overflow:auto}code{font-size:.9em}table{border-collapse:collapse}td,th{border:1px solid #d0d5dd;padding:.3rem .5rem}</style></head><body><nav><a href="/docs/">weft docs</a> · <a href="/docs/readme">README</a> · <a href="/docs/architecture">Architecture</a> · <a href="/docs/catalogue">Catalogue</a> · <a href="/docs/reference/">Nodes</a></nav><main>${body}</main></body></html>`;
}

function markdownPage(page: DocPage, served: DocPage[]): string {
  const text = rewriteLinks(readFileSync(join(root, page.file), 'utf8'), page.file, served);
  const firstLine = text.split('\n').find((line) => line.trim() && !line.startsWith('#'))?.trim() ?? page.title;
  return layout(`weft: ${page.title}`, firstLine.slice(0, 200), marked.parse(text, { async: false }));
}

function indexPage(served: DocPage[]): string {
  const item = (p: DocPage) => `<li><a href="${p.path}">${escape(p.title)}</a>${p.about ? `: ${escape(p.about)}` : ''}</li>`;
  const guides = served.filter((p) => !mainPages.includes(p));
  return layout(
    'weft docs',
    'The documentation of weft, an open studio and runtime for AI workflows.',
    `<h1>weft docs</h1><ul>${mainPages.map(item).join('')}<li><a href="/docs/reference/">Nodes</a>: every node’s fields</li></ul>` +
      `<h2>Guides and reference</h2><ul>${guides.map(item).join('')}</ul>`,
  );
}

function nodePage(definition: NodeDefinition): string {
  const inputs = definition.inputs
    .map((f) => `<tr><td><code>${escape(f.name)}</code></td><td>${escape(f.label)}</td><td>${escape(f.type)}</td><td>${f.defaultValue === undefined ? '' : `<code>${escape(JSON.stringify(f.defaultValue))}</code>`}</td><td>${escape(f.description ?? '')}</td></tr>`)
    .join('');
  const outputs = definition.outputs.map((o) => `<li><code>${escape(o.name)}</code> (${escape(o.type)})${o.description ? `: ${escape(o.description)}` : ''}</li>`).join('');
  return layout(
    `${definition.label} node`,
    definition.description.slice(0, 200),
    `<h1>${escape(definition.label)}</h1><p>${escape(definition.category)} · <code>${escape(definition.name)}</code></p><p>${escape(definition.description)}</p>` +
      `<h2>Inputs</h2><table><tr><th>name</th><th>label</th><th>type</th><th>default</th><th>about</th></tr>${inputs}</table>` +
      `<h2>Outputs</h2><ul>${outputs || '<li>the node’s own answer</li>'}</ul>`,
  );
}

/** the address the caller reached this server at */
const originOf = (ctx: { protocol: string; host: string }) => `${ctx.protocol}://${ctx.host}`;

export function docsSiteRouter(definitions: () => NodeDefinition[]): Router {
  const router = new Router();
  const html = (ctx: { type: string; body: unknown; status: number }, body: string, status = 200) => {
    ctx.status = status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = body;
  };
  const notFound = (ctx: Parameters<typeof html>[0], what: string) => html(ctx, layout('Not found', `No such ${what}.`, `<h1>No such ${what}</h1>`), 404);
  router.get('/docs/', (ctx) => html(ctx, indexPage(pages())));
  for (const page of mainPages) router.get(page.path, (ctx) => html(ctx, markdownPage(page, pages())));
  router.get('/docs/guide/:name', (ctx) => {
    const served = pages();
    const page = served.find((p) => p.path === `/docs/guide/${ctx.params.name}`);
    if (!page) return notFound(ctx, 'page');
    html(ctx, markdownPage(page, served));
  });
  router.get('/docs/reference/', (ctx) => {
    const items = definitions().map((d) => `<li><a href="/docs/reference/${encodeURIComponent(d.name)}">${escape(d.label)}</a> (${escape(d.category)})</li>`).join('');
    html(ctx, layout('weft nodes', 'Every node of weft’s catalogue.', `<h1>Nodes</h1><ul>${items}</ul>`));
  });
  router.get('/docs/reference/:name', (ctx) => {
    const definition = definitions().find((d) => d.name === ctx.params.name);
    if (!definition) return notFound(ctx, 'node');
    html(ctx, nodePage(definition));
  });
  router.get('/docs/sitemap.xml', (ctx) => {
    const paths = ['/docs/', ...pages().map((p) => p.path), '/docs/reference/', ...definitions().map((d) => `/docs/reference/${encodeURIComponent(d.name)}`)];
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${escape(originOf(ctx) + p)}</loc></url>`).join('')}</urlset>\n`;
  });
  router.get('/robots.txt', (ctx) => {
    ctx.type = 'text/plain';
    ctx.body = `User-agent: *\nDisallow: /api/\nDisallow: /hook/\nDisallow: /widgets/\nAllow: /docs/\nSitemap: ${originOf(ctx)}/docs/sitemap.xml\n`;
  });
  return router;
}
