/**
 * The embedded engine's create when a step fails (spec 001 §4: what it made is removed, and
 * the caller learns it was a passing fault with the spec's text), and the deployment hook's
 * undo when the record cannot be stored.
 */
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PassingFaultError } from '../../../services/domain-errors.ts';
import { addSourceReader } from '../../../services/sync-sources/index.ts';
import { SyncJobs } from '../sync-jobs.ts';
import { SyncStore } from '../sync-store.ts';
import { LIST_SOURCE, listSourceReader } from '../testing/list-source.ts';
import type { SyncJobSpec } from '../../../services/sync-sources/types.ts';
import { EmbeddedSyncEngine } from './embedded-engine.ts';
import type { SyncJobData } from './sync-queue.ts';

let redis: Redis;
let queue: Queue<SyncJobData>;
let store: SyncStore;
const prefix = `weft-test-${randomUUID().slice(0, 8)}:`;
const credentials = async () => ({ id: null, fields: {} });
const spec: SyncJobSpec = {
  projectId: 'project_1', flowId: 'flow_1', nodeId: 'listSource_1', nodeType: LIST_SOURCE, values: { records: 3 },
  credentialName: '', schedule: { expression: '0 0 00 ? * 1 *', timeZone: 'UTC' }, syncMode: 'incremental_append',
};
const failing = () => Promise.reject(new Error('queue down'));

beforeAll(() => {
  addSourceReader(listSourceReader);
  redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
  queue = new Queue<SyncJobData>('sync', { connection: redis, prefix: `${prefix}bull` });
  store = new SyncStore(redis, prefix);
});
afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  redis.disconnect();
});

describe('a job whose making fails half-way', () => {
  it('removes the scheduler it made when the first sync cannot be queued: Unable to run the job (502)', async () => {
    const engine = new EmbeddedSyncEngine({ queue: Object.assign(Object.create(queue), { add: failing }), store, credentials });
    const refused = await engine.create(spec).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PassingFaultError);
    expect(refused).toMatchObject({ message: 'Unable to run the job', kind: 'operational', details: { cause: 'queue down' } });
    expect(await queue.getJobSchedulers()).toEqual([]);
  });

  it('makes nothing when the source cannot be checked: Job Setup Failed with error, and the error’s message', async () => {
    const unreadable = () => Promise.reject(new Error('token refresh timed out'));
    const engine = new EmbeddedSyncEngine({ queue, store, credentials: unreadable });
    const refused = await engine.create(spec).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PassingFaultError);
    expect(refused).toMatchObject({ message: 'Job Setup Failed with error: token refresh timed out', kind: 'operational' });
    // nothing to tell but that it failed: the spec's bare text
    const silent = new EmbeddedSyncEngine({ queue, store, credentials: () => Promise.reject(new Error('')) });
    await expect(silent.create(spec)).rejects.toMatchObject({ message: 'Job Setup Failed' });
    expect(await queue.getJobSchedulers()).toEqual([]);
  });

  it('makes nothing when the scheduler cannot be made: Unable to create the job', async () => {
    const engine = new EmbeddedSyncEngine({ queue: Object.assign(Object.create(queue), { upsertJobScheduler: failing }), store, credentials });
    await expect(engine.create(spec)).rejects.toMatchObject({ message: 'Unable to create the job', kind: 'operational' });
    expect(await queue.getJobSchedulers()).toEqual([]);
    expect(await queue.getJobCounts('wait', 'delayed')).toEqual({ wait: 0, delayed: 0 });
  });

  it('answers Unable to update the job when the schedule cannot be changed, Invalid operation without a job', async () => {
    const engine = new EmbeddedSyncEngine({ queue: Object.assign(Object.create(queue), { upsertJobScheduler: failing, removeJobScheduler: failing }), store, credentials });
    const record = { source: 'flow_1-source-a', destination: 'flow_1-flow', connection: 'flow_1-connection-a', status: 'active' as const, credentialId: null };
    const weekdays = { ...spec, schedule: { expression: '0 0 8 ? * 2-6 *', timeZone: 'UTC' } };
    await expect(engine.update(record, spec, weekdays)).rejects.toMatchObject({ message: 'Unable to update the job', kind: 'operational' });
    await expect(engine.pause(record)).rejects.toMatchObject({ message: 'Unable to update the job' });
    await expect(engine.resume(record, spec)).rejects.toMatchObject({ message: 'Unable to update the job' });
    const none = { ...record, connection: null };
    for (const action of [engine.pause(none), engine.resume(none, spec), engine.runNow(none, spec)]) {
      await expect(action).rejects.toMatchObject({ message: 'Invalid operation', code: 'sync_job_refused' });
    }
  });

  it('deletes the job it made when the record cannot be stored', async () => {
    const engine = new EmbeddedSyncEngine({ queue, store, credentials });
    const unstorable = Object.assign(Object.create(store), { saveJob: failing }) as SyncStore;
    const jobs = new SyncJobs({ store: unstorable, catalogue: { get: () => undefined }, engines: { embedded: engine } });
    const flow = { id: 'flow_1', projectId: 'project_1' } as Parameters<SyncJobs['deploying']>[0];
    const content = { name: 'f', nodes: [{ id: 'listSource_1', type: LIST_SOURCE, position: { x: 0, y: 0 }, values: { records: 3, cronExpression: '0 0 00 ? * 1 * UTC' } }], edges: [] };
    await expect(jobs.deploying(flow, content)).rejects.toMatchObject({ message: 'Unable to create the job' });
    expect(await queue.getJobSchedulers()).toEqual([]);
    expect(await store.config('flow_1')).toMatchObject({ connection: null, status: 'inactive' });
  });
});
