import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowDocument, FlowNode } from '../../../contract/flow-document.ts';
import { answerOf, DomainError, type Answer } from '../domain-errors.ts';
import { FlowStore } from './flows.ts';

let redis: Redis;
const prefix = `weft-test-${randomUUID()}:`;
const trigger: FlowNode = { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} };

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL!);
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

async function refusal(promise: Promise<unknown>): Promise<Answer> {
  const error = await promise.then(() => null, (e: unknown) => e);
  // stores throw domain errors; their answer (status, code, message) is what callers see
  expect(error).toBeInstanceOf(DomainError);
  return answerOf(error)!;
}

const renamed = (name: string) => (flow: FlowDocument) => ({ ...flow, name });

describe('FlowStore', () => {
  it('creates a draft at version 1 under the documented keys and lists it in its project', async () => {
    const store = new FlowStore(redis, prefix);
    const flow = await store.create('proj_a', { name: 'Hello', nodes: [trigger], edges: [] });
    expect(flow).toMatchObject({ projectId: 'proj_a', name: 'Hello', status: 'draft', version: 1, nodes: [trigger], edges: [] });
    expect(flow.id).toMatch(/^flow_[0-9a-f]{16}$/);
    expect(flow.createdAt).toBe(flow.updatedAt);
    expect(JSON.parse((await redis.get(`${prefix}flow:${flow.id}`))!)).toEqual(flow);
    expect(await redis.zrange(`${prefix}project:proj_a:flows`, 0, -1)).toEqual([flow.id]);
    expect(await store.list('proj_a')).toEqual([flow]);
    expect(await store.list('proj_none')).toEqual([]);
  });

  it('bumps the version on every save and keeps id, project and creation time', async () => {
    const store = new FlowStore(redis, prefix);
    const flow = await store.create('proj_b', { name: 'v1', nodes: [trigger], edges: [] });
    const saved = await store.update(flow.id, (f) => ({ ...f, name: 'v2', id: 'flow_other', projectId: 'proj_other', createdAt: 0 }), 1);
    expect(saved).toMatchObject({ id: flow.id, projectId: 'proj_b', createdAt: flow.createdAt, name: 'v2', version: 2 });
    expect(saved.updatedAt).toBeGreaterThanOrEqual(flow.updatedAt);
    expect(await store.get(flow.id)).toEqual(saved);
    expect((await store.update(flow.id, renamed('v3'))).version).toBe(3);
  });

  it('shares one parse of a flow while it is unchanged, and reads a save (here or by another process) at once', async () => {
    const store = new FlowStore(redis, prefix);
    const flow = await store.create('proj_s', { name: 's1', nodes: [trigger], edges: [] });
    const first = await store.shared(flow.id);
    expect(first).toEqual(flow);
    expect(await store.shared(flow.id)).toBe(first);
    await new FlowStore(redis, prefix).update(flow.id, renamed('s2'));
    const changed = await store.shared(flow.id);
    expect(changed).not.toBe(first);
    expect(changed).toMatchObject({ name: 's2', version: 2 });
    await store.delete(flow.id);
    expect(await store.shared(flow.id)).toBeNull();
  });

  it('refuses a save made from a stale version with 409 conflict, leaving the stored flow alone', async () => {
    const store = new FlowStore(redis, prefix);
    const flow = await store.create('proj_c', { name: 'base', nodes: [trigger], edges: [] });
    await store.update(flow.id, renamed('theirs'), 1);
    const error = await refusal(store.update(flow.id, renamed('mine'), 1));
    expect(error.status).toBe(409);
    expect(error).toEqual({ status: 409, code: 'conflict', message: 'The flow changed elsewhere: you edited version 1, the saved one is version 2', details: { version: 2 } });
    expect(await store.get(flow.id)).toMatchObject({ name: 'theirs', version: 2 });
  });

  it('lets exactly one of several saves from the same version win', async () => {
    const store = new FlowStore(redis, prefix);
    const flow = await store.create('proj_d', { name: 'base', nodes: [trigger], edges: [] });
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((n) => store.update(flow.id, renamed(`edit ${n}`), 1)));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r.reason as DomainError).code === 'conflict')).toBe(true);
    const stored = await store.get(flow.id);
    expect(stored).toMatchObject({ version: 2, name: (won[0] as PromiseFulfilledResult<FlowDocument>).value.name });
  });

  it('loses no change when concurrent saves carry no version: each applies to the latest', async () => {
    const store = new FlowStore(redis, prefix);
    const flow = await store.create('proj_e', { name: '', nodes: [trigger], edges: [] });
    const writers = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    await Promise.all(writers.map((w) => store.update(flow.id, (f) => ({ ...f, name: f.name + w }))));
    const stored = (await store.get(flow.id))!;
    expect(stored.version).toBe(1 + writers.length);
    expect([...stored.name].sort().join('')).toBe(writers.join(''));
  });

  it('writes nothing when the change throws', async () => {
    const store = new FlowStore(redis, prefix);
    const flow = await store.create('proj_f', { name: 'kept', nodes: [trigger], edges: [] });
    await expect(store.update(flow.id, () => { throw new Error('no'); })).rejects.toThrow('no');
    expect(await store.get(flow.id)).toEqual(flow);
  });

  it('deletes a flow and its place in the project; later saves find nothing', async () => {
    const store = new FlowStore(redis, prefix);
    const flow = await store.create('proj_g', { name: 'gone', nodes: [trigger], edges: [] });
    const other = await store.create('proj_g', { name: 'stays', nodes: [trigger], edges: [] });
    expect(await store.delete(flow.id)).toBe(true);
    expect(await store.get(flow.id)).toBeNull();
    expect(await redis.exists(`${prefix}flow:${flow.id}`)).toBe(0);
    expect(await store.list('proj_g')).toEqual([other]);
    expect(await store.delete(flow.id)).toBe(false);
    const error = await refusal(store.update(flow.id, renamed('back')));
    expect(error).toMatchObject({ code: 'not_found', message: 'Workflow not found', details: {} });
    expect(await redis.exists(`${prefix}flow:${flow.id}`)).toBe(0);
  });
});
