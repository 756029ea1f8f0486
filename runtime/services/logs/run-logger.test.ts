/**
 * The run logger on a real engine and Redis: a run's record waits for the run's end, a server
 * that starts later follows what a stopped one was following, and a record is written once.
 */
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../actors/engine.ts';
import type { Plan } from '../../../actors/types.ts';
import { LogStore } from '../stores/logs.ts';
import { RunLogger, type ProductionCall } from './run-logger.ts';

const redisUrl = process.env.REDIS_URL!;
const prefix = `weft-test-${randomUUID().slice(0, 8)}:`;
const redis = new Redis(redisUrl);
const store = new LogStore(redis, prefix, 3600);
const engine = new Engine({ redisUrl, prefix }, async ({ node }) => ({
  output: node.id === 'llm' ? { text: 'hi', _meta: { prompt_tokens: 3, completion_tokens: 4, total_cost: 0.01 } } : { ok: true },
}));
const plan: Plan = {
  flowId: 'flow_logger',
  projectId: 'proj_logger',
  version: 1,
  trigger: 'trigger',
  nodes: {
    trigger: { id: 'trigger', type: 'webhookTriggerNode', role: 'trigger', retries: 0, retryDelayMs: 0, inbound: [], outbound: [{ edgeId: 'e1', source: 'trigger', sourceHandle: 'out', target: 'llm', targetHandle: 'in' }] },
    llm: { id: 'llm', type: 'generateTextNode', role: 'normal', retries: 0, retryDelayMs: 0, inbound: ['e1'], outbound: [] },
  },
};
const flowOf = async (flowId: string) => (flowId === plan.flowId ? { projectId: plan.projectId, name: 'Logged flow' } : null);
const call = (runId: string): ProductionCall => ({
  flowId: plan.flowId, runId, trigger: 'webhook', async: true, answerStatus: 202, receivedAt: Date.now(),
  request: { method: 'POST', path: `/hook/${plan.flowId}`, body: { question: 'q', apiKey: 'sk-hidden' } },
});

afterAll(async () => {
  await engine.close();
  redis.disconnect();
});

describe('RunLogger', () => {
  it('follows a run a stopped server left behind, and writes its record once', async () => {
    // No worker yet: the run stays running while the first logger starts following it.
    const runId = await engine.startRun(plan, { question: 'q' }, { mode: 'production' });
    const stopped = new RunLogger({ engine, store, flowOf });
    stopped.record(call(runId));
    await expect.poll(async () => Object.keys(await store.following())).toEqual([runId]);
    const following = JSON.parse((await store.following())[runId]) as ProductionCall;
    expect(following.request.body).toEqual({ question: 'q', apiKey: '••••' });

    // A server starting later resumes it; then the run ends (a worker takes it).
    const restarted = new RunLogger({ engine, store, flowOf });
    expect(await restarted.resumeFollowing()).toBe(1);
    engine.startWorker(2);
    await restarted.idle();
    await stopped.idle(); // the first one saw the end too: its write changes nothing

    const { items } = await store.query(plan.projectId, { limit: 10 });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: `log_${runId.slice(4)}`, runId, flowName: 'Logged flow', executionType: 'async', responseStatus: 200, severity: 'INFO',
      runStatus: 'completed', nodeIds: ['trigger', 'llm'], tokenUsage: { promptTokens: 3, completionTokens: 4, totalTokens: 7 }, cost: 0.01,
    });
    expect(await store.following()).toEqual({});
    expect(JSON.stringify(items[0])).not.toContain('sk-hidden');
  });

  it('writes a record for a run that ended before it was handed over, without listing it as followed', async () => {
    const runId = await engine.startRun(plan, {}, { mode: 'production' });
    await engine.awaitResult(runId, plan.flowId, [], 10_000);
    const logger = new RunLogger({ engine, store, flowOf });
    logger.record({ ...call(runId), async: false, answerStatus: 200 });
    await logger.idle();
    const { items } = await store.query(plan.projectId, { limit: 10 });
    expect(items.find((r) => r.runId === runId)).toMatchObject({ executionType: 'realtime', responseStatus: 200 });
    expect(await store.following()).toEqual({});
  });
});
