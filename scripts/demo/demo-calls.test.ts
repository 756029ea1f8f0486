/**
 * The demo project as `npm start` makes it (the first start's admin, then the seed), and every
 * demo flow called at its route with the body docs/demo-flows.md documents: 200 and a sensible
 * answer. "Ask the docs" answers 200 both before the project has a modelProvider credential
 * `openai` (its RAG node goes on with the error: a message naming what to add) and after (one
 * made, on a loopback OpenAI server: the model's answer).
 * Each call is the very curl line `npm start` prints for it (and `npm run demo -- list` prints
 * again from Redis), run by a shell as if pasted. docs/demo-flows.md's table is the one
 * demo-calls.ts makes from the flows' examples.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareAdmin, type FirstStart } from '../../runtime/services/auth/first-start.ts';
import { chatCompletion, chatStream, startOpenAILoopback, type OpenAILoopback } from '../../runtime/services/models/testing/openai-loopback.ts';
import { startTestWeft, type TestWeft } from '../../runtime/testing/test-weft.ts';
import { curlLine, demoCall, demoCallLines, demoCallsTable, type DemoCall } from './demo-calls.ts';
import { listDemoCalls } from './list.ts';
import { demoFlows, seedDemo } from './seed.ts';

let weft: TestWeft;
let redis: Redis;
let first: FirstStart;
let loopback: OpenAILoopback;
let projectId = '';
let printed: string[] = [];
const ids: Record<string, string> = {};
const deployed: Record<string, { status: string; deployedVersion?: number }> = {};
const dataDir = mkdtempSync(join(tmpdir(), 'weft-demo-calls-'));

beforeAll(async () => {
  loopback = await startOpenAILoopback();
  // loopback: the OpenAI server, and weft's own address ("Index a website" crawls its /docs/, as npm start allows)
  weft = await startTestWeft({ dataDir, outboundAllow: [loopback.host, '127.0.0.1'] });
  redis = new Redis(process.env.REDIS_URL!);
  first = await prepareAdmin(redis, { prefix: weft.prefix, dataDir, admin: {} });
  const seeded = await seedDemo(weft.url, first.session.headers);
  projectId = seeded!.projectId;
  // what npm start prints after seeding (scripts/start.ts)
  printed = demoCallLines(weft.url, seeded!.ids);
  const response = await fetch(`${weft.url}/api/projects/${projectId}/flows`, { headers: first.session.headers });
  for (const flow of (await response.json()) as { id: string; name: string; status: string; deployedVersion?: number }[]) {
    ids[flow.name] = flow.id;
    deployed[flow.name] = { status: flow.status, deployedVersion: flow.deployedVersion };
  }
}, 180_000);
afterAll(async () => {
  await first?.session.end();
  redis?.disconnect();
  await weft?.close();
  await loopback?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * What pasting the printed line into a shell gets: the status (curl's `-w`, appended as a paster
 * might not; `-s` keeps its progress out) and the answer (a chat's server-sent events parsed).
 */
async function call(demo: DemoCall): Promise<{ status: number; answer: any }> {
  const line = curlLine(weft.url, ids[demo.name], demo);
  expect(printed).toContain(line);
  const { stdout } = await promisify(execFile)('sh', ['-c', `${line} -s -w '\n%{http_code}\n%{content_type}'`], { maxBuffer: 1 << 24 });
  const [head, status, type] = /^([\s\S]*)\n(\d{3})\n(.*)$/.exec(stdout)!.slice(1);
  if (!type.startsWith('text/event-stream')) return { status: Number(status), answer: JSON.parse(head) };
  const events = head.split('\n').filter((l) => l.startsWith('data: ')).map((l) => JSON.parse(l.slice(6)));
  return { status: Number(status), answer: events.at(-1) };
}

