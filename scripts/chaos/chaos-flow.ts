/**
 * @module scripts/chaos/chaos-flow — the flow every chaos scenario drives: webhook → wait 1 s →
 * API node POST to the receiver (which takes a while) → response, deployed in a fresh
 * organisation's project (made in the stores, as the tests and the bench do) and called with an
 * API key. Also reads a run's status and its events straight from Redis.
 */
import Redis from 'ioredis';
import type { RunEvent } from '../../contract/run-events.ts';
import { testAccounts } from '../../runtime/testing/test-accounts.ts';
import type { SignedInClient } from '../../runtime/testing/session-client.ts';

export const node = (id: string, type: string, values: Record<string, unknown>) => ({ id, type, position: { x: 0, y: 0 }, values });
export const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });
type FlowNode = ReturnType<typeof node>;
type FlowEdge = ReturnType<typeof edge>;

export interface ChaosFlow {
  builder: SignedInClient;
  flowId: string;
  hook: string;
  headers: Record<string, string>;
}

export function deployChaosFlow(redisUrl: string, prefix: string, base: string, receiverHost: string): Promise<ChaosFlow> {
  return deployFlow(redisUrl, prefix, base, 'Chaos', {
    name: 'chaos: wait then call out',
    nodes: [
      node('webhookTrigger_1', 'webhookTriggerNode', {}),
      node('wait_1', 'waitNode', { seconds: 1 }),
      node('api_1', 'apiNode', {
        url: `http://${receiverHost}/effects`,
        method: 'POST',
        body: '{"call": "{{trigger.output.call}}"}',
        timeout: 60,
      }),
      node('apiResponse_1', 'apiResponseNode', { outputMapping: [{ key: 'received', value: '{{api_1.output.received}}' }] }),
    ],
    edges: [edge('e1', 'webhookTrigger_1', 'wait_1'), edge('e2', 'wait_1', 'api_1'), edge('e3', 'api_1', 'apiResponse_1')],
  });
}

/** Deploy `flow` in a project of a new user's (`owner`, the project's name too), with an API key to call it. */
export async function deployFlow(redisUrl: string, prefix: string, base: string, owner: string, definition: { name: string; nodes: FlowNode[]; edges: FlowEdge[] }): Promise<ChaosFlow> {
  const redis = new Redis(redisUrl);
  try {
    const builder = await testAccounts(redis, prefix, base).createUser({ name: owner });
    const project = await builder.api<{ id: string }>('POST', '/api/projects', { name: owner });
    const flow = await builder.api<{ id: string }>('POST', `/api/projects/${project.id}/flows`, definition);
    await builder.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    const { key } = await builder.api<{ key: string }>('POST', `/api/projects/${project.id}/api-keys`, { name: 'chaos' });
    return { builder, flowId: flow.id, hook: `${base}/hook/${flow.id}`, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } };
  } finally {
    redis.disconnect();
  }
}

export interface CallAnswer {
  call: string;
  status: number;
  runId?: string;
  /** the caller's error when no answer came (connection refused or reset) */
  error?: string;
  /** the Retry-After header of a refusal */
  retryAfter?: string;
}

/** One production call of the flow: the caller's status and the run id weft named; gives up after `timeoutMs`. */
export async function callFlow(flow: Pick<ChaosFlow, 'hook' | 'headers'>, call: string, timeoutMs = 120_000): Promise<CallAnswer> {
  try {
    const response = await fetch(flow.hook, { method: 'POST', headers: flow.headers, body: JSON.stringify({ call }), signal: AbortSignal.timeout(timeoutMs) });
    await response.text();
    return { call, status: response.status, runId: response.headers.get('x-weft-run-id') ?? undefined, retryAfter: response.headers.get('retry-after') ?? undefined };
  } catch (error) {
    return { call, status: 0, error: error instanceof Error ? (error.cause as Error | undefined)?.message ?? error.message : String(error) };
  }
}

/** The run's status from its meta hash ('missing' when Redis has no such run). */
export async function runStatus(redis: Redis, prefix: string, runId: string): Promise<string> {
  return (await redis.hget(`${prefix}{run:${runId}}:meta`, 'status')) ?? 'missing';
}

/** Every event of the run, in order, from its events stream. */
export async function runEvents(redis: Redis, prefix: string, runId: string): Promise<RunEvent[]> {
  const entries = await redis.xrange(`${prefix}{run:${runId}}:events`, '-', '+');
  return entries.flatMap(([, fields]) => JSON.parse(fields[fields.indexOf('e') + 1]) as RunEvent[]);
}

/**
 * Deliveries seen more than once in a run's events: a node completed twice, or a message sent
 * twice along one edge in one iteration. (Re-run starts are not duplicates: a crashed step starts again.)
 */
export function duplicateDeliveries(events: readonly RunEvent[]): number {
  const seen = new Set<string>();
  let duplicates = 0;
  for (const event of events) {
    const id =
      event.type === 'node.completed' ? `node ${event.nodeId}#${event.iteration ?? ''}` : event.type === 'edge.message' ? `edge ${event.edgeId}#${event.iteration ?? ''}` : null;
    if (!id) continue;
    if (seen.has(id)) duplicates++;
    seen.add(id);
  }
  return duplicates;
}

