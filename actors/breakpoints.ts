/**
 * @module actors/breakpoints — breakpoints on a test run's edges (docs/debugging.md#breakpoints).
 *
 * A test run with breakpoints has meta's `debug` set and a `bp` hash (edge id → condition, ''
 * for none; '*' → hold the next message on any edge: a step). Routing (lua/includes/route.lua)
 * holds a data message about to go over such an edge instead of delivering it: it waits in the
 * run's `held` hash, counted as active (the run cannot end meanwhile), in the state 'check'.
 * The finish that held it answers so, and `settle` looks at its condition (the host's
 * evaluator): held, the run pauses there (pause-1.lua: meta's `paused`, run.paused); not held,
 * the message is delivered at once (release-1.lua). A builder's step, continue or abort acts on
 * the paused message (`act`). Nothing holds a worker slot, and all of it is in Redis, so a
 * paused run survives any process; the sweep (`sweep`, in every process with workers) settles
 * a message whose process died before it did, and cancels a run paused longer than the
 * timeout. The runs with breakpoints are listed in the sorted set `<prefix>debug:runs`.
 */
import type { Breakpoint, PausedAt, RunMeta } from '../contract/runs.ts';
import type { ConditionFn } from './engine-types.ts';
import type { RunStore } from './run-store.ts';

/** A debug action on a paused run (`POST /api/runs/:runId/debug`). */
export type DebugAction = 'step' | 'continue' | 'abort';

/** Why a debug request is refused: 404 no run, 409 a production run, a run not running or not paused. */
export class DebugRefusal extends Error {
  constructor(readonly status: 404 | 409, message: string) {
    super(message);
  }
}

/** A held message as the `held` hash keeps it (lua/includes/route.lua `holdMessage`). */
interface Held {
  id: string;
  edgeId: string;
  source: string;
  target: string;
  condition: string;
  state: 'check' | 'paused';
  at: number;
}

/** What the pipeline does for breakpoints: its ready stage for what a release made ready, and a cancel with a reason. */
export interface DebugHooks {
  dispatch(runId: string, answer: [string, string]): Promise<void>;
  cancel(runId: string, reason: string): Promise<string>;
}

