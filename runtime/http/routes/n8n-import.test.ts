/**
 * POST /api/projects/:projectId/flows/import-n8n in the whole server: an n8n workflow becomes a
 * draft of the project that deploys and answers like any flow; bad input is 400 naming the field.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedFlow } from '../../../contract/flow-document.ts';
import type { N8nImportAnswer } from '../../../contract/n8n-import.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let projectId = '';
const route = () => `/api/projects/${projectId}/flows/import-n8n`;
const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../integrations/n8n-import/fixtures/${name}.json`, import.meta.url), 'utf8'));

/** A small n8n workflow as n8n exports it: a POST webhook, Edit Fields, Respond to Webhook. */
const greeter = {
  name: 'Greeter',
  nodes: [
    { parameters: { httpMethod: 'POST', path: 'greet', responseMode: 'responseNode', options: {} }, name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0] },
    {
      parameters: { assignments: { assignments: [{ id: 'a', name: 'greeting', value: '=Hello {{ $json.body.name }}', type: 'string' }] }, options: {} },
      name: 'Edit Fields',
      type: 'n8n-nodes-base.set',
      typeVersion: 3.4,
      position: [220, 0],
    },
    { parameters: { respondWith: 'json', responseBody: '={ "greeting": "{{ $json.greeting }}" }', options: {} }, name: 'Respond to Webhook', type: 'n8n-nodes-base.respondToWebhook', typeVersion: 1.1, position: [440, 0] },
  ],
  connections: {
    Webhook: { main: [[{ node: 'Edit Fields', type: 'main', index: 0 }]] },
    'Edit Fields': { main: [[{ node: 'Respond to Webhook', type: 'main', index: 0 }]] },
  },
};

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { message: string; code: string; field?: string } }).error;
}

beforeAll(async () => {
  weft = await startTestWeft();
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'n8n imports' })).id;
});
afterAll(() => weft?.close());

describe('importing an n8n workflow over HTTP', () => {
  it('makes a draft that deploys and answers as the n8n workflow did', async () => {
    const response = await weft.request('POST', route(), greeter);
    expect(response.status).toBe(201);
    const answer = (await response.json()) as N8nImportAnswer;
    expect(answer.importProblems).toEqual([]);
    expect(answer.flow).toMatchObject({ id: answer.flowId, projectId, name: 'Greeter', status: 'draft', problems: [], warnings: [] });
    expect(answer.flow.nodes.map((n) => [n.id, n.type, n.position])).toEqual([
      ['webhook', 'webhookTriggerNode', { x: 0, y: 0 }],
      ['edit_fields', 'variablesNode', { x: 330, y: 0 }],
      ['respond_to_webhook', 'apiResponseNode', { x: 660, y: 0 }],
    ]);
    expect(await weft.api<CheckedFlow>('GET', `/api/flows/${answer.flowId}`)).toMatchObject({ name: 'Greeter', nodes: answer.flow.nodes, edges: answer.flow.edges });
    await weft.api('POST', `/api/flows/${answer.flowId}/deploy`, { status: 'active' });
    const { key } = await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'n8n test' });
    const called = await weft.request('POST', `/hook/${answer.flowId}`, { name: 'Ada' }, { authorization: `Bearer ${key}` });
    expect(called.status).toBe(200);
    expect(await called.json()).toEqual({ greeting: 'Hello Ada' });
  });

  it('takes {workflow, name}, lists what it could not map and keeps that list on the draft as a note', async () => {
    const answer = await weft.api<N8nImportAnswer>('POST', route(), { workflow: fixture('unknown-node'), name: 'Airtable, imported' });
    expect(answer.flow.name).toBe('Airtable, imported');
    expect(answer.importProblems).toEqual([{ node: 'Airtable', message: 'the node type n8n-nodes-base.airtable has no weft counterpart: a placeholder Code node stands in its place' }]);
    const stored = await weft.api<CheckedFlow>('GET', `/api/flows/${answer.flowId}`);
    expect(stored.notes?.find((n) => n.id === 'n8n_import_problems')?.text).toContain('**Airtable**: the node type n8n-nodes-base.airtable has no weft counterpart');
    expect((await weft.api<{ id: string }[]>('GET', `/api/projects/${projectId}/flows`)).map((f) => f.id)).toContain(answer.flowId);
  });

  it('imports each fixture as a draft without structural problems', async () => {
    for (const name of ['webhook-http-respond', 'schedule-loop-postgres-gmail', 'manual-switch-merge-execute', 'chat-agent-openai', 'legacy-versions']) {
      const answer = await weft.api<N8nImportAnswer>('POST', route(), fixture(name));
      expect(answer.flow.problems, name).toEqual([]);
      expect(answer.importProblems.length, name).toBeGreaterThan(0);
    }
  });

  it.each([
    [{}, 'nodes', 'nodes: must be the list of the n8n workflow’s nodes'],
    [{ name: 'Empty', nodes: [], connections: {} }, 'nodes', 'nodes: the n8n workflow has no nodes'],
    [{ nodes: [{ id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} }], edges: [] }, 'nodes[0].name', 'nodes[0].name: must be the node’s name'],
    [{ nodes: [{ name: 'A', type: 'custom.node' }] }, 'nodes', 'nodes: holds no n8n node (types such as n8n-nodes-base.webhook)'],
    [{ nodes: Array.from({ length: 1001 }, (_, i) => ({ name: `n${i}`, type: 'n8n-nodes-base.set' })) }, 'nodes', 'nodes: a flow has at most 1000 nodes (this workflow has 1001)'],
    [{ workflow: { nodes: 'all of them' } }, 'workflow.nodes', 'workflow.nodes: must be the list of the n8n workflow’s nodes'],
    [{ workflow: greeter, name: ' ' }, 'name', 'name: a flow needs a name'],
    [{ workflow: greeter, name: 'x'.repeat(201) }, 'name', 'name: a flow name has at most 200 characters'],
  ])('refuses what is not an n8n workflow with 400 naming the field (%#)', async (body, field, message) => {
    const response = await weft.request('POST', route(), body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ code: 'bad_request', field, message });
  });

  it('follows the rules of creating a flow: a session, and a project of the user', async () => {
    expect((await weft.anonymous.request('POST', route(), greeter)).status).toBe(401);
    const outsider = await weft.createUser({ name: 'Outsider' });
    const refused = await outsider.request('POST', route(), greeter);
    expect(refused.status).toBe(404);
    expect((await errorOf(refused)).message).toBe('Project not found');
  });
});
