/**
 * GraphQL `executeAgent(agentId, payload)` through the whole server (real Redis, real workers,
 * the loopback OpenAI server): an agent is a live GraphQL flow that holds an agent node
 * (runtime/services/flows/agent-flows.ts). It answers exactly as executeWorkflow does — the same shape,
 * the same errors — and refuses a flow that holds no agent node.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_KEY_MESSAGE } from '../../services/auth/api-key-check.ts';
import { chatCompletion, startOpenAILoopback, type OpenAILoopback } from '../../services/models/testing/openai-loopback.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let loopback: OpenAILoopback;
let projectId = '';
let key = '';

const node = (id: string, type: string, values: Record<string, unknown> = {}) => ({ id, type, position: { x: 0, y: 0 }, values });
const edge = (id: string, source: string, target: string, sourceHandle = 'out') => ({ id, source, sourceHandle, target, targetHandle: 'in' });
const model = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'llm' };
const answer = (id: string, text: string) => node(id, 'graphqlResponseNode', { outputMapping: [{ key: 'path', value: text }, { key: 'agent', value: '{{router_1.output.agent}}' }] });

async function deployFlow(name: string, nodes: unknown[], edges: unknown[], project = projectId): Promise<string> {
  const created = await weft.api<{ id: string }>('POST', `/api/projects/${project}/flows`, { name, nodes, edges });
  await weft.api('POST', `/api/flows/${created.id}/deploy`, { status: 'active' });
  return created.id;
}

/** GraphQL trigger → Agent classifier → (Docs | Orders) → a response each */
const agentFlow = (project = projectId) =>
  deployFlow(
    'Help desk agent',
    [
      node('graphqlTrigger_1', 'graphqlTriggerNode'),
      node('router_1', 'agentClassifierNode', {
        generativeModelName: model,
        prompts: [{ role: 'user', content: '{{trigger.output.question}}' }],
        agents: [
          { name: 'Docs', description: 'Answers from the product documentation' },
          { name: 'Orders', description: 'Looks up orders' },
        ],
      }),
      answer('docs_1', 'docs'),
      answer('orders_1', 'orders'),
    ],
    [edge('e1', 'graphqlTrigger_1', 'router_1'), edge('e2', 'router_1', 'docs_1', 'Docs'), edge('e3', 'router_1', 'orders_1', 'Orders')],
    project,
  );

