import Router from '@koa/router';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CatalogueView } from '../services/flows/catalogue-view.ts';
import { catalogue } from '../services/flows/testing/flow-fixtures.ts';
import { HttpError } from './errors.ts';
import { startTestApp, type TestApp } from './testing/test-app.ts';

/** the real catalogue plus a Disabled node, which GET /api/catalogue must leave out */
const withDisabled: CatalogueView = {
  ...catalogue,
  get: (name) => (name === 'retiredNode' ? { ...catalogue.get('waitNode')!, name: 'retiredNode', status: 'Disabled' } : catalogue.get(name)),
  list: () => catalogue.list(),
};

/** routes that fail in the ways a real route can */
const failing = new Router()
  .get('/api/test/crash', function crash() {
    throw new Error('database password is hunter2');
  })
  .get('/api/test/koa-4xx', function unprocessable(ctx) {
    ctx.throw(422, 'That will not do');
  })
  .get('/api/test/koa-5xx', function unavailable(ctx) {
    ctx.throw(503, 'upstream secret detail');
  })
  .get('/api/test/http-error', function teapot() {
    throw new HttpError(418, 'teapot', 'I am a teapot', { hint: 'tea' });
  });

let weft: TestApp;

async function errorOf(response: Response) {
  const text = await response.text();
  expect(text).not.toMatch(/\bat .*\.(ts|js):\d+/); // no stack frame, ever
  return (JSON.parse(text) as { error: Record<string, unknown> }).error;
}

beforeAll(async () => {
  weft = await startTestApp({ catalogue: withDisabled, routers: [failing], bodyLimitBytes: 1024 });
});
afterAll(() => weft?.close());

describe('health and catalogue', () => {
  it('reports Redis up', async () => {
    expect(await weft.json('GET', '/api/health')).toEqual({ status: 'ok', redis: 'ok' });
  });

  it('reports Redis down with 503', async () => {
    const dead = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    const down = await startTestApp({ redis: dead });
    try {
      const response = await down.request('GET', '/api/health');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'degraded', redis: 'down' });
    } finally {
      await down.close();
    }
  });

  it('lists the catalogue without Disabled definitions', async () => {
    const names = (await weft.json<{ name: string }[]>('GET', '/api/catalogue')).map((d) => d.name);
    expect(names).toEqual(catalogue.list().map((d) => d.name));
    expect(names).toContain('webhookTriggerNode');
    expect(names).not.toContain('retiredNode');
  });
});

describe('projects', () => {
  it('creates, lists and reads projects', async () => {
    const created = await weft.json<{ id: string; slug: string; name: string }>('POST', '/api/projects', { name: '  Customer Care  ' });
    expect(created).toMatchObject({ name: 'Customer Care', slug: expect.stringMatching(/^customer-care-[0-9a-f]{6}$/) });
    expect(await weft.json('GET', `/api/projects/${created.id}`)).toEqual(created);
    expect(await weft.json('GET', '/api/projects')).toContainEqual(created);
  });

  it('answers 201 for a new project', async () => {
    expect((await weft.request('POST', '/api/projects', { name: 'Status' })).status).toBe(201);
  });

  it.each([
    ['no name', {}, 400, 'A project needs a name'],
    ['a blank name', { name: '   ' }, 400, 'A project needs a name'],
    ['a name that is not text', { name: 7 }, 400, 'A project needs a name'],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, 400, 'A project name has at most 100 characters'],
    ['a body that is a list', [{ name: 'x' }], 400, 'The request body must be a JSON object'],
  ])('refuses %s', async (_what, body, status, message) => {
    const response = await weft.request('POST', '/api/projects', body);
    expect(response.status).toBe(status);
    expect(await errorOf(response)).toEqual({ message, code: 'bad_request' });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await weft.request('POST', '/api/projects', 'name=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.status).toBe(415);
    expect(await errorOf(response)).toEqual({ message: 'Send the request body as JSON (Content-Type: application/json)', code: 'unsupported_media_type' });
  });

  it("answers 'Project not found'", async () => {
    const response = await weft.request('GET', '/api/projects/proj_missing');
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toEqual({ message: 'Project not found', code: 'not_found' });
  });
});

describe('error answers', () => {
  it('answers bad JSON with 400 naming the parse error', async () => {
    const response = await weft.request('POST', '/api/projects', '{"name": ');
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('bad_request');
    expect(error.message).toMatch(/^Invalid JSON body: /);
  });

  it('answers a body over the limit with 413', async () => {
    const response = await weft.request('POST', '/api/projects', { name: 'x'.repeat(2000) });
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toEqual({ message: 'Request body larger than 1 KB', code: 'too_large' });
  });

  it('answers unknown API routes and methods in the error shape', async () => {
    const missing = await weft.request('GET', '/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toEqual({ message: 'No route GET /api/nothing-here', code: 'not_found' });
    const method = await weft.request('PATCH', '/api/projects', {});
    expect(method.status).toBe(405);
    expect(method.headers.get('allow')).toContain('POST');
    expect(await errorOf(method)).toEqual({ message: 'Method Not Allowed: PATCH /api/projects', code: 'method_not_allowed' });
  });

  it('answers an unexpected error with 500 and nothing of it, and logs it with the request id', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await weft.request('GET', '/api/test/crash', undefined, { 'x-request-id': 'req-42' });
      expect(response.status).toBe(500);
      const text = await response.clone().text();
      expect(text).not.toContain('hunter2');
      expect(await errorOf(response)).toEqual({ message: 'Internal server error', code: 'internal' });
      expect(log).toHaveBeenCalledTimes(1);
      expect(String(log.mock.calls[0][0])).toContain('req-42');
      expect((log.mock.calls[0][1] as Error).message).toBe('database password is hunter2');
    } finally {
      log.mockRestore();
    }
  });

  it("passes a route's 4xx through, but never a 5xx message", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const client = await weft.request('GET', '/api/test/koa-4xx');
      expect(client.status).toBe(422);
      expect(await errorOf(client)).toEqual({ message: 'That will not do', code: 'bad_request' });
      const server = await weft.request('GET', '/api/test/koa-5xx');
      expect(server.status).toBe(500);
      expect(await errorOf(server)).toEqual({ message: 'Internal server error', code: 'internal' });
      const own = await weft.request('GET', '/api/test/http-error');
      expect(own.status).toBe(418);
      expect(await errorOf(own)).toEqual({ message: 'I am a teapot', code: 'teapot', hint: 'tea' });
    } finally {
      log.mockRestore();
    }
  });

  it('keeps a safe X-Request-Id and replaces an unsafe one', async () => {
    const kept = await weft.request('GET', '/api/health', undefined, { 'x-request-id': 'abc-123' });
    expect(kept.headers.get('x-request-id')).toBe('abc-123');
    const replaced = await weft.request('GET', '/api/health', undefined, { 'x-request-id': 'a b <script>' });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await weft.request('GET', '/api/health')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
