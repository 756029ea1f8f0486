/**
 * @module runtime/spec-errors/server-cases — how to make weft's routes and engine produce a
 * spec error text, through a whole test weft (server and workers on the test Redis): the
 * answer a caller reads, or the error a run records.
 */
import Redis from 'ioredis';
import type { FlowEdge, FlowNode } from '../../contract/flow-document.ts';
import type { OpenAILoopback } from '../services/models/testing/openai-loopback.ts';
import { staticKeyring } from '../services/secrets/server-secret.ts';
import { credentialAccess } from '../services/secrets/credential-access.ts';
import { credentialKey, CredentialStore } from '../services/stores/credentials.ts';
import { readSse } from '../testing/sse-client.ts';
import type { TestWeft } from '../testing/test-weft.ts';
import { failure } from './node-cases.ts';

export interface ServerBench {
  weft: TestWeft;
  /** a project of the weft's admin (starter plan) */
  projectId: string;
  /** an API key of it */
  key: string;
  loopback: OpenAILoopback;
}

export type ServerCase = (bench: ServerBench) => Promise<string>;

/** the bench's operator of the server (WeftOptions.operatorEmails) */
export const OPERATOR_EMAIL = 'operator@spec-errors.test';

const node = (id: string, type: string, values: Record<string, unknown> = {}, extra: Partial<FlowNode> = {}): FlowNode => ({ id, type, position: { x: 0, y: 0 }, values, ...extra });
const edge = (source: string, target: string): FlowEdge => ({ id: `${source}-${target}`, source, sourceHandle: 'out', target, targetHandle: 'in' });
const trigger = node('webhookTrigger_1', 'webhookTriggerNode');

async function saveFlow(bench: ServerBench, nodes: FlowNode[], edges: FlowEdge[], active = false): Promise<string> {
  const { id } = await bench.weft.api<{ id: string }>('POST', `/api/projects/${bench.projectId}/flows`, { name: 'spec errors', nodes, edges });
  if (active) await bench.weft.api('POST', `/api/flows/${id}/deploy`, { status: 'active' });
  return id;
}

/** The error text of an HTTP answer `{error: {message}}` (or GraphQL's `errors[0].message`). */
async function answerError(response: Response): Promise<string> {
  const body = (await response.json()) as { error?: { message: string }; errors?: { message: string }[] };
  return body.error?.message ?? body.errors?.[0]?.message ?? JSON.stringify(body);
}

/** Test-run a flow to its end; the run's error. */
async function runError(bench: ServerBench, flowId: string): Promise<string> {
  const { runId } = await bench.weft.api<{ runId: string }>('POST', `/api/flows/${flowId}/runs`, { input: {} });
  await readSse(`${bench.weft.url}/api/runs/${runId}/events`, { headers: bench.weft.headers, timeoutMs: 30_000 });
  const snapshot = await bench.weft.api<{ status: string; error?: string }>('GET', `/api/runs/${runId}`);
  if (snapshot.status !== 'failed') throw new Error(`expected a failed run, got ${JSON.stringify(snapshot)}`);
  return snapshot.error ?? JSON.stringify(snapshot);
}

/** The weft's own Redis connection for a case that looks under the hood, closed after. */
async function withRedis<T>(work: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(process.env.REDIS_URL!);
  try {
    return await work(redis);
  } finally {
    redis.disconnect();
  }
}

const crawler = (name: string) => ({ name, credential_type: 'crawlService', credentials: { apiKey: 'sk-crawl-0123456789abcdef', hostUrl: 'https://crawl.example.com' } });

