/**
 * The built editor over HTTP: br or gzip by Accept-Encoding (decoding to the file's bytes),
 * identity without it, Vary, a year's cache for hashed assets, no-cache with an ETag and a
 * 304 for index.html, and a rebuilt file served fresh.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorDist } from '../paths.ts';
import { preferredEncodings } from '../runtime/http/send-asset.ts';
import { staticFiles } from '../runtime/http/static-files.ts';
import { serveApp, type ServedApp } from '../runtime/http/testing/serve-app.ts';
import { rawGet } from '../runtime/http/testing/raw-get.ts';
import { buildEditorOnce } from './testing/studio-browser.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
let editor: ServedApp;
let script: string;
beforeAll(async () => {
  await buildEditorOnce();
  editor = await serveApp(new Koa().use(staticFiles(editorDist)));
  script = readdirSync(join(editorDist, 'assets')).find((name) => /^index-[\w-]+\.js$/.test(name))!;
}, 180_000);
afterAll(async () => editor?.close());

describe('the built editor', () => {
  it('sends br, else gzip, else the plain bytes, each decoding to the file', async () => {
    const onDisk = readFileSync(join(editorDist, 'assets', script));
    const path = `${editor.url}/assets/${script}`;
    await rawGet(path, { 'accept-encoding': 'br' }); // brotli made (a client taking only br waits for it)
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip;q=1, br;q=0.5', 'br'],
      ['gzip, br;q=0', 'gzip'],
      ['deflate', undefined],
      [undefined, undefined],
    ] as const) {
      const answer = await rawGet(path, accept ? { 'accept-encoding': accept } : {});
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(answer.decoded().equals(onDisk)).toBe(true);
      if (encoding) expect(answer.body.length).toBeLessThan(onDisk.length / 3);
    }
  });

  it('caches hashed assets for a year and revalidates index.html with an ETag', async () => {
    const asset = await rawGet(`${editor.url}/assets/${script}`, { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
    for (const path of ['/', '/index.html', '/projects/some-project']) {
      const page = await rawGet(`${editor.url}${path}`, { 'accept-encoding': 'gzip' });
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.decoded().toString()).toContain(`/assets/${script}`);
      const etag = page.headers.etag!;
      expect(etag).toMatch(/^"[\w-]+-gzip"$/);
      const again = await rawGet(`${editor.url}${path}`, { 'accept-encoding': 'gzip', 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      // the plain bytes are another representation: another ETag, so no 304 for them
      const plain = await rawGet(`${editor.url}${path}`, { 'if-none-match': etag });
      expect(plain.status).toBe(200);
      expect(plain.headers.etag).not.toBe(etag);
    }
  });

  it('answers HEAD with the length GET would send and no body', async () => {
    const get = await rawGet(`${editor.url}/assets/${script}`, { 'accept-encoding': 'gzip' });
    const head = await rawGet(`${editor.url}/assets/${script}`, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(get.body.length));
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.body.length).toBe(0);
  });
});

describe('a rebuilt file', () => {
  let dir: string;
  let site: ServedApp;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'weft-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), `<!doctype html><title>one</title>${' '.repeat(2000)}`);
    writeFileSync(join(dir, 'assets', 'logo.png'), Buffer.alloc(4000, 7));
    site = await serveApp(new Koa().use(staticFiles(dir)));
  });
  afterAll(async () => {
    await site?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is read and compressed again, with a new ETag', async () => {
    const before = await rawGet(`${site.url}/`, { 'accept-encoding': 'br' });
    expect(before.decoded().toString()).toContain('<title>one</title>');
    writeFileSync(join(dir, 'index.html'), `<!doctype html><title>two</title>${' '.repeat(2000)}`);
    utimesSync(join(dir, 'index.html'), new Date(), new Date(Date.now() + 5000));
    const after = await rawGet(`${site.url}/`, { 'accept-encoding': 'br', 'if-none-match': before.headers.etag! });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.decoded().toString()).toContain('<title>two</title>');
  });

  it('sends gzip to a client that takes both while the brotli form is still being made', async () => {
    writeFileSync(join(dir, 'assets', 'app.js'), `export const greeting = 'hello';\n`.repeat(200));
    const first = await rawGet(`${site.url}/assets/app.js`, { 'accept-encoding': 'gzip, br' });
    expect(first.headers['content-encoding']).toBe('gzip');
    await expect.poll(async () => (await rawGet(`${site.url}/assets/app.js`, { 'accept-encoding': 'gzip, br' })).headers['content-encoding']).toBe('br');
  });

  it('sends images as they are, without Vary', async () => {
    const image = await rawGet(`${site.url}/assets/logo.png`, { 'accept-encoding': 'br, gzip' });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
    expect(image.body.equals(Buffer.alloc(4000, 7))).toBe(true);
  });
});

describe('Accept-Encoding', () => {
  it('prefers br, then gzip, honouring q=0 and *', () => {
    expect(preferredEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(preferredEncodings('GZIP')).toEqual(['gzip']);
    expect(preferredEncodings('br;q=0, gzip;q=0.8')).toEqual(['gzip']);
    expect(preferredEncodings('*')).toEqual(['br', 'gzip']);
    expect(preferredEncodings('*;q=0, identity')).toEqual([]);
    expect(preferredEncodings('')).toEqual([]);
  });
});
