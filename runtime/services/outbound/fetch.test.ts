/**
 * outboundFetch against a loopback server of the test's own (allowed explicitly): what a
 * library's fetch call sends and gets back — body and headers as given, no Idempotency-Key,
 * a decoded body without the encoding headers, the URL after a redirect, a body-less status —
 * and the address policy's refusal as the fetch's rejection.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeError } from '../../../catalogue/errors.ts';
import { AllowList } from './address-policy.ts';
import { Outbound } from './client.ts';
import { outboundFetch } from './fetch.ts';

let server: Server;
let port = 0;
const seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url === '/moved') res.writeHead(307, { location: '/gzip' }).end();
      else if (req.url === '/gzip') res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' }).end(gzipSync(JSON.stringify({ got: body })));
      else res.writeHead(204).end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((ok) => server.close(ok)));

const limits = { connectTimeoutMs: 5000, totalTimeoutMs: 5000, maxResponseBytes: 1024 * 1024 };
const allowedFetch = () => outboundFetch(new Outbound({ allow: new AllowList([`127.0.0.1:${port}`]) }), limits);

describe('outboundFetch', () => {
  it('sends the body and headers, follows a redirect, and answers the decoded body', async () => {
    seen.length = 0;
    const response = await allowedFetch()(`http://127.0.0.1:${port}/moved`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-1' },
      body: JSON.stringify({ ask: 'hi' }),
    });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`http://127.0.0.1:${port}/gzip`);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.json()).toEqual({ got: '{"ask":"hi"}' });
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['POST', '/moved', '{"ask":"hi"}'],
      ['POST', '/gzip', '{"ask":"hi"}'],
    ]);
    expect(seen[1].headers).toMatchObject({ authorization: 'Bearer sk-1', 'content-type': 'application/json' });
    expect(seen[1].headers['idempotency-key']).toBeUndefined();
  });

  it('answers a 204 without a body', async () => {
    const response = await allowedFetch()(`http://127.0.0.1:${port}/empty`);
    expect([response.status, response.body]).toEqual([204, null]);
  });

  it("rejects with the policy's user error for an address not allowed, sending nothing", async () => {
    seen.length = 0;
    const refused = await outboundFetch(new Outbound(), limits)(`http://[::ffff:127.0.0.1]:${port}/empty`).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NodeError);
    expect((refused as NodeError).kind).toBe('user');
    expect((refused as NodeError).message).toMatch(/^Refused to call ::ffff:7f00:1: loopback address; /);
    expect(seen).toHaveLength(0);
  });
});
