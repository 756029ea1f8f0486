/**
 * The demo project's AI flows through a whole weft with its embedded vector store on disk:
 * "Index documents" and "Search the docs" work with no key (the local embedding model);
 * "Ask the docs" names what is missing (200: its RAG node goes on with the error) until a
 * modelProvider credential `openai` exists, then answers (here from a loopback OpenAI server).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, chatStream, startOpenAILoopback, type OpenAILoopback } from '../../runtime/services/models/testing/openai-loopback.ts';
import { startTestWeft, type TestWeft } from '../../runtime/testing/test-weft.ts';
import { createDemoFlows, demoFlows, seedDemo } from './seed.ts';

let weft: TestWeft;
let loopback: OpenAILoopback;
let projectId = '';
const dataDir = mkdtempSync(join(tmpdir(), 'weft-demo-ai-'));
const ids: Record<string, string> = {};

beforeAll(async () => {
  loopback = await startOpenAILoopback();
  weft = await startTestWeft({ dataDir, outboundAllow: [loopback.host] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Demo AI' })).id;
  const created = await createDemoFlows(async (flow) => {
    const made = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, flow);
    await weft.api('POST', `/api/flows/${made.id}/deploy`, { status: 'active' });
    return made.id;
  });
  for (const [name, id] of Object.entries(created)) ids[name.split(' (')[0]] = id;
}, 60_000);
afterAll(async () => {
  await weft?.close();
  await loopback?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const hook = async (flow: string, body: unknown) => {
  const answer = await weft.anonymous.request('POST', `/hook/${ids[flow]}`, body);
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
};

describe('demo AI flows', () => {
  it('"Search the docs" says the collection is missing before anything is indexed', async () => {
    const answer = await hook('Search the docs', { query: 'actors' });
    // the spec's text (000 §8), and the flow's own state, not weft's defect: 422
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.body)).toContain('ERROR in running hybrid Search Node: Collection not found! please create it first before using it');
    // the first call opens the vector store (PGlite on disk): under a loaded machine that alone can take 30 s
  }, 60_000);

  it('"Index documents" indexes a page of the docs with no key, and again skips what is stored', async () => {
    // the page that tells how to rotate the server secret, which the next test searches for
    const text = readFileSync(join(import.meta.dirname, '../../docs/credentials.md'), 'utf8');
    const first = await hook('Index documents', { text });
    expect(first.status).toBe(200);
    expect(first.body.chunks).toBeGreaterThan(5);
    const again = await hook('Index documents', { text });
    expect(again.body.chunks).toBe(0);
  }, 60_000);

  it('"Search the docs" finds the passage about the server secret', async () => {
    const answer = await hook('Search the docs', { query: 'how do I rotate the server secret?' });
    const results = answer.body.results as { text: string; score: number }[];
    expect(results.length).toBeGreaterThan(0);
    expect(results[0].text).toContain('rotate-secret');
    expect(results[0].score).toBeGreaterThan(0);
  });

  it('"Chat with the docs" answers a widget message with the best passage, no key needed', async () => {
    const response = await fetch(`${weft.url}/widgets/chat/${ids['Chat with the docs']}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:7' },
      body: JSON.stringify({ sessionId: 'session_demo', userId: 'visitor_demo', message: 'How do I rotate the server secret?' }),
    });
    expect(response.status).toBe(200);
    const done = (await response.text())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as { type: string; content?: string })
      .find((event) => event.type === 'done');
    expect(done?.content).toMatch(/^From weft's docs:\n\n/);
    expect(done?.content).toContain('rotate-secret');
  });

  it('"Ask the docs" names the missing credential, then answers once it exists', async () => {
    const missing = await hook('Ask the docs', { question: 'How do I rotate the server secret?' });
    expect(missing).toEqual({ status: 200, body: { answer: null, message: 'Add a modelProvider credential named openai to get answers (No credentials found for openai)' } });
    await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'openai', credential_type: 'modelProvider', credentials: { apiKey: 'sk-demo', baseUrl: loopback.baseUrl } });
    loopback.handle((request) =>
      request.body.stream ? { sse: chatStream('gpt-4o-mini', ['Run npm run ', 'rotate-secret.']) } : { json: chatCompletion('gpt-4o-mini', 'Run npm run rotate-secret.') },
    );
    const answer = await hook('Ask the docs', { question: 'How do I rotate the server secret?' });
    expect(answer.body, JSON.stringify(answer.body)).toHaveProperty('answer');
    expect(answer.body.answer).toBe('Run npm run rotate-secret.');
    expect((answer.body.references as unknown[]).length).toBeGreaterThan(0);
    const passages = (loopback.requests.at(-1)?.body.messages as { content: string }[])[1].content;
    expect(passages).toContain('rotate-secret');
  });
});

describe('seeding the demo project', () => {
  it('indexes weft\'s own docs (README, ARCHITECTURE, docs/), so "Search the docs" answers on a fresh machine', async () => {
    const seeded = await seedDemo(weft.url, weft.headers);
    expect(seeded?.flows).toBe(demoFlows().length);
    const flows = await weft.api<{ id: string; name: string }[]>('GET', `/api/projects/${seeded!.projectId}/flows`);
    const search = flows.find((f) => f.name.startsWith('Search the docs'))!;
    const answer = await weft.anonymous.request('POST', `/hook/${search.id}`, { query: 'Lua compare-and-set flow saves' });
    const results = ((await answer.json()) as { results: { text: string }[] }).results;
    expect(results.length).toBeGreaterThan(0);
    expect(results.some((r) => r.text.includes('compare-and-set'))).toBe(true);
  }, 120_000);
});
