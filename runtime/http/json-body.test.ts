/** The webhook's JSON body reader, through a real HTTP server on loopback. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorAnswer } from './middleware.ts';
import { readJsonBody } from './json-body.ts';

let server: Server;
let url = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    readJsonBody(req, 1024).then(
      (body) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ body })),
      (error: unknown) => {
        const { answer } = errorAnswer(error, 'test');
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      },
    );
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

const post = async (body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/json' }) => {
  const r = await fetch(url, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
  return { status: r.status, json: (await r.json()) as { body?: unknown; error?: { code: string; message: string } } };
};

describe('readJsonBody', () => {
  it('reads JSON objects and arrays, empty bodies as {}, and other content types as {}', async () => {
    expect(await post('{"name":"ada"}')).toEqual({ status: 200, json: { body: { name: 'ada' } } });
    expect(await post('[1,2]', { 'content-type': 'application/vnd.api+json; charset=utf-8' })).toEqual({ status: 200, json: { body: [1, 2] } });
    expect(await post('')).toEqual({ status: 200, json: { body: {} } });
    expect(await post('{"name":"ada"}', { 'content-type': 'text/plain' })).toEqual({ status: 200, json: { body: {} } });
  });

  it('inflates a gzip body', async () => {
    expect(await post(gzipSync('{"zipped":true}'), { 'content-type': 'application/json', 'content-encoding': 'gzip' })).toEqual({ status: 200, json: { body: { zipped: true } } });
  });

  it('refuses bad JSON, bare values, prototype keys and deep bodies with 400, unknown encodings with 415', async () => {
    expect((await post('{"a":')).json.error?.message).toMatch(/^Invalid JSON body: /);
    expect(await post('"text"')).toEqual({ status: 400, json: { error: { code: 'bad_request', message: 'Invalid JSON body: invalid JSON, only supports object and array' } } });
    expect(await post('{"a":{"__proto__":{"admin":true}}}')).toEqual({ status: 400, json: { error: { code: 'bad_request', message: 'Invalid JSON body: Object contains forbidden prototype property' } } });
    expect((await post(`${'['.repeat(100)}${']'.repeat(100)}`)).json.error?.code).toBe('too_deep');
    expect((await post('{}', { 'content-type': 'application/json', 'content-encoding': 'zstd-x' })).status).toBe(415);
  });

  it('answers 413 past the limit, whether the length is announced or streamed', async () => {
    const big = JSON.stringify({ a: 'x'.repeat(2000) });
    expect(await post(big)).toEqual({ status: 413, json: { error: { code: 'too_large', message: 'Request body larger than 1 KB' } } });
    const stream = new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode(big)); c.close(); } });
    expect((await post(stream)).status).toBe(413);
  });
});
