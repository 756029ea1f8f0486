/**
 * @module runtime/http/send-asset — answers one built file (editor or widget script) compressed
 * by the request's Accept-Encoding (br, then gzip, else identity), with an ETag and the cache
 * policy of its kind. Each file is read and compressed once, then kept in memory until it changes;
 * while its brotli form is still being made, gzip is sent to a client that takes both.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'koa';

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
/** Images and fonts are compressed already; text shrinks to a third or less. */
const compressible = new Set(['.html', '.js', '.css', '.json', '.svg', '.map']);

/**
 * `immutable`: the name carries the content's hash (Vite's /assets/*-<hash>.js), so a year.
 * `revalidate`: a stable name (index.html, /widgets/chat.js) that must be asked about each time;
 * the ETag turns the answer into a 304 while it is unchanged.
 */
export type CachePolicy = 'immutable' | 'revalidate';
const cacheControl: Record<CachePolicy, string> = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
};

type Encoding = 'br' | 'gzip' | 'identity';
interface Asset {
  /** size and mtime when read: a rebuilt file is read again */
  stamp: string;
  raw: Promise<{ body: Buffer; hash: string }>;
  /** each encoding made once, on the first request that takes it; null when it would not be smaller */
  encoded: Map<Encoding, Promise<Buffer | null>>;
  /** the encodings made so far */
  ready: Map<Encoding, Buffer | null>;
}

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);
const assets = new Map<string, Asset>();

async function readAsset(file: string): Promise<{ body: Buffer; hash: string }> {
  const body = await readFile(file);
  return { body, hash: createHash('sha256').update(body).digest('base64url').slice(0, 27) };
}

function compress(raw: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  if (encoding === 'gzip') return compressGzip(raw, { level: constants.Z_BEST_COMPRESSION });
  // the best quality costs about 1 s per 500 KB, paid once per file; it saves ~7 % over quality 9
  return compressBrotli(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
}

/** The asset as last read, read again when the file changed on disk (a rebuild). */
async function assetOf(file: string): Promise<Asset> {
  const { size, mtimeMs } = await stat(file);
  const stamp = `${size}:${mtimeMs}`;
  let asset = assets.get(file);
  if (asset?.stamp !== stamp) {
    const fresh: Asset = { stamp, raw: readAsset(file), encoded: new Map(), ready: new Map() };
    // a failed read (file replaced mid-build) is tried again by the next request
    fresh.raw.catch(() => assets.get(file) === fresh && assets.delete(file));
    assets.set(file, (asset = fresh));
  }
  return asset;
}

async function encodedBody(asset: Asset, encoding: 'br' | 'gzip'): Promise<Buffer | null> {
  let body = asset.encoded.get(encoding);
  if (!body) {
    // a tiny file can grow when compressed: then only its plain bytes are offered
    body = asset.raw.then(({ body: raw }) => compress(raw, encoding).then((out) => (out.length < raw.length ? out : null)));
    body.then((out) => asset.ready.set(encoding, out)).catch(() => asset.encoded.delete(encoding));
    asset.encoded.set(encoding, body);
  }
  return body;
}

/** Weights of the codings the client named (`gzip;q=0.5, br`); `*` stands for any other. */
function acceptedCodings(header: string): (coding: Encoding) => number {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  return (coding) => weights.get(coding) ?? weights.get('*') ?? 0;
}

/** br when the client takes it, else gzip, else none (also when identity is refused: plain bytes beat a 406). */
export function preferredEncodings(acceptEncoding: string): ('br' | 'gzip')[] {
  const weight = acceptedCodings(acceptEncoding);
  return (['br', 'gzip'] as const).filter((coding) => weight(coding) > 0);
}

/** Answer `file` on a GET or HEAD; the caller has checked that it exists and is a file. */
export async function sendAsset(ctx: Context, file: string, policy: CachePolicy): Promise<void> {
  const asset = await assetOf(file);
  const { body: raw, hash } = await asset.raw;
  let body = raw;
  let encoding: Encoding = 'identity';
  if (compressible.has(extname(file))) {
    ctx.vary('Accept-Encoding');
    const candidates = preferredEncodings(ctx.get('accept-encoding'));
    for (const [i, candidate] of candidates.entries()) {
      const pending = encodedBody(asset, candidate);
      // brotli at its best takes seconds for a big script: until it is made, a next choice (gzip, fast) is sent
      if (!asset.ready.has(candidate) && i < candidates.length - 1) continue;
      const encoded = await pending;
      if (!encoded) continue;
      [body, encoding] = [encoded, candidate];
      break;
    }
  }
  ctx.type = types[extname(file)] ?? 'application/octet-stream';
  ctx.set('Cache-Control', cacheControl[policy]);
  // ETags differ per encoding: the bytes differ, and caches must not mix them up
  ctx.set('ETag', encoding === 'identity' ? `"${hash}"` : `"${hash}-${encoding}"`);
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
  ctx.body = body; // a Buffer: Koa sets Content-Length to its size
}
