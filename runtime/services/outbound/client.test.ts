/**
 * The outbound client against loopback servers of the test's own, each allowed explicitly:
 * the Idempotency-Key, loopback forms refused (nothing reaches the server), redirects checked
 * hop by hop, the timeouts, the size limit after decompression, and the error kinds.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NodeError } from '../../../catalogue/errors.ts';
import { AllowList } from './address-policy.ts';
import { Outbound } from './client.ts';

interface Hit {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let port = 0;
let hits: Hit[] = [];
let other: Server;
let otherPort = 0;
let otherHits = 0;
let silent: TcpServer;
let silentPort = 0;
const silentSockets: Socket[] = [];

const listen = (s: Server | TcpServer) => new Promise<number>((ok) => s.listen(0, '127.0.0.1', () => ok((s.address() as AddressInfo).port)));

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hits.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/redirect') {
        res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('to') ?? '/echo' }).end();
      } else if (url.pathname === '/loop') {
        res.writeHead(302, { location: '/loop' }).end();
      } else if (url.pathname === '/slow') {
        setTimeout(() => res.writeHead(200).end('late'), 3000).unref();
      } else if (url.pathname === '/big') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        for (let i = 0; i < 3; i++) res.write('x'.repeat(1024 * 1024));
        res.end();
      } else if (url.pathname === '/bomb') {
        res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(3 * 1024 * 1024)));
      } else if (url.pathname === '/gzip') {
        res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('packed words'));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method, body }));
      }
    });
  });
  other = createServer((_req, res) => {
    otherHits++;
    res.end('reached');
  });
  // Accepts connections and never speaks: a TLS handshake to it never completes.
  silent = createTcpServer((socket) => silentSockets.push(socket));
  [port, otherPort, silentPort] = await Promise.all([listen(server), listen(other), listen(silent)]);
});
afterAll(async () => {
  for (const socket of silentSockets) socket.destroy();
  await Promise.all([server, other, silent].map((s) => new Promise((ok) => s.close(ok))));
});
beforeEach(() => {
  hits = [];
  otherHits = 0;
});

const actor = { idempotencyKey: 'run_1/api_1', signal: () => new AbortController().signal };
const clientAllowing = (...allow: string[]) => new Outbound({ allow: new AllowList(allow) });
const allowed = () => clientAllowing(`127.0.0.1:${port}`);
const failure = (promise: Promise<unknown>) => promise.then(() => null, (e: NodeError) => ({ message: e.message, kind: e.kind }));

describe('Outbound', () => {
  it('sends the actor’s Idempotency-Key with every request, unless the request sets its own', async () => {
    const answer = await allowed().request({ url: `http://127.0.0.1:${port}/echo`, method: 'POST', body: '{"a":1}' }, actor);
    expect(answer).toMatchObject({ status: 200, ok: true, url: `http://127.0.0.1:${port}/echo` });
    expect(JSON.parse(answer.text())).toEqual({ method: 'POST', body: '{"a":1}' });
    await allowed().request({ url: `http://127.0.0.1:${port}/echo`, headers: { 'Idempotency-Key': 'mine' } }, actor);
    expect(hits.map((h) => h.headers['idempotency-key'])).toEqual(['run_1/api_1', 'mine']);
  });

  it.each([
    ['localhost', /^localhost \((127\.0\.0\.1|::1)\)$/, 'loopback'],
    ['0.0.0.0', '0.0.0.0', 'unspecified (0.0.0.0/8)'],
    ['[::1]', '::1', 'loopback'],
    ['2130706433', '127.0.0.1', 'loopback'],
    ['127.1', '127.0.0.1', 'loopback'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1', 'loopback'],
  ])('refuses %s unless allowed; nothing reaches the server', async (host, where: string | RegExp, why) => {
    const url = `http://${host}:${port}/echo`;
    const refused = await failure(new Outbound().request({ url }, actor));
    expect(refused?.kind).toBe('user');
    const [, named, rest] = /^Refused to call (.+?): (.*)$/.exec(refused?.message ?? '') ?? [];
    if (typeof where === 'string') expect(named).toBe(where);
    else expect(named).toMatch(where);
    expect(rest).toBe(`${why} address; the operator can allow it with WEFT_OUTBOUND_ALLOW`);
    expect(hits).toHaveLength(0);
  });

  it('allows a loopback name or port the operator lists', async () => {
    expect((await clientAllowing(`localhost:${port}`).request({ url: `http://localhost:${port}/echo` }, actor)).status).toBe(200);
    expect((await clientAllowing('127.0.0.0/8').request({ url: `http://127.1:${port}/echo` }, actor)).status).toBe(200);
    expect(await failure(clientAllowing(`localhost:${otherPort}`).request({ url: `http://localhost:${port}/echo` }, actor))).toMatchObject({ kind: 'user' });
    expect(hits).toHaveLength(2);
  });

  it('re-checks every redirect: one to a port not allowed is refused before it is reached', async () => {
    const to = encodeURIComponent(`http://127.0.0.1:${otherPort}/`);
    expect(await failure(allowed().request({ url: `http://127.0.0.1:${port}/redirect?to=${to}` }, actor))).toEqual({
      message: `Refused to call 127.0.0.1: loopback address; the operator can allow it with WEFT_OUTBOUND_ALLOW`,
      kind: 'user',
    });
    expect(otherHits).toBe(0);
    const both = clientAllowing(`127.0.0.1:${port}`, `127.0.0.1:${otherPort}`);
    expect((await both.request({ url: `http://127.0.0.1:${port}/redirect?to=${to}` }, actor)).text()).toBe('reached');
    expect(otherHits).toBe(1);
  });

  it('follows redirects as fetch does, and at most 5', async () => {
    const posted = await allowed().request({ url: `http://127.0.0.1:${port}/redirect?status=303`, method: 'POST', body: 'x', headers: { authorization: 'k' } }, actor);
    expect(JSON.parse(posted.text())).toEqual({ method: 'GET', body: '' });
    const kept = await allowed().request({ url: `http://127.0.0.1:${port}/redirect?status=307`, method: 'PUT', body: 'x' }, actor);
    expect(JSON.parse(kept.text())).toEqual({ method: 'PUT', body: 'x' });
    expect(hits.map((h) => h.headers.authorization)).toEqual(['k', 'k', undefined, undefined]);
    hits = [];
    expect(await failure(allowed().request({ url: `http://127.0.0.1:${port}/loop` }, actor))).toEqual({ message: 'Too many redirects (more than 5)', kind: 'user' });
    expect(hits).toHaveLength(6);
  });

  it('drops credentials on a redirect to another origin', async () => {
    const to = encodeURIComponent(`http://localhost:${port}/echo`);
    const client = clientAllowing(`127.0.0.1:${port}`, `localhost:${port}`);
    await client.request({ url: `http://127.0.0.1:${port}/redirect?to=${to}`, headers: { Authorization: 'Bearer s', 'x-keep': 'y' } }, actor);
    expect(hits.map((h) => [h.headers.authorization, h.headers['x-keep']])).toEqual([['Bearer s', 'y'], [undefined, 'y']]);
  });

  it('refuses other schemes and bad URLs', async () => {
    for (const url of ['ftp://127.0.0.1/x', 'file:///etc/passwd', 'data:text/plain,hi', 'gopher://127.0.0.1:6379/_INFO']) {
      expect(await failure(allowed().request({ url }, actor))).toEqual({ message: `Invalid URL ${url}: only http and https are allowed`, kind: 'user' });
    }
    expect(await failure(allowed().request({ url: 'not a url' }, actor))).toEqual({ message: 'Invalid URL not a url', kind: 'user' });
  });

  it('gives up after the total timeout with kind timeout', async () => {
    const started = Date.now();
    expect(await failure(allowed().request({ url: `http://127.0.0.1:${port}/slow`, timeoutSeconds: 1 }, actor))).toEqual({
      message: 'No answer within 1 s',
      kind: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up connecting (TCP and TLS) after the connect timeout', async () => {
    const started = Date.now();
    const url = `https://127.0.0.1:${silentPort}/`;
    expect(await failure(clientAllowing(`127.0.0.1:${silentPort}`).request({ url, connectTimeoutSeconds: 1 }, actor))).toEqual({
      message: 'Could not connect within 1 s',
      kind: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('stops reading past the size limit, counted after decompression', async () => {
    expect(await failure(allowed().request({ url: `http://127.0.0.1:${port}/big`, maxResponseMB: 1 }, actor))).toEqual({ message: 'Response larger than 1 MB', kind: 'user' });
    expect(await failure(allowed().request({ url: `http://127.0.0.1:${port}/bomb`, maxResponseMB: 2 }, actor))).toEqual({ message: 'Response larger than 2 MB', kind: 'user' });
    expect((await allowed().request({ url: `http://127.0.0.1:${port}/gzip` }, actor)).text()).toBe('packed words');
    expect((await allowed().request({ url: `http://127.0.0.1:${port}/big` }, actor)).body.byteLength).toBe(3 * 1024 * 1024);
  });

  it('names a refused connection as operational and overrides out of bounds as the caller’s', async () => {
    const closing = createTcpServer();
    const closed = await listen(closing);
    await new Promise((ok) => closing.close(ok));
    expect(await failure(clientAllowing('127.0.0.1').request({ url: `http://127.0.0.1:${closed}/` }, actor))).toEqual({
      message: `connect ECONNREFUSED 127.0.0.1:${closed}`,
      kind: 'operational',
    });
    expect(await failure(allowed().request({ url: `http://127.0.0.1:${port}/`, timeoutSeconds: 301 }, actor))).toEqual({ message: 'Timeout must be between 1 and 300', kind: 'user' });
    expect(await failure(allowed().request({ url: `http://127.0.0.1:${port}/`, connectTimeoutSeconds: 0 }, actor))).toEqual({
      message: 'Connect timeout must be between 1 and 60',
      kind: 'user',
    });
    expect(await failure(allowed().request({ url: `http://127.0.0.1:${port}/`, maxResponseMB: 101 }, actor))).toEqual({
      message: 'Maximum response size must be between 1 and 100',
      kind: 'user',
    });
  });

  it('stops at once when the actor is cancelled, with the signal’s reason', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await allowed().request({ url: `http://127.0.0.1:${port}/slow` }, { idempotencyKey: 'k', signal: () => controller.signal }).catch((e: Error) => e);
    expect((error as Error).name).toBe('AbortError');
  });
});
