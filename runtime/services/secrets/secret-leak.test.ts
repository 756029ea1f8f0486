/**
 * A secret never leaves the server. Flows whose API Request node uses an "HTTP header"
 * credential run against a loopback server (production over the webhook, a studio test run,
 * a failing call); then every place a secret could surface is scanned for it: the webhook's
 * answer, run snapshots, every run event, the actors view with their mailboxes, run history,
 * the project's logs, the credential routes, everything the process printed, and every key
 * the run left in Redis (the credential itself is stored encrypted).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readSse } from '../../testing/sse-client.ts';
import { capturePrinted } from '../../testing/leak-check.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { redisDump } from '../../testing/redis-dump.ts';

const SECRET = 'sk-leak-check-7f3a9c1e5b2d4f60';
const AUTHORIZATION = `Bearer ${SECRET}`;

let weft: TestWeft;
let redis: Redis;
let upstream: Server;
let upstreamUrl = '';
let projectId = '';
let apiKey = '';
let printed: string[] = [];
const seenByUpstream: string[] = [];

beforeAll(async () => {
  printed = capturePrinted();
  // An upstream API that checks the token — and, the worst case, echoes it back in its answer
  // or puts it into its status text.
  upstream = createServer((req, res) => {
    seenByUpstream.push(req.headers.authorization ?? '');
    if (req.headers.authorization !== AUTHORIZATION) return void res.writeHead(401, 'Unauthorized').end();
    if (req.url === '/reject') return void res.writeHead(502, `Upstream refused ${req.headers.authorization}`).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, youSent: req.headers.authorization, [SECRET]: 'as a key' }));
  });
  await new Promise<void>((ok) => upstream.listen(0, '127.0.0.1', ok));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  weft = await startTestWeft({ outboundAllow: [new URL(upstreamUrl).host] });
  redis = new Redis(process.env.REDIS_URL!);
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Leak check' })).id;
  apiKey = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'leak' })).key;
  await weft.api('POST', `/api/projects/${projectId}/credentials`, {
    name: 'upstream',
    credential_type: 'httpHeader',
    credentials: { headerName: 'Authorization', headerValue: AUTHORIZATION },
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await weft?.close();
  redis?.disconnect();
  await new Promise<void>((ok) => upstream?.close(() => ok()));
});

const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });

async function deployFlow(path: string): Promise<string> {
  const { id } = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
    name: `calls ${path}`,
    nodes: [
      { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} },
      { id: 'api_1', type: 'apiNode', position: { x: 300, y: 0 }, values: { url: `${upstreamUrl}${path}`, method: 'POST', body: '{"q": "{{trigger.output.q}}"}', credentials: 'upstream' } },
      { id: 'apiResponse_1', type: 'apiResponseNode', position: { x: 600, y: 0 }, values: { outputMapping: [{ key: 'upstream', value: '{{api_1.output}}' }] } },
    ],
    edges: [edge('e1', 'webhookTrigger_1', 'api_1'), edge('e2', 'api_1', 'apiResponse_1')],
  });
  await weft.api('POST', `/api/flows/${id}/deploy`, { status: 'active' });
  return id;
}

async function waitForEnd(runId: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 100; i++) {
    const snapshot = await weft.api<{ status: string }>('GET', `/api/runs/${runId}`);
    if (snapshot.status !== 'running') return snapshot;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`run ${runId} did not end`);
}

/** Everything the studio and an operator can read about a run, as text. */
async function everythingAbout(flowId: string, runId: string): Promise<Record<string, string>> {
  const text = async (path: string) => (await weft.request('GET', path)).text();
  return {
    snapshot: JSON.stringify(await waitForEnd(runId)),
    events: JSON.stringify(await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers, timeoutMs: 5000 })),
    actors: await text(`/api/runs/${runId}/actors`),
    history: await text(`/api/flows/${flowId}/runs`),
    logs: await text(`/api/projects/${projectId}/logs`),
    credentials: await text(`/api/projects/${projectId}/credentials`),
    credentialByName: await text(`/api/projects/${projectId}/credentials/by-name/upstream`),
  };
}

function expectNoSecret(where: Record<string, string>): void {
  for (const [name, text] of Object.entries(where)) {
    expect(text.length, `${name} is empty`).toBeGreaterThan(0);
    expect(text.includes(SECRET), `the secret appears in ${name}`).toBe(false);
  }
}

describe('a secret never leaves the server', () => {
  it('production run over the webhook: the upstream got the token; nothing a client or operator can read holds it', async () => {
    const flowId = await deployFlow('/echo');
    const answer = await weft.request('POST', `/hook/${flowId}`, { q: 'hello' }, { authorization: `Bearer ${apiKey}` });
    const body = await answer.text();
    expect(answer.status).toBe(200);
    expect(seenByUpstream).toContain(AUTHORIZATION);
    // the echoed token is redacted from the node's output, the rest of it stays
    expect(JSON.parse(body)).toEqual({ upstream: { ok: true, youSent: '••••', '••••': 'as a key' } });
    const runId = answer.headers.get('x-weft-run-id')!;
    const everything = await everythingAbout(flowId, runId);
    expect(everything.logs).toContain(runId);
    expectNoSecret({ answer: body, headers: JSON.stringify([...answer.headers]), ...everything });
  });

  it('studio test run: same', async () => {
    const flowId = await deployFlow('/echo');
    const { runId } = await weft.api<{ runId: string }>('POST', `/api/flows/${flowId}/runs`, { input: { q: 'test' } });
    const everything = await everythingAbout(flowId, runId);
    expect(JSON.parse(everything.snapshot)).toMatchObject({ status: 'completed' });
    expectNoSecret(everything);
  });

  it('a failing call: the error text (which the upstream made hold the token) is redacted everywhere', async () => {
    const flowId = await deployFlow('/reject');
    const answer = await weft.request('POST', `/hook/${flowId}`, { q: 'x' }, { authorization: `Bearer ${apiKey}` });
    const body = await answer.text();
    // the upstream's 5xx is another service's fault: 502
    expect(answer.status).toBe(502);
    expect(JSON.parse(body).error.message).toBe('ERROR in running API Node: 502 Upstream refused ••••');
    const runId = answer.headers.get('x-weft-run-id')!;
    const everything = await everythingAbout(flowId, runId);
    expect(everything.snapshot).toContain('ERROR in running API Node: 502 Upstream refused ••••');
    expectNoSecret({ answer: body, ...everything });
  });

  it('nothing printed and nothing in Redis holds the secret (the credential is stored encrypted)', async () => {
    expect(seenByUpstream.filter((s) => s === AUTHORIZATION).length).toBeGreaterThanOrEqual(3);
    const dump = await redisDump(redis, weft.prefix);
    expect(dump).toContain('credential:');
    expectNoSecret({ redis: dump, printed: printed.join('\n') || '(nothing printed)' });
    // the integrator's API key is a secret too: kept only as its SHA-256, never logged
    const logs = await (await weft.request('GET', `/api/projects/${projectId}/logs`)).text();
    for (const [where, text] of Object.entries({ redis: dump, printed: printed.join('\n'), logs })) {
      expect(text.includes(apiKey), `the API key appears in ${where}`).toBe(false);
    }
  });
});
