/**
 * The sync store's Lua steps: one sync of a flow holds the lock at a time (the same sync takes
 * it over after its worker died), only the holder moves the progress and the cursor, and a
 * finished sync leaves its summary and frees the lock.
 */
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { SyncStore } from './sync-store.ts';

const redis = new Redis(process.env.REDIS_URL!);
const store = new SyncStore(redis, `weft-test-${randomUUID().slice(0, 8)}:`);
afterAll(() => redis.disconnect());

describe('the sync store', () => {
  it('lets one sync of a flow run at a time, and the same sync take over its own lock', async () => {
    expect(await store.holdLock('flow_a', 'sync_1', 5000)).toBe(true);
    expect(await store.holdLock('flow_a', 'sync_2', 5000)).toBe(false);
    // a resumed sync (its worker died) is the same sync: it takes the lock over
    expect(await store.holdLock('flow_a', 'sync_1', 5000)).toBe(true);
    expect(await store.lockHolder('flow_a')).toBe('sync_1');
    // another flow's syncs are not held up
    expect(await store.holdLock('flow_b', 'sync_2', 5000)).toBe(true);
  });

  it('moves progress and cursor only for the sync holding the lock, and frees it when the sync ends', async () => {
    await store.holdLock('flow_c', 'sync_1', 5000);
    await store.beginSync('flow_c', 'sync_1', 'manual', null, 1000);
    const batch = { batch: 1, cursor: { id: 3 }, read: 3, written: 3, incremental: true };
    expect(await store.commitBatch('flow_c', 'sync_2', batch)).toBe(false);
    expect(await store.commitBatch('flow_c', 'sync_1', batch)).toBe(true);
    expect(await store.progress('flow_c')).toEqual({ syncId: 'sync_1', trigger: 'manual', startedAt: 1000, batch: 1, cursor: { id: 3 }, read: 3, written: 3 });
    expect(await store.cursor('flow_c')).toEqual({ id: 3 });
    // a full refresh moves its progress but leaves the incremental cursor alone
    expect(await store.commitBatch('flow_c', 'sync_1', { ...batch, batch: 2, cursor: { id: 6 }, incremental: false })).toBe(true);
    expect(await store.cursor('flow_c')).toEqual({ id: 3 });
    // resuming the same sync finds its progress; a new one starts afresh
    expect((await store.beginSync('flow_c', 'sync_1', 'manual', null, 2000)).batch).toBe(2);
    const summary = { id: 'sync_1', startedAt: 1000, endedAt: 3000, status: 'succeeded' as const, recordsRead: 6, recordsWritten: 6 };
    expect(await store.finishSync('flow_c', { ...summary, id: 'sync_2' })).toBe(false);
    expect(await store.finishSync('flow_c', summary)).toBe(true);
    expect(await store.history('flow_c')).toEqual([summary]);
    expect(await store.progress('flow_c')).toBeNull();
    expect(await store.lockHolder('flow_c')).toBeNull();
  });

  it('resets a deleted job to inactive with nulls', async () => {
    await store.saveJob('flow_d', { config: { source: 's', destination: 'd', connection: 'c', status: 'active', credentialId: 'cred' }, spec: null });
    await store.deleteJob('flow_d');
    expect(await store.config('flow_d')).toEqual({ source: null, destination: null, connection: null, status: 'inactive', credentialId: null });
    expect(await store.config('flow_never')).toEqual({ source: null, destination: null, connection: null, status: 'inactive', credentialId: null });
  });
});
