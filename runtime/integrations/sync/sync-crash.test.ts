/**
 * A sync survives its worker: a weft process killed (SIGKILL) mid-sync leaves the sync's BullMQ
 * job stalled and its lock to expire; another process resumes the same sync at its last stored
 * batch, and every record starts exactly one run. And, step by step, a sync interrupted in the
 * middle of a batch starts none of that batch's runs twice when it is resumed.
 */
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedFlow } from '../../../contract/flow-document.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { runSync, type SyncRunnerDeps } from './embedded/sync-runner.ts';
import { SyncStore } from './sync-store.ts';
import { crashWorkers, type CrashWorkers } from './testing/crash-workers.ts';
import { LIST_SOURCE, listSourceNode, listSourceReader } from './testing/list-source.ts';
import { listSourceFlow, syncedIds, syncStateWhen } from './testing/sync-test-helpers.ts';
import type { SyncJobSpec } from '../../services/sync-sources/types.ts';

let weft: TestWeft;
let workers: CrashWorkers;

beforeAll(async () => {
  // this process keeps the jobs and answers the routes; the syncs run in the child processes
  weft = await startTestWeft({ extraNodes: [listSourceNode], extraSourceReaders: [listSourceReader], sync: { worker: false, lockMs: 1500 } });
  workers = crashWorkers(weft.prefix);
});
afterAll(async () => {
  workers?.killAll();
  await weft?.close();
});

describe('a sync whose worker dies', () => {
  it('is resumed by another process: no record lost, none run twice', async () => {
    const first = await workers.start();
    const projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Crash' })).id;
    const flow = await weft.api<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name: 'Crash', ...listSourceFlow({ records: 12, batchSize: 2, delayMs: 250 }) });
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    await syncStateWhen(weft, flow.id, (s) => (s.progress?.read ?? 0) >= 4);
    await workers.kill(first);
    const redis = new Redis(process.env.REDIS_URL!);
    const progressKey = `${weft.prefix}{sync:${flow.id}}:progress`;
    const [killedSync, readAtKill] = await redis.hmget(progressKey, 'syncId', 'read');
    expect(Number(readAtKill)).toBeLessThan(12);

    await workers.start();
    const done = await syncStateWhen(weft, flow.id, (s) => s.lastRun?.status === 'succeeded', 30_000);
    // the same sync, resumed: not a new one
    expect(done.lastRun).toMatchObject({ id: killedSync, status: 'succeeded', recordsRead: 12, recordsWritten: 12 });
    expect(await redis.exists(progressKey)).toBe(0);
    redis.disconnect();
    expect(await syncedIds(weft.engine, flow.id)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  }, 60_000);
});

describe('a sync interrupted in the middle of a batch', () => {
  it('resumes at that batch and starts only the runs it had not started', async () => {
    const redis = new Redis(process.env.REDIS_URL!);
    const store = new SyncStore(redis, `${weft.prefix}step:`);
    const flowId = 'flow_step';
    const spec: SyncJobSpec = {
      projectId: 'project_step', flowId, nodeId: 'listSource_1', nodeType: LIST_SOURCE,
      values: { records: 7, batchSize: 3, delayMs: 0, stream: 'items' },
      credentialName: '', schedule: { expression: '0 0 0 ? * 1 *', timeZone: 'UTC' }, syncMode: 'incremental_append',
    };
    await store.saveJob(flowId, { config: { source: 's', destination: 'd', connection: 'c', status: 'active', credentialId: null }, spec });
    const started = new Map<string, unknown>();
    let interruptAfter = 4;
    const interrupt = new AbortController();
    const deps: SyncRunnerDeps = {
      store,
      flows: { get: async () => ({ status: 'active' }) as never },
      engine: { meta: async (runId) => (started.has(runId) ? ({ runId } as never) : null), completeStart: async () => undefined },
      usage: { checkRecords: async () => undefined },
      credentials: async () => ({ id: null, fields: {} }),
      outbound: { request: async () => { throw new Error('no calls out'); } },
      calls: {
        async call(request) {
          started.set(request.runId!, request.input(null as never));
          // the worker dies after its 4th run, the first of the second batch (records 4 to 6)
          if (--interruptAfter === 0) interrupt.abort(new Error('killed'));
          return { status: 'running', runId: request.runId! };
        },
      },
    };
    const data = { flowId, connection: 'c', trigger: 'manual' as const };
    await expect(runSync(deps, data, 'sync_step', interrupt.signal)).rejects.toThrow('killed');
    expect(await store.progress(flowId)).toMatchObject({ syncId: 'sync_step', batch: 1, read: 3, cursor: 3 });
    const summary = await runSync(deps, data, 'sync_step', new AbortController().signal);
    expect(summary).toMatchObject({ status: 'succeeded', recordsRead: 7, recordsWritten: 7 });
    expect([...started.values()].map((input) => (input as { id: number }).id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await store.cursor(flowId)).toBe(7);
    await store.forget(flowId);
    redis.disconnect();
  });
});
