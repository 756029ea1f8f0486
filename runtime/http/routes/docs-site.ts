/**
 * @module runtime/http/routes/docs-site — weft's own documentation as a small public web site:
 * `/docs/` (an index), `/docs/readme`, `/docs/architecture`, `/docs/catalogue` (the Markdown
 * files rendered with marked), `/docs/reference/` and `/docs/reference/:name` (each node's definition,
 * as HTML a crawler reads: the studio's own `/docs/nodes/:name` pages are drawn in the browser,
 * and are left to it), `/docs/sitemap.xml` and `/robots.txt`. The demo flow
 * "Index a website" crawls it (README "Index a website"). Read-only, no session needed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Router from '@koa/router';
import { marked } from 'marked';
import type { NodeDefinition } from '../../../catalogue/types.ts';
import { repoRoot as root } from '../../../paths.ts';
const files = {
  readme: { file: 'README.md', title: 'weft: README' },
  architecture: { file: 'ARCHITECTURE.md', title: 'weft: architecture' },
  catalogue: { file: 'catalogue/README.md', title: 'weft: the node catalogue' },
} as const;
/** links between the files, as the Markdown writes them, to their pages */
const fileLinks: Record<string, string> = { 'README.md': '/docs/readme', 'ARCHITECTURE.md': '/docs/architecture', 'catalogue/README.md': '/docs/catalogue' };

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, description: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><meta name="description" content="${escape(description)}"><meta property="og:title" content="${escape(title)}"><meta name="viewport" content="width=device-width, initial-scale=1"><style>body{font:16px/1.55 system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1d2939}pre{background:#f2f4f7;padding:.8rem;overflow:auto}code{font-size:.9em}table{border-collapse:collapse}td,th{border:1px solid #d0d5dd;padding:.3rem .5rem}</style></head><body><nav><a href="/docs/">weft docs</a> · <a href="/docs/readme">README</a> · <a href="/docs/architecture">Architecture</a> · <a href="/docs/catalogue">Catalogue</a> · <a href="/docs/reference/">Nodes</a></nav><main>${body}</main></body></html>`;
}

function markdownPage(key: keyof typeof files): string {
  const { file, title } = files[key];
  let text = readFileSync(join(root, file), 'utf8');
  for (const [from, to] of Object.entries(fileLinks)) text = text.replaceAll(`](${from})`, `](${to})`).replaceAll(`](./${from})`, `](${to})`);
  const firstLine = text.split('\n').find((line) => line.trim() && !line.startsWith('#'))?.trim() ?? title;
  return layout(title, firstLine.slice(0, 200), marked.parse(text, { async: false }));
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
  const html = (ctx: { type: string; body: unknown }, body: string) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = body;
  };
  router.get('/docs/', (ctx) =>
    html(ctx, layout('weft docs', 'The documentation of weft, an open studio and runtime for AI workflows.', `<h1>weft docs</h1><ul><li><a href="/docs/readme">README</a>: what weft is, how to run it</li><li><a href="/docs/architecture">Architecture</a>: how it works inside</li><li><a href="/docs/catalogue">The node catalogue</a>: how nodes are made</li><li><a href="/docs/reference/">Nodes</a>: every node’s fields</li></ul>`)),
  );
  for (const key of Object.keys(files) as (keyof typeof files)[]) router.get(`/docs/${key}`, (ctx) => html(ctx, markdownPage(key)));
  router.get('/docs/reference/', (ctx) => {
    const items = definitions().map((d) => `<li><a href="/docs/reference/${encodeURIComponent(d.name)}">${escape(d.label)}</a> (${escape(d.category)})</li>`).join('');
    html(ctx, layout('weft nodes', 'Every node of weft’s catalogue.', `<h1>Nodes</h1><ul>${items}</ul>`));
  });
  router.get('/docs/reference/:name', (ctx) => {
    const definition = definitions().find((d) => d.name === ctx.params.name);
    if (!definition) {
      ctx.status = 404;
      return html(ctx, layout('Not found', 'No such node.', '<h1>No such node</h1>'));
    }
    html(ctx, nodePage(definition));
  });
  router.get('/docs/sitemap.xml', (ctx) => {
    const paths = ['/docs/', ...Object.keys(files).map((k) => `/docs/${k}`), '/docs/reference/', ...definitions().map((d) => `/docs/reference/${encodeURIComponent(d.name)}`)];
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${escape(originOf(ctx) + p)}</loc></url>`).join('')}</urlset>\n`;
  });
  router.get('/robots.txt', (ctx) => {
    ctx.type = 'text/plain';
    ctx.body = `User-agent: *\nDisallow: /api/\nDisallow: /hook/\nDisallow: /widgets/\nAllow: /docs/\nSitemap: ${originOf(ctx)}/docs/sitemap.xml\n`;
  });
  return router;
}
