/** @module runtime/http/static-files — serves the built editor (and its SPA fallback). */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Middleware } from 'koa';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/**
 * Serve files under `root` for GET requests outside /api and /hook; unknown paths get
 * index.html so the editor's own routes survive a reload. Hashed assets are cached for a year.
 */
export function staticFiles(root: string): Middleware {
  const base = resolve(root);
  return async function serveStatic(ctx, next) {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || /^\/(api|hook|graphql)(\/|$)/.test(ctx.path)) return next();
    if (!existsSync(join(base, 'index.html'))) return next();
    const wanted = normalize(join(base, decodeURIComponent(ctx.path)));
    if (!wanted.startsWith(base + sep) && wanted !== base) return next();
    let file = wanted;
    if (!existsSync(file) || statSync(file).isDirectory()) {
      if (extname(ctx.path)) return next();
      file = join(base, 'index.html');
    }
    ctx.type = types[extname(file)] ?? 'application/octet-stream';
    ctx.set('Cache-Control', file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.body = createReadStream(file);
  };
}
