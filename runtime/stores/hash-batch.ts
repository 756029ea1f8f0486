/**
 * @module runtime/stores/hash-batch — the HSETs and HDELs of one hash, gathered for one turn of
 * the event loop and sent in their order as the fewest commands (each run of sets one HSET, each
 * run of deletes one HDEL). For a hash written on every call (`logs:following`): under load many
 * calls' writes share a command, and one key keeps them in one slot (Redis Cluster).
 */
import type Redis from 'ioredis';

interface Write {
  field: string;
  /** undefined: delete the field */
  value?: string;
  done(error?: unknown): void;
}

export class HashBatch {
  private writes: Write[] = [];

  constructor(private readonly redis: Redis, private readonly key: string) {}

  /** HSET key field value, with the other writes of this turn; resolves once Redis has it */
  set(field: string, value: string): Promise<void> {
    return this.add(field, value);
  }

  /** HDEL key field, with the other writes of this turn; resolves once Redis has it */
  delete(field: string): Promise<void> {
    return this.add(field, undefined);
  }

  private add(field: string, value: string | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.writes.length === 0) setImmediate(() => this.send());
      this.writes.push({ field, value, done: (error) => (error === undefined ? resolve() : reject(error)) });
    });
  }

  private send(): void {
    const writes = this.writes;
    this.writes = [];
    for (let start = 0; start < writes.length; ) {
      const deletes = writes[start].value === undefined;
      let end = start + 1;
      while (end < writes.length && (writes[end].value === undefined) === deletes) end++;
      const run = writes.slice(start, end);
      const sent = deletes
        ? this.redis.hdel(this.key, ...run.map((w) => w.field))
        : this.redis.hset(this.key, ...run.flatMap((w) => [w.field, w.value!]));
      sent.then(() => run.forEach((w) => w.done()), (error: unknown) => run.forEach((w) => w.done(error ?? new Error('write failed'))));
      start = end;
    }
  }
}
