/**
 * The automation-service (n8n) trigger end to end: the form's workflow list through
 * POST /api/n8nworkflow against a loopback server speaking n8n's public REST API (pages, the
 * API-key header), and an n8n workflow's HTTP Request node (the one in examples/n8n/) calling
 * the flow and getting the Automation-service response's mapping back.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automationWorkflows } from '../../../catalogue/interface/automation-trigger-node/loaders.ts';
import { WEFT_N8N_NODE } from '../../../catalogue/interface/automation-trigger-node/n8n-workflows.ts';
import { testContext } from '../../../catalogue/testing/node-harness.ts';
import { startN8nApiServer, type N8nApiServer } from '../../testing/n8n-api-server.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

const API_KEY = 'n8n_api_key_secret_123';
const workflow = (id: string, nodes: Array<Record<string, unknown>>) => ({ id, name: `Workflow ${id}`, active: true, nodes, connections: {} });
const manual = { name: 'Start', type: 'n8n-nodes-base.manualTrigger', parameters: {} };
const workflows = [
  workflow('w1', [manual, { name: 'weft', type: WEFT_N8N_NODE, parameters: { flowId: 'f1' } }]),
  workflow('w2', [manual, { name: 'Mail', type: 'n8n-nodes-base.gmail', parameters: {} }]),
  workflow('w3', [manual, { name: 'HTTP', type: 'n8n-nodes-base.httpRequest', parameters: { url: 'http://127.0.0.1:3000/hook/flow_1' } }]),
  workflow('w4', [manual, { name: 'HTTP', type: 'n8n-nodes-base.httpRequest', parameters: { url: 'https://example.com/api' } }]),
  workflow('w5', [manual, { name: 'weft', type: WEFT_N8N_NODE, parameters: {} }]),
];

let weft: TestWeft;
let n8n: N8nApiServer;
let projectId = '';
let otherProjectId = '';

beforeAll(async () => {
  n8n = await startN8nApiServer({ apiKey: API_KEY, workflows, pageSize: 2 });
  weft = await startTestWeft({ outboundAllow: [n8n.host] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'n8n' })).id;
  otherProjectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Other' })).id;
  await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'n8n', credential_type: 'automationService', credentials: { hostUrl: `${n8n.url}/`, apiKey: API_KEY } });
  await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'wrong', credential_type: 'automationService', credentials: { hostUrl: n8n.url, apiKey: 'nope' } });
});
afterAll(async () => {
  await weft?.close();
  await n8n?.close();
});

describe('POST /api/n8nworkflow', () => {
  it('lists, over every page, the workflows that call weft', async () => {
    n8n.requests.length = 0;
    const answer = await weft.api<{ data: Array<{ id: string; name: string; nodes: unknown[] }> }>('POST', '/api/n8nworkflow', { projectId, credentials: 'n8n' });
    expect(answer.data.map((w) => w.id)).toEqual(['w1', 'w3', 'w5']);
    expect(answer.data[0]).toEqual({ id: 'w1', name: 'Workflow w1', nodes: workflows[0].nodes });
    // three pages of two, each with the key; the cursor handed on
    expect(n8n.requests.map((r) => [r.method, r.path, r.query.get('limit'), r.query.get('cursor'), r.apiKey])).toEqual([
      ['GET', '/api/v1/workflows', '250', null, API_KEY],
      ['GET', '/api/v1/workflows', '250', '2', API_KEY],
      ['GET', '/api/v1/workflows', '250', '4', API_KEY],
    ]);
    expect(JSON.stringify(answer)).not.toContain(API_KEY);
  });

  it('takes the form’s fields before the credential is saved', async () => {
    const answer = await weft.api<{ data: Array<{ id: string }> }>('POST', '/api/n8nworkflow', { projectId, credentials: { hostUrl: n8n.url, apiKey: API_KEY } });
    expect(answer.data).toHaveLength(3);
  });

  it('answers the refusal of the instance with its status, and clear 4xx for bad requests', async () => {
    const refused = await weft.request('POST', '/api/n8nworkflow', { projectId, credentials: 'wrong' });
    expect(refused.status).toBe(502);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('The automation service refused to list its workflows: 401 Unauthorized');
    const cases: Array<[unknown, number, string]> = [
      [{ credentials: 'n8n' }, 400, 'projectId is required: the project whose credential lists the workflows'],
      [{ projectId }, 400, 'credentials is required: the name of an automation service credential, or its { hostUrl, apiKey }'],
      [{ projectId, credentials: 'absent' }, 404, 'No credentials found for absent'],
      [{ projectId: otherProjectId, credentials: 'n8n' }, 404, 'No credentials found for n8n'],
      [{ projectId: 'proj_nope', credentials: 'n8n' }, 404, 'Project not found'],
      [{ projectId, credentials: { hostUrl: n8n.url } }, 400, 'An automation service credential needs its Host URL and API key'],
    ];
    for (const [body, status, message] of cases) {
      const answer = await weft.request('POST', '/api/n8nworkflow', body);
      expect([answer.status, ((await answer.json()) as { error: { message: string } }).error.message]).toEqual([status, message]);
    }
  });

  it('fills the trigger form’s Workflow dropdown, and answers [] when it cannot', async () => {
    const credentials = { get: async (name: string) => ({ n8n: { hostUrl: n8n.url, apiKey: API_KEY }, wrong: { hostUrl: n8n.url, apiKey: 'x' } })[name] ?? {} };
    const ctx = { ...testContext({ allowOutbound: [n8n.host] }), credentials };
    expect(await automationWorkflows({ credentials: 'n8n' }, ctx)).toEqual([
      { label: 'Workflow w1', value: 'w1' },
      { label: 'Workflow w3', value: 'w3' },
      { label: 'Workflow w5', value: 'w5' },
    ]);
    expect(await automationWorkflows({ credentials: 'wrong' }, ctx)).toEqual([]);
    expect(await automationWorkflows({}, ctx)).toEqual([]);
  });
});

describe('an n8n workflow calling a weft flow', () => {
  it('runs the flow through its URL with the API key and answers the response mapping', async () => {
    const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });
    const { id: flowId } = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
      name: 'answer n8n',
      nodes: [
        { id: 'automationTrigger_1', type: 'automationTriggerNode', position: { x: 0, y: 0 }, values: { credentials: 'n8n', workflowId: 'w3' } },
        { id: 'variables_1', type: 'variablesNode', position: { x: 0, y: 0 }, values: { mapping: [{ key: 'greeting', value: 'hello {{trigger.output.userId}}' }] } },
        {
          id: 'automationResponse_1',
          type: 'automationResponseNode',
          position: { x: 0, y: 0 },
          values: { outputMapping: [{ key: 'answer', value: '{{variables_1.output.greeting}}' }, { key: 'asked', value: '{{trigger.output.message}}' }] },
        },
      ],
      edges: [edge('e1', 'automationTrigger_1', 'variables_1'), edge('e2', 'variables_1', 'automationResponse_1')],
    });
    await weft.api('POST', `/api/flows/${flowId}/deploy`, { status: 'active' });
    const { key } = await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'n8n' });

    // the example workflow's HTTP Request node, as n8n would send it (its header credential holds the key)
    const example = JSON.parse(readFileSync(new URL('../../../examples/n8n/call-a-weft-flow.json', import.meta.url), 'utf8')) as { nodes: Array<{ type: string; parameters: Record<string, unknown> }> };
    const http = example.nodes.find((n) => n.type === 'n8n-nodes-base.httpRequest')!.parameters;
    expect([http.method, http.sendBody, http.specifyBody, http.genericAuthType]).toEqual(['POST', true, 'json', 'httpHeaderAuth']);
    const path = new URL(String(http.url)).pathname.replace('YOUR_FLOW_ID', flowId);
    const answer = await weft.request('POST', path, { message: 'What does weft do?', userId: 'n8n' }, { authorization: `Bearer ${key}`, 'user-agent': 'n8n' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ answer: 'hello n8n', asked: 'What does weft do?' });

    const unauthorised = await weft.request('POST', path, { message: 'x' });
    expect(unauthorised.status).toBe(401);
  });
});
