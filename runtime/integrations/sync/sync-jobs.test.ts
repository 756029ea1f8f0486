/**
 * Sync jobs through the whole server, with the test list source: deploying a data-source flow
 * makes its job (a BullMQ job scheduler on the cron in its zone) and a first sync whose records
 * each start one production run; incremental syncs go on from the cursor, full refresh from the
 * start; the spec 001 §4 update rules decide between remaking the source, a sync, or only the
 * schedule; pause, resume and run now; stopping the flow deletes the job; bad cron expressions
 * and missing credentials refuse the deploy with the spec's texts.
 */
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedFlow } from '../../../contract/flow-document.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { syncRunId } from './embedded/sync-runner.ts';
import { listSourceNode, listSourceReader } from './testing/list-source.ts';
import { listSourceFlow, syncedIds, syncStateWhen } from './testing/sync-test-helpers.ts';
import type { SyncJobState } from '../../services/sync-sources/types.ts';

let weft: TestWeft;
let redis: Redis;
let queue: Queue;
let projectId = '';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const ended = (syncs: number) => (state: SyncJobState) => state.state !== 'running' && state.lastRun !== null && state.lastRun.status !== 'running' && (syncs === 0 || countEnded(state) >= syncs);
let endedSyncs = new Map<string, Set<string>>();
const countEnded = (state: SyncJobState) => {
  const seen = endedSyncs.get(state.flowId) ?? new Set<string>();
  if (state.lastRun) seen.add(state.lastRun.id);
  endedSyncs.set(state.flowId, seen);
  return seen.size;
};

async function deploy(flowId: string, values: Record<string, unknown>) {
  await weft.api('PUT', `/api/flows/${flowId}`, listSourceFlow(values));
  return weft.request('POST', `/api/flows/${flowId}/deploy`, { status: 'active' });
}

async function deployedFlow(name: string, values: Record<string, unknown>) {
  const flow = await weft.api<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name, ...listSourceFlow(values) });
  await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
  return flow.id;
}

