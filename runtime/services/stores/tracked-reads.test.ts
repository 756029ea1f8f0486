/** Tracked reads against a real Redis: kept until Redis says the key changed, and nothing kept while that word could be lost. */
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FlowStore } from './flows.ts';
import { trackedReads } from './tracked-reads.ts';

let redis: Redis;
let other: Redis;
const key = `weft-test-${randomUUID()}:tracked`;
const name = `test-${randomUUID().slice(0, 8)}`;

beforeEach(() => {
  redis = new Redis(process.env.REDIS_URL!, { connectionName: name });
  other = new Redis(process.env.REDIS_URL!);
});
afterEach(async () => {
  await other.del(key);
  redis.disconnect();
  other.disconnect();
});

/** reads `key` through the tracked reads of `redis`, counting the reads that reached Redis */
function counted() {
  const fetched = { count: 0 };
  const read = () => trackedReads(redis).read(key, '', (connection) => (fetched.count++, connection.get(key)));
  return { fetched, read };
}

/** until `check` passes (Redis's word travels on its own connection) */
async function eventually(check: () => Promise<void>): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      return await check();
    } catch (error) {
      if (i > 100) throw error;
      await new Promise((ok) => setTimeout(ok, 10));
    }
  }
}

/** once a read is kept: tracking has been set up */
async function kept(read: () => Promise<unknown>, fetched: { count: number }) {
  await eventually(async () => {
    await read();
    const before = fetched.count;
    await read();
    expect(fetched.count).toBe(before);
  });
}

describe('tracked reads', () => {
  it('keep a value until another connection writes its key, then read it again', async () => {
    await other.set(key, 'one');
    const { fetched, read } = counted();
    await kept(read, fetched);
    expect(await read()).toBe('one');
    await other.set(key, 'two');
    await eventually(async () => expect(await read()).toBe('two'));
    await kept(read, fetched);
    await other.del(key);
    await eventually(async () => expect(await read()).toBeNull());
  });

  it('keep a field of a hash per field, all of them going when the hash changes', async () => {
    await other.hset(key, 'a', '1', 'b', '2');
    const field = (name: string) => trackedReads(redis).read(key, name, (connection) => connection.hget(key, name));
    await eventually(async () => {
      expect([await field('a'), await field('b')]).toEqual(['1', '2']);
      await other.hset(key, 'b', '3');
      expect(await field('b')).toBe('3');
    });
  });

  it('forget at once what this process wrote', async () => {
    const flows = new FlowStore(redis, `weft-test-${randomUUID()}:`);
    const flow = await flows.create('proj_tracked', { name: 'before', nodes: [], edges: [] });
    await eventually(async () => {
      const read = await flows.shared(flow.id);
      expect(await flows.shared(flow.id)).toBe(read);
    });
    await flows.update(flow.id, (current) => ({ ...current, name: 'after' }));
    expect((await flows.shared(flow.id))?.name).toBe('after');
    await flows.delete(flow.id);
    expect(await flows.shared(flow.id)).toBeNull();
  });

  it('drop everything on a flush', async () => {
    await other.set(key, 'one');
    const { fetched, read } = counted();
    await kept(read, fetched);
    // a flush of another database: Redis's word is the same, "everything"
    const elsewhere = new Redis(process.env.REDIS_URL!, { db: 15 });
    try {
      await elsewhere.flushdb();
    } finally {
      elsewhere.disconnect();
    }
    const before = fetched.count;
    await eventually(async () => {
      await read();
      expect(fetched.count).toBeGreaterThan(before);
    });
  });

  it('keep nothing while the connection that hears Redis is down, and track again once it is back', async () => {
    await other.set(key, 'one');
    const { fetched, read } = counted();
    await kept(read, fetched);
    const listener = ((await other.client('LIST')) as string).split('\n').find((line) => line.includes(` name=${name}:tracked-reads-listener `));
    await other.client('KILL', 'ID', /id=(\d+)/.exec(listener!)![1]);
    await other.set(key, 'two');
    await eventually(async () => expect(await read()).toBe('two'));
    await kept(read, fetched);
    await other.set(key, 'three');
    await eventually(async () => expect(await read()).toBe('three'));
  });
});
