/**
 * @module runtime/testing/golden-suite — the golden flows as a test suite: every
 * `runtime/golden/*.flow.json` is created over HTTP, run once per case, followed over the run's
 * SSE stream, and compared with what its case expects. `runtime/golden.test.ts` runs it on the
 * test Redis, `runtime/golden-cluster.test.ts` on a Redis Cluster.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEvent, nodeOf, type RunEvent } from '../../contract/run-events.ts';
import { startTestWeft, type TestWeft } from './test-weft.ts';
import { readSse } from './sse-client.ts';

interface Expectation {
  status: string;
  error?: string;
  /** the run's errorKind (contract/errors.ts) */
  errorKind?: string;
  outputs?: Record<string, unknown>;
  states?: Record<string, string>;
  /** 'type nodeId' (or just 'type') → how many such events */
  counts?: Record<string, number>;
  /** edge id → the kind of the message that crossed it */
  kinds?: Record<string, string>;
  /** 'type nodeId' → fields the first such event has */
  events?: Record<string, Record<string, unknown>>;
  /** 'type nodeId' labels that must occur in this order */
  order?: string[];
  minDurationMs?: number;
  maxDurationMs?: number;
}

interface Golden {
  description: string;
  children?: Record<string, { name: string; nodes: unknown[]; edges: unknown[] }>;
  flow: { nodes: unknown[]; edges: unknown[] };
  cases: { input: unknown; expect: Expectation }[];
}

const dir = join(import.meta.dirname, '..', 'golden');
const goldens = readdirSync(dir)
  .filter((f) => f.endsWith('.flow.json'))
  .map((file) => ({ file, golden: JSON.parse(readFileSync(join(dir, file), 'utf8')) as Golden }));

function label(event: RunEvent): string {
  const node = nodeOf(event);
  return node ? `${event.type} ${node}` : event.type;
}

function substitute<T>(value: T, replacements: Record<string, string>): T {
  let text = JSON.stringify(value);
  for (const [from, to] of Object.entries(replacements)) text = text.split(from).join(to);
  return JSON.parse(text) as T;
}

/** The golden flows against a weft on `redisUrl()` (read when the suite starts; unset: the test Redis). */
export function goldenSuite(options: { redisUrl?: () => string } = {}): void {
  let weft: TestWeft;
  let upstream: Server;
  let upstreamUrl = '';
  let projectId = '';
  const hits = new Map<string, number>();

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const count = (hits.get(req.url ?? '') ?? 0) + 1;
      hits.set(req.url ?? '', count);
      const ok = req.url?.startsWith('/fail-twice') && count > 2;
      res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ok ? { ok: true } : { error: 'unavailable' }));
    });
    await new Promise<void>((ok) => upstream.listen(0, '127.0.0.1', ok));
    const address = upstream.address();
    upstreamUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    weft = await startTestWeft({ outboundAllow: [new URL(upstreamUrl).host], redisUrl: options.redisUrl?.() });
    projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Golden' })).id;
  }, 60_000);

  afterAll(async () => {
    await weft?.close();
    upstream?.close();
  });

  describe.each(goldens)('golden flow $file', ({ file, golden }) => {
    it.each(golden.cases.map((c, i) => ({ ...c, i })))(`${golden.description} (case $i)`, async ({ input, expect: want }) => {
      const replacements: Record<string, string> = { $SERVER: upstreamUrl };
      for (const [key, child] of Object.entries(golden.children ?? {})) {
        const created = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, child);
        replacements[`$flow:${key}`] = created.id;
      }
      const flow = substitute({ name: file, ...golden.flow }, replacements);
      const created = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, flow);
      const { runId } = await weft.api<{ runId: string }>('POST', `/api/flows/${created.id}/runs`, {
        input: substitute(input, replacements),
      });
      const events = (await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers })) as unknown as RunEvent[];
      const snapshot = await weft.api<{
        status: string;
        error?: string;
        errorKind?: string;
        startedAt: number;
        finishedAt: number;
        nodes: Record<string, { state: string; output: unknown }>;
      }>('GET', `/api/runs/${runId}`);

      expect(snapshot.status).toBe(want.status);
      expect(events.at(-1)?.type).toBe(`run.${want.status}`);
      if (want.error) expect(snapshot.error).toBe(want.error);
      if (want.errorKind) expect(snapshot.errorKind).toBe(want.errorKind);
      for (const [node, output] of Object.entries(want.outputs ?? {})) expect(snapshot.nodes[node]?.output, node).toEqual(output);
      for (const [node, state] of Object.entries(want.states ?? {})) expect(snapshot.nodes[node]?.state, node).toBe(state);
      for (const [key, count] of Object.entries(want.counts ?? {})) {
        expect(events.filter((e) => label(e) === key || e.type === key).length, key).toBe(count);
      }
      for (const [edgeId, kind] of Object.entries(want.kinds ?? {})) {
        expect(events.filter(isEvent('edge.message')).find((e) => e.edgeId === edgeId)?.kind, edgeId).toBe(kind);
      }
      for (const [key, fields] of Object.entries(want.events ?? {})) {
        expect(events.find((e) => label(e) === key), key).toMatchObject(fields);
      }
      const labels = events.map(label);
      let at = -1;
      for (const step of want.order ?? []) {
        const next = labels.indexOf(step, at + 1);
        expect(next, `${step} after position ${at}`).toBeGreaterThan(at);
        at = next;
      }
      const duration = snapshot.finishedAt - snapshot.startedAt;
      if (want.minDurationMs) expect(duration).toBeGreaterThanOrEqual(want.minDurationMs);
      if (want.maxDurationMs) expect(duration).toBeLessThanOrEqual(want.maxDurationMs);
    });
  });
}
