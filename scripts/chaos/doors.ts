/**
 * @module scripts/chaos/doors — production calls through three doors of weft, for the soak and
 * overload scenarios: `POST /hook/:flowId` (webhook → API response), GraphQL `executeWorkflow`
 * (GraphQL trigger → GraphQL response, realtime) and the chat widget's `POST
 * /widgets/chat/:flowId/messages` (chat trigger → chat response, read as SSE), each flow
 * echoing the call's number; all three in one project made in the stores, called with its API key.
 */
import Redis from 'ioredis';
import { testAccounts } from '../../runtime/testing/test-accounts.ts';
import type { SignedInClient } from '../../runtime/testing/session-client.ts';

export type Door = 'webhook' | 'graphql' | 'chat';
export const DOORS: readonly Door[] = ['webhook', 'graphql', 'chat'];

export interface DoorFlows {
  base: string;
  builder: SignedInClient;
  projectId: string;
  flowIds: Record<Door, string>;
  /** the API key's headers (webhook, GraphQL) */
  headers: Record<string, string>;
}

export interface DoorAnswer {
  door: Door;
  /** the HTTP status (GraphQL: 503/429 for its refusals, else the response's); 0 when no answer came (connection refused or cut, or the caller's timeout) */
  status: number;
  /** the flow answered the call's own number */
  ok: boolean;
  runId?: string;
  retryAfter?: string;
  error?: string;
  ms: number;
}

const at = { x: 0, y: 0 };
const node = (id: string, type: string, values: Record<string, unknown>) => ({ id, type, position: at, values });
const echo = [{ key: 'n', value: '{{trigger.output.n}}' }];
const GRAPHQL = 'query Run($id: String!, $payload: JSON!) { executeWorkflow(workflowId: $id, payload: $payload) { status result requestId } }';

export async function deployDoorFlows(redisUrl: string, prefix: string, base: string): Promise<DoorFlows> {
  const redis = new Redis(redisUrl);
  try {
    const builder = await testAccounts(redis, prefix, base).createUser({ name: 'Chaos doors' });
    const project = await builder.api<{ id: string }>('POST', '/api/projects', { name: 'Chaos doors' });
    const deploy = async (door: Door, trigger: ReturnType<typeof node>, response: ReturnType<typeof node>) => {
      const flow = await builder.api<{ id: string }>('POST', `/api/projects/${project.id}/flows`, {
        name: `chaos ${door}`,
        nodes: [trigger, response],
        edges: [{ id: 'e1', source: trigger.id, sourceHandle: 'out', target: response.id, targetHandle: 'in' }],
      });
      await builder.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
      return flow.id;
    };
    const flowIds: Record<Door, string> = {
      webhook: await deploy('webhook', node('webhookTrigger_1', 'webhookTriggerNode', {}), node('response_1', 'apiResponseNode', { outputMapping: echo })),
      graphql: await deploy('graphql', node('graphqlTrigger_1', 'graphqlTriggerNode', { responeType: 'realtime' }), node('response_1', 'graphqlResponseNode', { outputMapping: echo })),
      chat: await deploy('chat', node('chatTrigger_1', 'chatTriggerNode', {}), node('response_1', 'chatResponseNode', { content: 'n={{trigger.output.chatMessage}}' })),
    };
    const { key } = await builder.api<{ key: string }>('POST', `/api/projects/${project.id}/api-keys`, { name: 'chaos' });
    return { base, builder, projectId: project.id, flowIds, headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'x-project-id': project.id } };
  } finally {
    redis.disconnect();
  }
}

/** One production call numbered `n` through `door`; never throws, never waits past `timeoutMs`. */
export async function callDoor(flows: DoorFlows, door: Door, n: number, timeoutMs: number, sessions = 4): Promise<DoorAnswer> {
  const sent = performance.now();
  // a timer this call holds and clears, not AbortSignal.timeout (whose timer is unref'd and holds
  // its signal weakly): the caller's bound must hold whatever the server does (issue #21)
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new DOMException(`no answer in ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
  const { signal } = abort;
  const answer = (fields: Omit<DoorAnswer, 'door' | 'ms'>): DoorAnswer => ({ door, ...fields, ms: performance.now() - sent });
  try {
    if (door === 'webhook') {
      const response = await fetch(`${flows.base}/hook/${flows.flowIds.webhook}`, { method: 'POST', headers: flows.headers, body: JSON.stringify({ n }), signal });
      const body = (await response.json()) as { n?: unknown };
      return answer({ status: response.status, ok: response.status === 200 && body.n === n, runId: response.headers.get('x-weft-run-id') ?? undefined, retryAfter: response.headers.get('retry-after') ?? undefined });
    }
    if (door === 'graphql') {
      const response = await fetch(`${flows.base}/graphql`, {
        method: 'POST',
        headers: flows.headers,
        body: JSON.stringify({ query: GRAPHQL, variables: { id: flows.flowIds.graphql, payload: { n } } }),
        signal,
      });
      const body = (await response.json()) as { data?: { executeWorkflow?: { status: string; result?: { n?: unknown }; requestId?: string } }; errors?: { extensions?: { code?: string; retryAfter?: number; requestId?: string } }[] };
      const run = body.data?.executeWorkflow;
      // a refusal inside GraphQL answers 200 with errors[0].extensions.code; count it by its code
      const code = body.errors?.[0]?.extensions?.code;
      const status = code === 'overloaded' ? 503 : code === 'project_overloaded' ? 429 : response.status;
      const retryAfter = body.errors?.[0]?.extensions?.retryAfter;
      return answer({ status, ok: run?.status === 'success' && run.result?.n === n, runId: run?.requestId ?? body.errors?.[0]?.extensions?.requestId, retryAfter: retryAfter === undefined ? undefined : String(retryAfter) });
    }
    return await chat(flows, n, sessions, signal, answer);
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    return answer({ status: 0, ok: false, error: cause });
  } finally {
    clearTimeout(timer);
  }
}

async function chat(flows: DoorFlows, n: number, sessions: number, signal: AbortSignal, answer: (f: Omit<DoorAnswer, 'door' | 'ms'>) => DoorAnswer) {
  const response = await fetch(`${flows.base}/widgets/chat/${flows.flowIds.chat}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:1' },
    // a few sessions only: a session keeps its last messages, so the histories stay the same size
    body: JSON.stringify({ sessionId: `chaos_session_${n % sessions}`, message: String(n) }),
    signal,
  });
  if (!response.ok || !response.body) {
    await response.text();
    return answer({ status: response.status, ok: false, retryAfter: response.headers.get('retry-after') ?? undefined });
  }
  let runId: string | undefined;
  let done = false;
  const text = await response.text();
  for (const block of text.split('\n\n')) {
    const data = block.split('\n').find((l) => l.startsWith('data: '));
    if (!data) continue;
    const event = JSON.parse(data.slice(6)) as { type: string; runId?: string; content?: string };
    if (event.type === 'start') runId = event.runId;
    if (event.type === 'done') done = event.content === `n=${n}`;
  }
  return answer({ status: response.status, ok: done, runId });
}
