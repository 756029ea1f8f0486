/**
 * @module runtime/services/stores/hash-batch — the HSETs and HDELs of one hash, gathered for one turn of
 * the event loop (actors/tick-batch.ts, scheduled by setImmediate) and sent in their order as the
 * fewest commands (each run of sets one HSET, each run of deletes one HDEL). For a hash written on
 * every call (`logs:following`): under load many calls' writes share a command, and one key keeps
 * them in one slot (Redis Cluster).
 */
import type Redis from 'ioredis';
import { TickBatch } from '../../../actors/tick-batch.ts';

interface Write {
  field: string;
  /** undefined: delete the field */
  value?: string;
}

export class HashBatch {
  private readonly writes: TickBatch<Write>;

  constructor(redis: Redis, private readonly key: string) {
    this.writes = new TickBatch((key, writes) => sendRuns(redis, key, writes), setImmediate);
  }

  /** HSET key field value, with the other writes of this turn; resolves once Redis has them */
  async set(field: string, value: string): Promise<void> {
    await this.writes.add(this.key, { field, value });
  }

  /** HDEL key field, with the other writes of this turn; resolves once Redis has them */
  async delete(field: string): Promise<void> {
    await this.writes.add(this.key, { field });
  }
}

/** One HSET or HDEL per run of writes of a kind, in order. */
function sendRuns(redis: Redis, key: string, writes: Write[]): Promise<unknown> {
  const sent: Promise<unknown>[] = [];
  for (let start = 0; start < writes.length; ) {
    const deletes = writes[start].value === undefined;
    let end = start + 1;
    while (end < writes.length && (writes[end].value === undefined) === deletes) end++;
    const run = writes.slice(start, end);
    sent.push(deletes ? redis.hdel(key, ...run.map((w) => w.field)) : redis.hset(key, ...run.flatMap((w) => [w.field, w.value!])));
    start = end;
  }
  return Promise.all(sent);
}