async function graphql(query: string, variables: Record<string, unknown>, headers = { authorization: `Bearer ${key}`, 'x-project-id': projectId }) {
  const response = await fetch(`${weft.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
  return { status: response.status, body: (await response.json()) as { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> } };
}
const AGENT = 'query Run($id: String!, $payload: JSON!) { executeAgent(agentId: $id, payload: $payload) { status result requestId } }';
const WORKFLOW = 'query Run($id: String!, $payload: JSON!) { executeWorkflow(workflowId: $id, payload: $payload) { status result requestId } }';
const executeAgent = (id: string, payload: unknown, headers?: Record<string, string>) => graphql(AGENT, { id, payload }, headers as never);
const executeWorkflow = (id: string, payload: unknown) => graphql(WORKFLOW, { id, payload });

beforeAll(async () => {
  loopback = await startOpenAILoopback();
  weft = await startTestWeft({ outboundAllow: [loopback.host] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Agents' })).id;
  key = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'agents' })).key;
  await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'llm', credential_type: 'modelProvider', credentials: { apiKey: 'sk-x', baseUrl: loopback.baseUrl } });
});
afterAll(async () => {
  await weft?.close();
  await loopback?.close();
});

describe('executeAgent', () => {
  it('runs the agent flow and answers as executeWorkflow does: status, the response node’s result, requestId', async () => {
    loopback.handle(() => ({ json: chatCompletion('gpt-4o-mini', '{"agent":"Orders"}') }));
    const id = await agentFlow();
    const agent = await executeAgent(id, { question: 'Where is order 12?' });
    expect(agent.status).toBe(200);
    expect(agent.body.errors).toBeUndefined();
    expect(agent.body.data?.executeAgent).toEqual({ status: 'success', result: { path: 'orders', agent: 'Orders' }, requestId: expect.stringMatching(/^run_/) });
    const workflow = await executeWorkflow(id, { question: 'Where is order 12?' });
    expect(workflow.body.data?.executeWorkflow).toEqual({ ...agent.body.data?.executeAgent, requestId: expect.stringMatching(/^run_/) });
    // the model saw the question; the path it did not choose was skipped
    const sent = loopback.requests.at(-1)?.body as { messages: { content: string }[] };
    expect(sent.messages.at(-1)?.content).toBe('Where is order 12?');
    const run = await weft.api<{ nodes: Record<string, { state: string }> }>('GET', `/api/runs/${agent.body.data?.executeAgent.requestId}`);
    expect(run.nodes.docs_1.state).toBe('skipped');
    expect(run.nodes.orders_1.state).toBe('completed');
  });

  it("answers a failed agent run with status 'error' and the reason, as executeWorkflow does", async () => {
    loopback.handle(() => ({ json: chatCompletion('gpt-4o-mini', '{"agent":"Billing"}') }));
    const id = await agentFlow();
    const agent = await executeAgent(id, { question: 'x' });
    expect(agent.body.data?.executeAgent).toMatchObject({
      status: 'error',
      result: { message: expect.stringContaining('The model did not choose one of the agent paths after 3 retries'), failedNode: 'router_1' },
    });
  });

  it("answers errors[0].message for unknown, inactive, other projects' and non-GraphQL flows, as executeWorkflow does", async () => {
    const draft = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'Draft', nodes: [node('graphqlTrigger_1', 'graphqlTriggerNode')], edges: [] });
    const other = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Other' })).id;
    const foreign = await agentFlow(other);
    const hook = await deployFlow('Hook', [node('webhookTrigger_1', 'webhookTriggerNode'), node('router_1', 'agentClassifierNode')], [edge('e1', 'webhookTrigger_1', 'router_1')]);
    for (const id of ['flow_nope', draft.id, foreign, hook]) {
      const agent = await executeAgent(id, {});
      const workflow = await executeWorkflow(id, {});
      expect(agent.status).toBe(200);
      expect(agent.body.data).toEqual({ executeAgent: null });
      expect(agent.body.errors?.map((e) => [e.message, e.extensions])).toEqual(workflow.body.errors?.map((e) => [e.message, e.extensions]));
    }
    expect((await executeAgent('flow_nope', {})).body.errors?.[0]).toMatchObject({ message: 'Workflow not found', extensions: { code: 'not_found' } });
    expect((await executeAgent(hook, {})).body.errors?.[0].message).toBe(`Flow ${hook} is not started by the GraphQL trigger (its trigger is webhookTriggerNode)`);
    const wrongKey = await executeAgent('flow_nope', {}, { authorization: 'Bearer wk_nope', 'x-project-id': projectId });
    expect(JSON.stringify(wrongKey.body)).toContain(INVALID_KEY_MESSAGE);
  });

  it("refuses a GraphQL flow that holds no agent node (code 'not_an_agent'), which executeWorkflow runs", async () => {
    const plain = await deployFlow('Plain', [node('graphqlTrigger_1', 'graphqlTriggerNode'), node('graphqlResponse_1', 'graphqlResponseNode', { outputMapping: [{ key: 'ok', value: 'yes' }] })], [edge('e1', 'graphqlTrigger_1', 'graphqlResponse_1')]);
    const agent = await executeAgent(plain, {});
    expect(agent.body).toEqual({
      data: { executeAgent: null },
      errors: [expect.objectContaining({ message: `Flow ${plain} is not an agent: it holds no Supervisor agent or Agent classifier node`, extensions: { code: 'not_an_agent' } })],
    });
    expect((await executeWorkflow(plain, {})).body.data?.executeWorkflow).toMatchObject({ status: 'success', result: { ok: 'yes' } });
  });
});