export const serverCases: Record<string, ServerCase> = {
  'Workflow not found': async ({ weft }) => answerError(await weft.request('GET', '/api/flows/flow_nope')),
  'Project not found': async ({ weft }) => answerError(await weft.request('GET', '/api/projects/proj_nope')),
  // an operator registering the OAuth app of a marketplace integration weft does not have
  'Integration not found': async ({ weft }) => {
    const operator = await weft.createUser({ email: OPERATOR_EMAIL, name: 'Operator' });
    return answerError(await operator.request('PUT', '/api/oauth/apps/99', { clientId: 'x', clientSecret: 'y' }));
  },
  'Credential with name {name} not found, please check the credential name and try again': async ({ weft, projectId }) =>
    answerError(await weft.request('GET', `/api/projects/${projectId}/credentials/by-name/nowhere`)),
  'Corrupted or invalid credential, please add the credentials again and try again': async ({ weft, projectId }) => {
    const created = await weft.api<{ id: string; credentials: Record<string, unknown> }>('POST', `/api/projects/${projectId}/credentials`, crawler('to-corrupt'));
    await withRedis(async (redis) => {
      const key = credentialKey(weft.prefix, projectId, created.id);
      const stored = JSON.parse((await redis.get(key))!);
      await redis.set(key, JSON.stringify({ ...stored, credentials: 'ab'.repeat(64) }));
    });
    // sending a masked value back makes the server open the stored blob
    return answerError(await weft.request('PUT', `/api/projects/${projectId}/credentials/${created.id}`, { credentials: created.credentials }));
  },
  'Missing credentials key': ({ weft, projectId }) =>
    withRedis((redis) => failure(new CredentialStore(redis, weft.prefix, staticKeyring('')).create(projectId, crawler('keyless')))),
  'No credentials provided': ({ weft, projectId }) =>
    withRedis((redis) => failure(credentialAccess(new CredentialStore(redis, weft.prefix, staticKeyring('unused')), projectId).get(''))),
  'Nested For Loops are not allowed': async (bench) => {
    const loop = (id: string) => node(id, 'forLoopNode');
    const end = (id: string) => node(id, 'forLoopEndNode');
    const nodes = [trigger, loop('outer'), loop('inner'), end('innerEnd'), end('outerEnd')];
    const edges = [edge('webhookTrigger_1', 'outer'), edge('outer', 'inner'), edge('inner', 'innerEnd'), edge('innerEnd', 'outerEnd')];
    return answerError(await bench.weft.request('POST', `/api/projects/${bench.projectId}/flows`, { name: 'nested', nodes, edges }));
  },
  'No credentials found for ...': ({ weft, projectId }) =>
    withRedis((redis) => failure(credentialAccess(new CredentialStore(redis, weft.prefix, staticKeyring('unused')), projectId).get('nowhere'))),
  'Project exceeded max requests, max requests: N, current requests: M. Please upgrade your plan.': async (bench) => {
    // the bench's weft allows 30 requests a month: one a day
    const flowId = await saveFlow(bench, [trigger], [], true);
    const call = () => bench.weft.request('POST', `/hook/${flowId}`, {}, { authorization: `Bearer ${bench.key}` });
    let answer = await call();
    while (answer.status !== 429) answer = await call();
    return answerError(answer);
  },
  'Project exceeded max records ... Please upgrade your plan or delete some records.': async (bench) => {
    // the bench's weft allows 3 records
    const index = node('vectorDb_1', 'vectorDbNode', { vectorDB: 'Limited', action: 'index', vectorsField: [[1, 0], [0, 1], [1, 1], [1, 2]], metadataField: ['a', 'b', 'c', 'd'] });
    return runError(bench, await saveFlow(bench, [trigger, index], [edge('webhookTrigger_1', 'vectorDb_1')]));
  },
  'Maximum flow execution depth exceeded (limit: 100)': async (bench) => {
    // a flow deeper than 100 is refused before it runs (flow-limits.ts); a child run starts at
    // its parent's hop + 1, so a flow that runs itself reaches the limit at run time
    const id = await saveFlow(bench, [trigger], []);
    const again = node('executeFlow_1', 'executeFlowNode', { flowId: id, requestInput: '{}' });
    await bench.weft.api('PUT', `/api/flows/${id}`, { nodes: [trigger, again], edges: [edge('webhookTrigger_1', 'executeFlow_1')] });
    await bench.weft.api('POST', `/api/flows/${id}/deploy`, { status: 'active' });
    return runError(bench, id);
  },
  'Max retries reached for node {id}': async (bench) => {
    // a model endpoint that keeps failing (500: a passing fault, so the node's retry applies)
    bench.loopback.handle(() => ({ status: 500, json: { error: { message: 'overloaded', type: 'server_error', param: null, code: null } } }));
    await bench.weft.api('POST', `/api/projects/${bench.projectId}/credentials`, {
      name: 'llm',
      credential_type: 'modelProvider',
      credentials: { apiKey: 'sk-loopback-0123456789', baseUrl: bench.loopback.baseUrl },
    });
    const model = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'llm' };
    const llm = node('llm_1', 'generateTextNode', { generativeModelName: model, prompts: [{ role: 'user', content: 'hi' }], stream: false }, { retry: { retries: 1, delay: 0 } });
    return runError(bench, await saveFlow(bench, [trigger, llm], [edge('webhookTrigger_1', 'llm_1')]));
  },
  'No trigger node found!': async ({ weft, projectId }) => answerError(await weft.request('POST', `/api/projects/${projectId}/flows`, { name: 'no trigger', nodes: [], edges: [] })),
  'Atleast provide Workflow or Project ID': async ({ weft, key }) =>
    answerError(
      await fetch(`${weft.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ query: '{ __typename }' }),
      }),
    ),
  'Oops! Something went wrong. Please try again.': async (bench) => {
    const chat = node('chatTrigger_1', 'chatTriggerNode');
    const answer = node('chatResponse_1', 'chatResponseNode', { content: 'hi' });
    const flowId = await saveFlow(bench, [chat, answer], [edge('chatTrigger_1', 'chatResponse_1')], true);
    const config = await bench.weft.request('GET', `/widgets/chat/${flowId}/config`, undefined, { origin: 'https://shop.example.com' });
    return ((await config.json()) as { chatConfig: { errorMessage: string } }).chatConfig.errorMessage;
  },
};
