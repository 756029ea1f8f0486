/**
 * A supervisor iteration survives a worker crash (#16, spec 002 §4): the server (role 'server')
 * hands the run to a worker process; that worker asks the loopback model, which calls the
 * Weather agent, and is SIGKILLed while the agent's path waits on a slow weather service. A
 * worker started afterwards takes the run over: the iteration resumes at its path (run again),
 * the model is not asked again for that iteration, and the run answers as if nothing happened.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackApi, type LoopbackApi } from '../../../catalogue/testing/loopback-api.ts';
import type { RunSnapshot } from '../../../contract/runs.ts';
import { readSse } from '../../testing/sse-client.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { chatCompletion, startOpenAILoopback, type OpenAILoopback } from './testing/openai-loopback.ts';

let weft: TestWeft;
let loopback: OpenAILoopback;
let weather: LoopbackApi;
let projectId = '';
let key = '';

const at = { x: 0, y: 0 };
const edge = (id: string, source: string, target: string, sourceHandle = 'out') => ({ id, source, sourceHandle, target, targetHandle: 'in' });
const model = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'llm' };
const agents = [{ name: 'Weather', description: 'The weather in a city', schema: { city: { type: 'string', required: true } } }];

beforeAll(async () => {
  loopback = await startOpenAILoopback();
  weather = await startLoopbackApi();
  weft = await startTestWeft({ role: 'server', lockDurationMs: 2000, outboundAllow: [loopback.host, weather.hostPort] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Agent crash' })).id;
  key = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'crash test' })).key;
  await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'llm', credential_type: 'modelProvider', credentials: { apiKey: 'sk-x', baseUrl: loopback.baseUrl } });
});
afterAll(async () => {
  await weft?.close();
  await loopback?.close();
  await weather?.close();
});

async function deployed(): Promise<string> {
  const nodes = [
    { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: {} },
    {
      id: 'agent_1',
      type: 'agent',
      position: at,
      values: { generativeModelName: model, agents, prompts: [{ role: 'system', content: 'You are an AI Assistant' }, { role: 'user', content: '{{trigger.output.question}}' }] },
    },
    { id: 'weather_1', type: 'apiNode', position: at, values: { url: `${weather.url}/weather?city={{agent_1.output.agentTool.parameters.city}}`, method: 'GET' } },
    { id: 'agentLoopEnd_1', type: 'agentLoopEndNode', position: at, values: {} },
    { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: [{ key: 'answer', value: '{{agentLoopEnd_1.output.finalResponse}}' }, { key: 'agents', value: '{{agentLoopEnd_1.output.agentOutput}}' }] } },
  ];
  const edges = [
    edge('e1', 'webhookTrigger_1', 'agent_1'),
    edge('e2', 'agent_1', 'weather_1', 'Weather'),
    edge('e3', 'weather_1', 'agentLoopEnd_1'),
    edge('e4', 'agentLoopEnd_1', 'apiResponse_1'),
  ];
  const created = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'Crash', nodes, edges });
  await weft.api('POST', `/api/flows/${created.id}/deploy`, { status: 'active' });
  return created.id;
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

describe('a supervisor iteration and a worker crash', () => {
  it('resumes the iteration at its agent path after a SIGKILL, asking the model once per iteration', async () => {
    let modelCalls = 0;
    loopback.handle((request) => {
      modelCalls++;
      const messages = request.body.messages as { role: string; content: string }[];
      const found = messages.find((m) => m.role === 'tool');
      if (!found) return { json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'call_w', name: 'Weather', arguments: '{"city":"Oslo"}' }] }) };
      return { json: chatCompletion('gpt-4o-mini', `Weather says ${found.content}`) };
    });
    // the first weather request hangs (the worker dies waiting on it); later ones answer
    let release: () => void = () => {};
    const hanging = new Promise<void>((ok) => (release = ok));
    weather.respond(async (request) => {
      if (weather.seen.filter((r) => r.url.startsWith('/weather')).length === 1) await hanging;
      return { body: { forecast: `sunny in ${new URL(request.url, weather.url).searchParams.get('city')}` } };
    });

    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', '..', 'testing', 'crash-weft-worker.ts')], {
      env: { ...process.env, WEFT_PREFIX: weft.prefix, WEFT_OUTBOUND_ALLOW: [loopback.host, weather.hostPort].join(',') },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise<void>((ok) => child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && ok()));
      const flowId = await deployed();
      const answered = weft.request('POST', `/hook/${flowId}`, { question: 'Weather in Oslo?' }, { authorization: `Bearer ${key}` });
      for (let i = 0; i < 400 && weather.seen.length === 0; i++) await sleep(25);
      expect(weather.seen).toHaveLength(1);
      expect(modelCalls).toBe(1);
      child.kill('SIGKILL');
      await new Promise((ok) => child.once('exit', ok));
      release();

      weft.engine.startWorker(4);
      const answer = await answered;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({
        answer: 'Weather says {"forecast":"sunny in Oslo"}',
        agents: [{ iteration: 0, agent: 'Weather', parameters: { city: 'Oslo' } }],
      });
      // iteration 0's model call was made once (by the killed worker), iteration 1's once
      expect(modelCalls).toBe(2);
      expect(weather.seen.filter((r) => r.url === '/weather?city=Oslo')).toHaveLength(2);
      const runId = answer.headers.get('x-weft-run-id')!;
      const events = await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers });
      const completed = (nodeId: string) => events.filter((e) => e.type === 'node.completed' && e.nodeId === nodeId).map((e) => e.iteration);
      expect(completed('agent_1')).toEqual([undefined, 0, 1]);
      expect(completed('weather_1')).toEqual([0, undefined]);
      const snap = await weft.api<RunSnapshot>('GET', `/api/runs/${runId}`);
      expect(snap.status).toBe('completed');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