/** A sensible answer of each demo flow to its documented body. */
const sensible: Record<string, (answer: any) => void> = {
  'Grade a score (condition)': (answer) => expect(answer).toEqual({ verdict: 'passed', score: 72 }),
  'Square every number (loop)': (answer) =>
    expect(answer.results.map((r: { output: { square: number } }) => r.output.square)).toEqual([1, 4, 9, 16]),
  'Two branches that join (parallel)': (answer) => expect(answer).toEqual({ greeting: 'Hello, Ada', shout: 'ADA' }),
  'Index documents (chunk → vectorize → vector DB)': (answer) => expect(answer.chunks).toBeGreaterThan(0),
  'Index a website (crawl → chunk → vectorize → vector DB)': (answer) => {
    expect(answer.pages).toBe(20);
    expect(answer.chunks).toBeGreaterThan(0);
  },
  'Search the docs (hybrid search)': (answer) => {
    expect(answer.results.length).toBeGreaterThan(0);
    expect(answer.results[0].text).toMatch(/worker/i);
  },
  'Chat with the docs (chat widget)': (answer) => {
    expect(answer.type).toBe('done');
    expect(answer.content).toMatch(/^From weft's docs:\n\n/);
    expect(answer.content).toContain('rotate-secret');
  },
  'Research assistant (supervisor; add a modelProvider credential named openai)': (answer) => {
    expect(answer.answer).toBe('Run npm run rotate-secret.');
    expect(answer.agents[0].agent).toBe('Docs researcher');
    expect(JSON.stringify(answer.agents[0].output)).toContain('rotate-secret');
  },
  'Ask the docs (RAG; add a modelProvider credential named openai)': (answer) => {
    expect(answer.answer).toBe('Run npm run rotate-secret.');
    expect(answer.references.length).toBeGreaterThan(0);
  },
};

/** "Ask the docs" before its credential exists: 200 and the message its row in docs/demo-flows.md documents. */
async function askWithoutCredential(demo: DemoCall): Promise<void> {
  const { status, answer } = await call(demo);
  expect(status, JSON.stringify(answer)).toBe(200);
  expect(answer).toEqual({ answer: null, message: 'Add a modelProvider credential named openai to get answers (No credentials found for openai)' });
  expect(demo.answers).toContain(answer.message);
  const made = await fetch(`${weft.url}/api/projects/${projectId}/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...first.session.headers },
    body: JSON.stringify({ name: 'openai', credential_type: 'modelProvider', credentials: { apiKey: 'sk-demo', baseUrl: loopback.baseUrl } }),
  });
  expect(made.status).toBe(201);
  loopback.handle((request) =>
    request.body.stream ? { sse: chatStream('gpt-4o-mini', ['Run npm run ', 'rotate-secret.']) } : { json: chatCompletion('gpt-4o-mini', 'Run npm run rotate-secret.') },
  );
}

describe('the demo flows', () => {
  it('are every one of them seeded, and each has a check here', () => {
    expect(Object.keys(ids).sort()).toEqual(demoFlows().map((f) => f.name).sort());
    expect(Object.keys(sensible).sort()).toEqual(Object.keys(ids).sort());
  });

  it('are deployed as version 1, which their production calls run', () => {
    for (const name of Object.keys(ids)) expect(deployed[name], name).toEqual({ status: 'active', deployedVersion: 1 });
  });

  for (const flow of demoFlows()) {
    const demo = demoCall(flow);
    it(`answers ${demo.name} called with its documented body`, async () => {
      if (demo.name.startsWith('Ask the docs')) await askWithoutCredential(demo);
      // the credential exists by now ("Ask the docs" comes first): the model picks the docs path
      if (demo.name.startsWith('Research assistant')) {
        loopback.handle((request) =>
          (request.body.messages as { role: string }[]).some((m) => m.role === 'tool')
            ? { json: chatCompletion('gpt-4o-mini', 'Run npm run rotate-secret.') }
            : { json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'call_agent', name: 'Docs_researcher', arguments: '{"query":"rotate the server secret"}' }] }) },
        );
      }
      const { status, answer } = await call(demo);
      sensible[demo.name](answer);
      expect(status, JSON.stringify(answer)).toBe(200);
    }, 30_000);
  }

  it('are printed by npm start and again by npm run demo -- list: a name line and a curl line each', async () => {
    expect(printed).toHaveLength(2 * demoFlows().length);
    for (const [i, flow] of demoFlows().entries()) {
      expect(printed[2 * i]).toBe(`# ${flow.name}`);
      expect(printed[2 * i + 1]).toMatch(new RegExp(`^curl -X POST '${weft.url}/(hook|widgets/chat)/${ids[flow.name]}(/messages)?' -H 'content-type: application/json' -d '.+'$`));
    }
    const port = Number(new URL(weft.url).port);
    expect(await listDemoCalls(redis, { host: '127.0.0.1', port, prefix: weft.prefix })).toEqual(printed);
    expect(await listDemoCalls(redis, { host: '0.0.0.0', port, prefix: weft.prefix })).toEqual(printed);
  });

  it('are listed in docs/demo-flows.md with their route, body and answer', () => {
    const page = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'demo-flows.md'), 'utf8');
    expect(page.includes(demoCallsTable()), `docs/demo-flows.md should hold this table:\n${demoCallsTable()}`).toBe(true);
  });
});
