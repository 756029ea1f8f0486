/**
 * @module runtime/services/logs/outage-spool — the production calls answered 503 while this process could
 * not reach Redis, kept in the process (at most `limit`, the oldest kept) and handed to the run
 * logger once Redis is back, so that no call goes unlogged by an outage (spec 002 §8: every
 * production call has a record). Those past the bound are counted as dropped.
 */
import { UNAVAILABLE_MESSAGE } from '../../../actors/redis-outage.ts';
import type { ProductionCall } from './run-logger.ts';

/** How many refused calls a process keeps for their records while Redis is down. */
export const OUTAGE_SPOOL_LIMIT = 1000;

/** What is known of a call refused in an outage: its flow, door and request (the body as the logs keep it). */
export type RefusedCall = Pick<ProductionCall, 'flowId' | 'trigger' | 'request' | 'receivedAt'>;

export class OutageSpool {
  private calls: RefusedCall[] = [];
  /** refused calls that found the spool full: no record will be written for them */
  dropped = 0;

  constructor(
    private readonly record: (call: ProductionCall) => void,
    private readonly limit = OUTAGE_SPOOL_LIMIT,
  ) {}

  /** how many calls wait for their record */
  get size(): number {
    return this.calls.length;
  }

  /** Keep a call that was answered 503 because Redis was unreachable. */
  add(call: RefusedCall): void {
    if (this.calls.length >= this.limit) this.dropped++;
    else this.calls.push(call);
  }

  /** Redis is back: hand every kept call to the logger (which writes in the background); returns how many. */
  flush(): number {
    const calls = this.calls;
    this.calls = [];
    for (const call of calls) {
      this.record({ ...call, runId: null, async: false, answerStatus: 503, error: UNAVAILABLE_MESSAGE, errorKind: 'operational' });
    }
    return calls.length;
  }
}
