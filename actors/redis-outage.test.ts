import { describe, expect, it } from 'vitest';
import { isRedisUnreachable } from './redis-outage.ts';

describe('isRedisUnreachable', () => {
  it('tells a lost Redis, single server or cluster, from a command\'s own failure', () => {
    const named = (name: string, message = '') => Object.assign(new Error(message), { name });
    for (const unreachable of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' }),
      named('MaxRetriesPerRequestError'),
      named('ClusterAllFailedError', 'Failed to refresh slots cache.'),
      new Error('Failed to refresh slots cache.'),
      new Error('None of startup nodes is available'),
      new Error("Cluster isn't ready and enableOfflineQueue options is false"),
      new Error('Connection is closed.'),
    ]) expect(isRedisUnreachable(unreachable), unreachable.message).toBe(true);
    for (const own of [new Error('WRONGTYPE Operation against a key holding the wrong kind of value'), new Error("CROSSSLOT Keys in request don't hash to the same slot"), null, 'text']) {
      expect(isRedisUnreachable(own)).toBe(false);
    }
  });
});