/** How long a pause lasts before its run is cancelled, in words: '30 minutes', '2 seconds'. */
export function pauseLength(ms: number): string {
  const [amount, unit] = ms % 60_000 === 0 ? [ms / 60_000, 'minute'] : [ms / 1000, 'second'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** A message a process held this long without settling it is settled by the sweep (its process died). */
const unsettledMs = 5000;

export class Breakpoints {
  private readonly runsKey: string;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly store: RunStore,
    private readonly hooks: DebugHooks,
    private readonly options: { timeoutMs: number; condition?: ConditionFn },
  ) {
    this.runsKey = `${store.prefix}debug:runs`;
  }

  private bpKey(runId: string): string {
    return `${this.store.keys(runId).meta.slice(0, -4)}bp`;
  }

  private heldKey(runId: string): string {
    return `${this.store.keys(runId).meta.slice(0, -4)}held`;
  }

  /** A new test run's breakpoints, written before its start (whose meta carries `debug`). */
  async arm(runId: string, breakpoints: Breakpoint[]): Promise<void> {
    const key = this.bpKey(runId);
    const multi = this.store.redis.multi();
    if (breakpoints.length) multi.hset(key, Object.fromEntries(breakpoints.map((b) => [b.edge, b.condition ?? '']))).expire(key, this.store.retention);
    await multi.zadd(this.runsKey, Date.now(), runId).exec();
  }

  /** Replace a running test run's breakpoints (a step under way stays). Refused for a production run or one that ended. */
  async set(runId: string, breakpoints: Breakpoint[]): Promise<void> {
    const meta = await this.runningTest(runId);
    const key = this.bpKey(runId);
    const stepping = await this.store.redis.hget(key, '*');
    const fields: Record<string, string> = Object.fromEntries(breakpoints.map((b) => [b.edge, b.condition ?? '']));
    if (stepping) fields['*'] = stepping;
    const multi = this.store.redis.multi().del(key);
    if (Object.keys(fields).length) multi.hset(key, fields).expire(key, this.store.retention);
    await multi.hset(this.store.keys(meta.runId).meta, 'debug', '1').exec();
    await this.store.redis.zadd(this.runsKey, Date.now(), runId);
  }

  /** The breakpoints a run has (the edges; a step under way is not one). */
  async list(runId: string): Promise<Breakpoint[]> {
    const fields = await this.store.redis.hgetall(this.bpKey(runId));
    return Object.entries(fields)
      .filter(([edge]) => edge !== '*')
      .map(([edge, condition]) => (condition ? { edge, condition } : { edge }));
  }

  /**
   * Settle the messages a finish held (state 'check'), oldest first: a breakpoint whose
   * condition holds (or has none) pauses the run, else the message is delivered. `olderThanMs`:
   * only those held that long ago (the sweep's, for a process that died before settling).
   */
  async settle(runId: string, olderThanMs = 0): Promise<void> {
    const now = Date.now();
    const waiting = (await this.heldOf(runId)).filter((h) => h.state === 'check' && now - h.at >= olderThanMs);
    for (const held of waiting) {
      const message = JSON.parse((await this.store.redis.hget(this.heldKey(runId), `${held.id}:payload`)) ?? 'null') as unknown;
      if (this.holds(held, message)) {
        await this.store.pause(runId, held.id);
      } else {
        const [verdict, status, ready] = await this.store.release(runId, { id: held.id, state: 'check', edited: '', then: '' });
        if (verdict === 'ok') await this.dispatched(runId, [status, ready]);
      }
    }
  }

  /** A condition that throws is taken as holding: the builder then sees the message. */
  private holds(held: Held, message: unknown): boolean {
    if (!held.condition || !this.options.condition) return true;
    try {
      return this.options.condition(held.condition, message, held.source);
    } catch {
      return true;
    }
  }

  private async heldOf(runId: string): Promise<Held[]> {
    const fields = await this.store.redis.hgetall(this.heldKey(runId));
    return Object.entries(fields)
      .filter(([field]) => !field.endsWith(':payload'))
      .map(([, text]) => JSON.parse(text) as Held)
      .sort((a, b) => a.at - b.at);
  }

  /**
   * A builder's action on a paused test run: deliver the held message (`message` replacing it)
   * and pause at the next message on any edge (step) or at the next breakpoint (continue), or
   * end the run as cancelled (abort). Resolves to the run's status afterwards.
   */
  async act(runId: string, action: DebugAction, message?: { value: unknown }): Promise<{ status: string; paused?: PausedAt }> {
    const meta = await this.runningTest(runId);
    const paused = meta.paused;
    if (!paused) throw new DebugRefusal(409, `Run ${runId} is not paused at a breakpoint`);
    if (action === 'abort') return { status: await this.hooks.cancel(runId, 'Aborted at a breakpoint') };
    const edited = message ? JSON.stringify(message.value ?? null) : '';
    const [verdict, status, ready] = await this.store.release(runId, { id: paused.id, state: 'paused', edited, then: action });
    if (verdict !== 'ok') throw new DebugRefusal(409, `Run ${runId} is not paused at a breakpoint`);
    await this.dispatched(runId, [status, ready]);
    const after = await this.store.meta(runId);
    return after?.paused ? { status: after.status, paused: after.paused } : { status: after?.status ?? status };
  }

  /** Dispatch what a release made ready, then drop meta's `released` (kept for a sweep, should this process die first). */
  private async dispatched(runId: string, answer: [string, string]): Promise<void> {
    await this.hooks.dispatch(runId, answer);
    if (answer[1] !== '[]') await this.store.redis.hdel(this.store.keys(runId).meta, 'released');
  }

  /** What a release made ready that a process that died did not dispatch (meta's `released`, older than `unsettledMs`): dispatched now. */
  private async redispatch(runId: string): Promise<void> {
    const text = await this.store.redis.hget(this.store.keys(runId).meta, 'released');
    if (!text) return;
    const released = JSON.parse(text) as { at: number; ready: unknown[] };
    if (Date.now() - released.at < unsettledMs) return;
    // job ids are actors': a job still there is not added again, and begin answers 'done' for an actor that ran
    await this.dispatched(runId, ['running', JSON.stringify(released.ready)]);
  }

  /** A test run that runs, or a refusal (404, 409). */
  private async runningTest(runId: string): Promise<RunMeta> {
    const meta = await this.store.meta(runId);
    if (!meta) throw new DebugRefusal(404, 'Run not found');
    if (meta.mode !== 'test') throw new DebugRefusal(409, `Run ${runId} is a production run: breakpoints are for test runs only`);
    if (meta.status !== 'running') throw new DebugRefusal(409, `Run ${runId} is ${meta.status}, not running`);
    return meta;
  }

  /**
   * Every run with breakpoints: drop the ones that ended, settle messages a dead process left
   * held and dispatch what it released but did not dispatch, cancel a run paused longer than
   * the timeout.
   */
  async sweep(): Promise<void> {
    const { timeoutMs } = this.options;
    for (const runId of await this.store.redis.zrange(this.runsKey, 0, -1)) {
      const meta = await this.store.meta(runId);
      if (!meta || meta.status !== 'running') {
        await this.store.redis.zrem(this.runsKey, runId);
        continue;
      }
      if (meta.paused && Date.now() - meta.paused.since >= timeoutMs) {
        await this.hooks.cancel(runId, `Paused at a breakpoint for ${pauseLength(timeoutMs)}`);
        continue;
      }
      await this.settle(runId, unsettledMs);
      await this.redispatch(runId);
    }
  }

  /** Sweep every `everyMs` (a process with workers) until `close`. */
  startSweeping(): void {
    if (this.timer) return;
    const everyMs = Math.max(50, Math.min(5000, this.options.timeoutMs / 4));
    let sweeping = false;
    this.timer = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      void this.sweep()
        .catch(() => {})
        .finally(() => (sweeping = false));
    }, everyMs);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
  }
}
