/**
 * The demo flow "Research assistant" through a whole weft with its embedded vector store on
 * disk: a Supervisor over two agent paths — one searching the indexed docs (hybrid search), one
 * calling the demo flow "Square every number" as a tool of Generate text — ending at an Agent
 * Loop End. Until a modelProvider credential `openai` exists it fails naming the missing
 * credential; then it runs the paths the model calls (a loopback OpenAI server).
 * Seeding resolves the flow tool's `demo-flow:<name>` reference to that flow's id.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, startOpenAILoopback, type OpenAILoopback } from '../../runtime/services/models/testing/openai-loopback.ts';
import { startTestWeft, type TestWeft } from '../../runtime/testing/test-weft.ts';
import { createDemoFlows, demoFlows, type DemoFlow } from './seed.ts';

let weft: TestWeft;
let loopback: OpenAILoopback;
let projectId = '';
let ids: Record<string, string> = {};
const dataDir = mkdtempSync(join(tmpdir(), 'weft-demo-research-'));
const RESEARCH = 'Research assistant (supervisor; add a modelProvider credential named openai)';
const SQUARE = 'Square every number (loop)';

beforeAll(async () => {
  loopback = await startOpenAILoopback();
  weft = await startTestWeft({ dataDir, outboundAllow: [loopback.host] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Demo research' })).id;
  ids = await createDemoFlows(async (flow) => {
    const created = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, flow);
    await weft.api('POST', `/api/flows/${created.id}/deploy`, { status: 'active' });
    return created.id;
  });
  // a part of the docs around the passage the test asks for (the whole of them is the seed's job, ai-flows.test.ts)
  const credentials = readFileSync(join(import.meta.dirname, '../../docs/credentials.md'), 'utf8');
  const at = credentials.indexOf('rotate-secret');
  const text = credentials.slice(Math.max(0, at - 3000), at + 3000);
  const indexed = await weft.anonymous.request('POST', `/hook/${ids['Index documents (chunk → vectorize → vector DB)']}`, { text });
  // on a loaded machine the first indexing (it opens the vector store) may outlast the webhook's 30 s wait: follow the run
  if (indexed.status === 202) await finished(((await indexed.json()) as { runId: string }).runId);
  else expect(indexed.status, await indexed.text()).toBe(200);
}, 120_000);
afterAll(async () => {
  await weft?.close();
  await loopback?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Wait for a run to end; it must complete. */
async function finished(runId: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const run = await weft.api<{ status: string }>('GET', `/api/runs/${runId}`);
    if (run.status !== 'running') return void expect(run.status).toBe('completed');
    await new Promise((ok) => setTimeout(ok, 200));
  }
  throw new Error(`run ${runId} did not end`);
}

const ask = async (question: string) => {
  const answer = await weft.anonymous.request('POST', `/hook/${ids[RESEARCH]}`, { question });
  return { status: answer.status, body: (await answer.json()) as Record<string, any> };
};

/** The model: the supervisor calls one agent by the question, then answers from its output; Generate text calls the flow tool once. */
function model(): void {
  loopback.handle((request) => {
    const body = request.body as { messages: { role: string; content: string }[]; tools?: { function: { name: string } }[] };
    const supervising = (body.tools ?? []).some((t) => t.function.name === 'Docs_researcher');
    const question = String(body.messages.find((m) => m.role === 'user')?.content ?? '');
    const told = body.messages.find((m) => m.role === 'tool');
    if (supervising && !told) {
      const call = /square/i.test(question) ? { name: 'Number_cruncher', arguments: '{"numbers":[3,4]}' } : { name: 'Docs_researcher', arguments: '{"query":"rotate the server secret"}' };
      return { json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'call_agent', ...call }] }) };
    }
    if (supervising) return { json: chatCompletion('gpt-4o-mini', /square/i.test(question) ? 'The squares are 9 and 16.' : 'Run npm run rotate-secret.') };
    if (!told) return { json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'call_1', name: 'square_numbers', arguments: '{"numbers":[3,4]}' }] }) };
    return { json: chatCompletion('gpt-4o-mini', `The squares are in: ${told.content}`) };
  });
}

describe('the demo flow "Research assistant"', () => {
  it('is created after the flow it calls as a tool, with that flow’s id in place of its reference', async () => {
    const flow = await weft.api<{ nodes: { id: string; values: { tools?: { flowId: string }[] } }[] }>('GET', `/api/flows/${ids[RESEARCH]}`);
    expect(flow.nodes.find((n) => n.id === 'generateText_1')?.values.tools?.[0].flowId).toBe(ids[SQUARE]);
  });

  it('names the missing model credential until it exists', async () => {
    const missing = await ask('How do I rotate the server secret?');
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.body.error.message).toContain('No credentials found for openai');
    expect(demoFlows().find((f) => f.name === RESEARCH)?.example.answers).toContain('No credentials found for openai');
    expect(loopback.requests).toHaveLength(0);
  });

  it('then runs the Docs researcher path, which searches the indexed docs, and answers from it', async () => {
    await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'openai', credential_type: 'modelProvider', credentials: { apiKey: 'sk-demo', baseUrl: loopback.baseUrl } });
    model();
    const { status, body } = await ask('How do I rotate the server secret?');
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.answer).toBe('Run npm run rotate-secret.');
    expect(body.agents).toHaveLength(1);
    expect(body.agents[0]).toMatchObject({ agent: 'Docs researcher', parameters: { query: 'rotate the server secret' } });
    expect(JSON.stringify(body.agents[0].output)).toContain('rotate-secret');
  });

  it('and the Number cruncher path, which runs "Square every number" as a tool', async () => {
    model();
    const { status, body } = await ask('Please square 3 and 4');
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.answer).toBe('The squares are 9 and 16.');
    expect(body.agents[0]).toMatchObject({ agent: 'Number cruncher', parameters: { numbers: [3, 4] } });
    const calls = body.agents[0].output.tool_calls as { name: string; result: { results: { output: { square: number } }[] } }[];
    expect(calls[0].name).toBe('square_numbers');
    expect(calls[0].result.results.map((r) => r.output.square)).toEqual([9, 16]);
  });
});

describe('createDemoFlows', () => {
  const flow = (name: string, flowId?: string): DemoFlow => ({
    name,
    nodes: [{ id: 'n', type: 'generateTextNode', ...(flowId ? { values: { tools: [{ flowId }] } } : {}) }],
    edges: [],
    example: { body: {}, answers: '' },
  });

  it('creates a flow after the flows it names, and refuses a name no demo flow has or references that go round', async () => {
    const made: string[] = [];
    const created = await createDemoFlows(async (f) => (made.push(f.name), `id_${f.name}`), [flow('A', 'demo-flow:B'), flow('B')]);
    expect(made).toEqual(['B', 'A']);
    expect(created).toEqual({ A: 'id_A', B: 'id_B' });
    await expect(createDemoFlows(async () => 'x', [flow('A', 'demo-flow:Nope')])).rejects.toThrow('demo flows: no demo flow named A → Nope');
    await expect(createDemoFlows(async () => 'x', [flow('A', 'demo-flow:B'), flow('B', 'demo-flow:A')])).rejects.toThrow('demo flows: the references go round: A → B, B → A');
  });
});
