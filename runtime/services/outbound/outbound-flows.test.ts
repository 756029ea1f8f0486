/**
 * The outbound client through the whole server: an API node's request carries
 * `Idempotency-Key: <runId>/<actor>`, and a flow cannot reach weft's own routes or another
 * loopback port the operator did not allow (the server allows only the test's target).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse } from '../../testing/sse-client.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let projectId = '';
let target: Server;
let targetHost = '';
let seen: IncomingHttpHeaders[] = [];

const node = (id: string, type: string, values: Record<string, unknown> = {}) => ({ id, type, position: { x: 0, y: 0 }, values });
const edge = (id: string, source: string, targetId: string) => ({ id, source, sourceHandle: 'out', target: targetId, targetHandle: 'in' });

/** webhook → API node calling `url` → response; test-run once, the run's snapshot once it ends */
async function runApiNode(url: string) {
  const nodes = [node('webhookTrigger_1', 'webhookTriggerNode'), node('api_1', 'apiNode', { url, method: 'GET' }), node('apiResponse_1', 'apiResponseNode')];
  const { id } = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
    name: 'outbound',
    nodes,
    edges: [edge('e1', 'webhookTrigger_1', 'api_1'), edge('e2', 'api_1', 'apiResponse_1')],
  });
  const { runId } = await weft.api<{ runId: string }>('POST', `/api/flows/${id}/runs`, { input: {} });
  await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers });
  const snapshot = await weft.api<{ status: string; nodes: Record<string, { state: string; output?: unknown; error?: string }> }>('GET', `/api/runs/${runId}`);
  return { runId, snapshot };
}

beforeAll(async () => {
  target = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok": true}');
  });
  await new Promise<void>((ok) => target.listen(0, '127.0.0.1', ok));
  targetHost = `127.0.0.1:${(target.address() as AddressInfo).port}`;
  weft = await startTestWeft({ outboundAllow: [targetHost] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Outbound' })).id;
});
afterAll(async () => {
  await weft?.close();
  await new Promise((ok) => target.close(ok));
});

describe('outbound calls of a run', () => {
  it('send Idempotency-Key <runId>/<actor> to the allowed target', async () => {
    seen = [];
    const { runId, snapshot } = await runApiNode(`http://${targetHost}/items`);
    expect(snapshot.status).toBe('completed');
    expect(snapshot.nodes.api_1.output).toEqual({ ok: true });
    expect(seen.map((h) => h['idempotency-key'])).toEqual([`${runId}/api_1`]);
  });

  it("cannot read weft's own routes (/api/catalogue/credentials), by any loopback spelling", async () => {
    const port = new URL(weft.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `2130706433:${port}`, `0.0.0.0:${port}`]) {
      const { snapshot } = await runApiNode(`http://${host}/api/catalogue/credentials`);
      expect(snapshot.status).toBe('failed');
      expect(snapshot.nodes.api_1.state).toBe('failed');
      expect(snapshot.nodes.api_1.error).toMatch(/^ERROR in running API Node: Refused to call .*; the operator can allow it with WEFT_OUTBOUND_ALLOW$/);
      expect(JSON.stringify(snapshot)).not.toContain('credential_type');
    }
  });
});
