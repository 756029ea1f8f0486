/**
 * A secret echoed back in another form is masked too. A loopback API answers with the header
 * credential it got base64-encoded (also as `user:secret` and base64url), lower-cased,
 * upper-cased and URL-encoded; the webhook's answer, the run snapshot, its events and every
 * value the run left in Redis hold none of those forms.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse } from '../../testing/sse-client.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { redisDump } from '../../testing/redis-dump.ts';

const SECRET = 'sk-Encoded-Leak/Check+7f3a9c1e';
const forms = {
  base64: Buffer.from(SECRET).toString('base64'),
  base64url: Buffer.from(SECRET).toString('base64url'),
  basic: Buffer.from(`integrator:${SECRET}`).toString('base64'),
  lower: SECRET.toLowerCase(),
  upper: SECRET.toUpperCase(),
  url: encodeURIComponent(SECRET),
};

let weft: TestWeft;
let redis: Redis;
let upstream: Server;
let upstreamUrl = '';
let projectId = '';
let apiKey = '';

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const token = String(req.headers['x-token'] ?? '');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
      base64: Buffer.from(token).toString('base64'),
      base64url: Buffer.from(token).toString('base64url'),
      basic: `Basic ${Buffer.from(`integrator:${token}`).toString('base64')}`,
      lower: token.toLowerCase(),
      upper: token.toUpperCase(),
      url: `https://example.test/cb?token=${encodeURIComponent(token)}&x=1`,
    }));
  });
  await new Promise<void>((ok) => upstream.listen(0, '127.0.0.1', ok));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  weft = await startTestWeft({ outboundAllow: [new URL(upstreamUrl).host] });
  redis = new Redis(process.env.REDIS_URL!);
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Encoded leak check' })).id;
  apiKey = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'leak' })).key;
  await weft.api('POST', `/api/projects/${projectId}/credentials`, {
    name: 'upstream',
    credential_type: 'httpHeader',
    credentials: { headerName: 'X-Token', headerValue: SECRET },
  });
});
afterAll(async () => {
  await weft?.close();
  redis?.disconnect();
  await new Promise<void>((ok) => upstream?.close(() => ok()));
});

const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });

describe('a secret echoed in another encoding', () => {
  it('is masked in the webhook answer, the run snapshot, its events and Redis', async () => {
    const { id: flowId } = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
      name: 'echoes encoded',
      nodes: [
        { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} },
        { id: 'api_1', type: 'apiNode', position: { x: 300, y: 0 }, values: { url: `${upstreamUrl}/echo`, method: 'GET', credentials: 'upstream' } },
        { id: 'apiResponse_1', type: 'apiResponseNode', position: { x: 600, y: 0 }, values: { outputMapping: [{ key: 'upstream', value: '{{api_1.output}}' }] } },
      ],
      edges: [edge('e1', 'webhookTrigger_1', 'api_1'), edge('e2', 'api_1', 'apiResponse_1')],
    });
    await weft.api('POST', `/api/flows/${flowId}/deploy`, { status: 'active' });
    const answer = await weft.request('POST', `/hook/${flowId}`, {}, { authorization: `Bearer ${apiKey}` });
    expect(answer.status).toBe(200);
    const body = await answer.text();
    expect(JSON.parse(body)).toEqual({
      upstream: { base64: '••••', base64url: '••••', basic: expect.stringMatching(/^Basic [\w+/=]{0,20}••••[\w+/=]{0,4}$/), lower: '••••', upper: '••••', url: 'https://example.test/cb?token=••••&x=1' },
    });
    const runId = answer.headers.get('x-weft-run-id')!;
    await expect.poll(async () => (await weft.api<{ status: string }>('GET', `/api/runs/${runId}`)).status).toBe('completed');
    const where = {
      answer: body,
      snapshot: JSON.stringify(await weft.api('GET', `/api/runs/${runId}`)),
      events: JSON.stringify(await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers, timeoutMs: 5000 })),
      redis: await redisDump(redis, weft.prefix),
    };
    expect(where.events).toContain('••••');
    for (const [place, text] of Object.entries(where)) {
      for (const [name, form] of Object.entries({ ...forms, plain: SECRET })) {
        expect(text.includes(form), `${name} form of the secret in ${place}`).toBe(false);
      }
    }
  });
});