beforeAll(async () => {
  weft = await startTestWeft({ extraNodes: [listSourceNode], extraSourceReaders: [listSourceReader] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Syncs' })).id;
  redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
  queue = new Queue('sync', { connection: redis, prefix: `${weft.prefix}bull` });
});
afterAll(async () => {
  await queue?.close();
  redis?.disconnect();
  await weft?.close();
});

describe('sync jobs of data-source flows', () => {
  it('deploying makes the job and a first sync: one run per record, ids derived from the sync', async () => {
    const flowId = await deployedFlow('Seven records', { records: 7, batchSize: 3 });
    const state = await syncStateWhen(weft, flowId, ended(1));
    expect(state).toMatchObject({
      flowId,
      engine: 'embedded',
      state: 'active',
      schedule: { expression: '0 0 00 ? * 1 *', timeZone: 'UTC' },
      config: { status: 'active', destination: `${flowId}-flow`, engine: 'embedded', credentialId: null },
      lastRun: { status: 'succeeded', recordsRead: 7, recordsWritten: 7 },
      progress: null,
    });
    expect(state.config.source).toMatch(new RegExp(`^${flowId}-source-`));
    // the default schedule: Sunday midnight UTC
    expect(new Date(state.nextRunAt!).getUTCDay()).toBe(0);
    expect(new Date(state.nextRunAt!).toISOString()).toMatch(/T00:00:00.000Z$/);
    const scheduler = await queue.getJobScheduler(state.config.connection!);
    expect(scheduler).toMatchObject({ pattern: '0 0 00 ? * 0', tz: 'UTC' });
    expect(await syncedIds(weft.engine, flowId)).toEqual(range(1, 7));
    // batches of 3: the last record is element 0 of batch 2
    const run = await weft.engine.meta(syncRunId(flowId, state.lastRun!.id, 2, 0));
    expect(run).toMatchObject({ mode: 'production', input: { id: 7, text: 'record 7' } });
    const log = await weft.api<{ items: { trigger: string; flowId: string }[] }>('GET', `/api/projects/${projectId}/logs?flowId=${flowId}`);
    expect(log.items[0]).toMatchObject({ trigger: 'sync', flowId });
  });

  it('syncs incrementally from the cursor, resyncs on resyncOn fields, remakes the source on recreateOn fields', async () => {
    const flowId = await deployedFlow('Growing', { records: 4, batchSize: 2 });
    const first = await syncStateWhen(weft, flowId, ended(1));
    // nothing new: a sync reads nothing
    await weft.api('POST', `/api/flows/${flowId}/sync/run`);
    expect((await syncStateWhen(weft, flowId, ended(2))).lastRun).toMatchObject({ status: 'succeeded', recordsRead: 0 });
    // records (resyncOn): the same source and connection, a sync of the new records only
    expect((await deploy(flowId, { records: 6, batchSize: 2 })).status).toBe(200);
    const resynced = await syncStateWhen(weft, flowId, ended(3));
    expect(resynced.config).toMatchObject({ source: first.config.source, connection: first.config.connection });
    expect(resynced.lastRun).toMatchObject({ recordsRead: 2 });
    expect(await syncedIds(weft.engine, flowId)).toEqual(range(1, 6));
    // only the schedule: the connection's scheduler changes, no sync
    expect((await deploy(flowId, { records: 6, batchSize: 2, cronExpression: '0 30 9 ? * 2-6 * Europe/Paris' })).status).toBe(200);
    const rescheduled = await weft.api<SyncJobState>('GET', `/api/flows/${flowId}/sync`);
    expect(rescheduled.lastRun?.id).toBe(resynced.lastRun?.id);
    expect(await queue.getJobScheduler(first.config.connection!)).toMatchObject({ pattern: '0 30 9 ? * 1-5', tz: 'Europe/Paris' });
    // stream (recreateOn): a new source and connection from scratch, the old scheduler gone
    expect((await deploy(flowId, { records: 6, batchSize: 2, stream: 'other' })).status).toBe(200);
    const remade = await syncStateWhen(weft, flowId, ended(4));
    expect(remade.config.source).not.toBe(first.config.source);
    expect(remade.config.connection).not.toBe(first.config.connection);
    expect(await queue.getJobScheduler(first.config.connection!)).toBeUndefined();
    expect(remade.lastRun).toMatchObject({ status: 'succeeded', recordsRead: 6 });
  });

  it('reads everything again in full refresh mode', async () => {
    const flowId = await deployedFlow('Full', { records: 3, syncMode: 'full_refresh_append' });
    await syncStateWhen(weft, flowId, ended(1));
    await weft.api('POST', `/api/flows/${flowId}/sync/run`);
    expect((await syncStateWhen(weft, flowId, ended(2))).lastRun).toMatchObject({ recordsRead: 3 });
    expect(await syncedIds(weft.engine, flowId)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('pauses, resumes, and answers a run now with the sync under way', async () => {
    const flowId = await deployedFlow('Slow', { records: 4, batchSize: 1, delayMs: 300 });
    const running = await syncStateWhen(weft, flowId, (s) => s.state === 'running');
    expect(running.progress).toMatchObject({ total: 4 });
    const holder = await redis.get(`${weft.prefix}{sync:${flowId}}:lock`);
    expect((await weft.api<{ syncId: string }>('POST', `/api/flows/${flowId}/sync/run`)).syncId).toBe(holder);
    await syncStateWhen(weft, flowId, ended(1));
    const paused = await weft.api<SyncJobState>('POST', `/api/flows/${flowId}/sync/pause`);
    expect(paused).toMatchObject({ state: 'paused', config: { status: 'inactive' }, nextRunAt: null });
    expect(await queue.getJobScheduler(paused.config.connection!)).toBeUndefined();
    const resumed = await weft.api<SyncJobState>('POST', `/api/flows/${flowId}/sync/resume`);
    expect(resumed).toMatchObject({ state: 'active', config: { status: 'active' }, nextRunAt: expect.any(Number) });
    expect(await queue.getJobScheduler(resumed.config.connection!)).toMatchObject({ pattern: '0 0 00 ? * 0' });
  });

  it('syncs on its schedule (every second here) until paused', async () => {
    const flowId = await deployedFlow('Every second', { records: 2, cronExpression: '* * * ? * * UTC' });
    const history = () => redis.lrange(`${weft.prefix}{sync:${flowId}}:history`, 0, -1);
    await expect.poll(async () => (await history()).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    const syncs = (await history()).map((item) => JSON.parse(item) as { id: string; status: string });
    expect(syncs.filter((sync) => sync.id.startsWith('repeat:')).length).toBeGreaterThanOrEqual(2);
    expect(syncs.every((sync) => sync.status === 'succeeded')).toBe(true);
    await weft.api('POST', `/api/flows/${flowId}/sync/pause`);
    await syncStateWhen(weft, flowId, (state) => state.state === 'paused');
    const paused = (await history()).length;
    await new Promise((ok) => setTimeout(ok, 2000));
    expect((await history()).length).toBe(paused);
    expect(await syncedIds(weft.engine, flowId)).toEqual([1, 2]);
  });

  it('deletes the job when the flow stops: the record inactive with nulls', async () => {
    const flowId = await deployedFlow('Stopped', { records: 1 });
    const { config } = await syncStateWhen(weft, flowId, ended(1));
    await weft.api('POST', `/api/flows/${flowId}/deploy`, { status: 'inactive' });
    const state = await weft.api<SyncJobState>('GET', `/api/flows/${flowId}/sync`);
    expect(state).toMatchObject({ state: 'inactive', schedule: null, nextRunAt: null, config: { source: null, destination: null, connection: null, status: 'inactive', credentialId: null } });
    expect(await queue.getJobScheduler(config.connection!)).toBeUndefined();
    for (const action of ['pause', 'resume', 'run']) {
      const refused = await weft.request('POST', `/api/flows/${flowId}/sync/${action}`);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('Invalid operation');
    }
  });

  it('drops the schedule of a deleted flow when it next fires', async () => {
    const flowId = await deployedFlow('Deleted', { records: 1 });
    const { config } = await syncStateWhen(weft, flowId, ended(1));
    await weft.api('DELETE', `/api/flows/${flowId}`);
    // the scheduler's next firing, now
    await queue.add('sync', { flowId, connection: config.connection, trigger: 'schedule' });
    await expect.poll(() => queue.getJobScheduler(config.connection!), { timeout: 5000 }).toBeUndefined();
    expect(await redis.exists(`${weft.prefix}{sync:${flowId}}:job`)).toBe(0);
  });

  it('refuses a deploy with a bad cron expression or a missing credential, with the spec’s texts', async () => {
    const flow = await weft.api<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name: 'Refused', ...listSourceFlow() });
    for (const [values, message] of [
      [{ cronExpression: '0 0 0 ? * 1' }, 'Invalid cron expression'],
      [{ cronExpression: '0 0 0 ? * 9 UTC' }, 'Invalid cron expression'],
      [{ credentials: 'nope' }, 'No credentials found for nope'],
      [{ stream: 'refused' }, 'Unable to create the source for the list'],
    ] as const) {
      const refused = await deploy(flow.id, values);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    const state = await weft.api<SyncJobState>('GET', `/api/flows/${flow.id}/sync`);
    expect(state).toMatchObject({ state: 'inactive', config: { connection: null } });
    expect((await weft.api<CheckedFlow>('GET', `/api/flows/${flow.id}`)).status).toBe('draft');
  });

  it('shows another organisation’s flow to no one', async () => {
    const flowId = await deployedFlow('Private', { records: 1 });
    const stranger = await weft.createUser({ name: 'Stranger' });
    expect((await stranger.request('GET', `/api/flows/${flowId}/sync`)).status).toBe(404);
    expect((await stranger.request('POST', `/api/flows/${flowId}/sync/run`)).status).toBe(404);
  });
});
