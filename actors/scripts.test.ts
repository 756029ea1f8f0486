/** The actor functions: a Redis without the library gets it on the first call; the snapshot read writes nothing. */
import Redis from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ActorFunctions, libraryName, loadActorFunctions } from './scripts.ts';

const redis = new Redis(process.env.REDIS_URL!);
afterAll(() => redis.disconnect());

const libraries = async () => {
  const list = (await redis.call('FUNCTION', 'LIST', 'LIBRARYNAME', libraryName)) as unknown[][];
  return list.map((entry) => entry[entry.indexOf('library_name') + 1]);
};

describe('actor functions', () => {
  it('loads the library into a Redis that lacks it (new, flushed, failed over) on the first call', async () => {
    await loadActorFunctions(redis);
    await redis.call('FUNCTION', 'DELETE', libraryName);
    expect(await libraries()).toEqual([]);
    const functions = new ActorFunctions(redis);
    expect(await functions.cancel('weft-test-scripts:{run:missing}:meta', { now: Date.now(), retention: 60, channel: 'weft-test-scripts:live' })).toBe('missing');
    expect(await libraries()).toEqual([libraryName]);
  });

  it('reads a run\'s three hashes in one call, flagged as a read', async () => {
    const base = 'weft-test-scripts:{run:snap}:';
    await redis.del(`${base}meta`, `${base}actors`, `${base}out`);
    await redis.hset(`${base}meta`, 'runId', 'snap', 'status', 'completed');
    await redis.hset(`${base}actors`, 'a', 'completed', 'a:start', '5');
    await redis.hset(`${base}out`, 'a', '{"x":1}');
    const functions = new ActorFunctions(redis);
    expect(await functions.snapshot(`${base}meta`)).toEqual([
      ['runId', 'snap', 'status', 'completed'],
      ['a', 'completed', 'a:start', '5'],
      ['a', '{"x":1}'],
    ]);
    // a read-only replica serves it (FCALL_RO takes only functions flagged no-writes)
    expect(await redis.call('FCALL_RO', `weft_snapshot_${libraryName.slice(5)}`, 1, `${base}meta`)).toHaveLength(3);
    await redis.del(`${base}meta`, `${base}actors`, `${base}out`);
  });
});
