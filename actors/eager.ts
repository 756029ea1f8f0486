/**
 * @module actors/eager — the eager policy of the pipeline's dispatch stage (actors/pipeline.ts):
 * the process that starts a run (when it runs workers)
 * runs the run's activations itself, each as soon as the finish before it made it ready,
 * without a round through the activation queue (its add, a worker's fetch, its completion:
 * three BullMQ scripts and a wake-up per activation). The queue stays the fallback — a full
 * backlog or one waited on too long (below), a delay, a retry, a loop node, a closing process,
 * and every activation a queued job's finish makes ready — and the crash-recovery path:
 *
 * while a process runs a run's activations eagerly, the run is a member `<runId> <process>`
 * of the `P eager` sorted set, scored with a deadline the process renews every third of the
 * lock duration (as BullMQ renews a job's lock). A member whose deadline passed (its process
 * died or hangs) is taken (ZREM) by another process's sweep, which queues an activation job
 * for every actor of the run still `queued` or `running`: job ids are the actors', so a job
 * that exists already is not added twice, and begin-1.lua replays instead of redoing what
 * finished. Only the starting process runs a run eagerly, so no live process is running an
 * actor the sweep queues.
 *
 * A ready actor that finds no eager slot here free to it waits here (the backlog) rather than
 * going through the queue, its run claimed as above, so a crash loses none of them. The slots
 * are shared fairly among projects (actors/fair-slots.ts): while several projects are active,
 * an eighth of them stays for a project running nothing, and a freed slot goes to the next
 * waiting project in turn. Should the
 * backlog's oldest have waited `waitMs` (slow executors fill every slot), what the slots would
 * not start within `waitMs` at their pace since the last look goes to the queue (from the
 * projects with most waiting first), where other processes' workers can take it.
 */
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import type { ActivationQueues } from './activation-queues.ts';
import { jobIdOf, type ActivationJob } from './activation-job.ts';
import type { Activation } from './engine-types.ts';
import { FairSlots, SHARED_FOR_MS } from './fair-slots.ts';
import type { RunStore } from './run-store.ts';
import { actorJob } from './stepping.ts';
import { TickBatch } from './tick-batch.ts';

/** An activation to run here (the pipeline's stages for one dispatched here); `offSlot` waits with its slot free. */
export type Task = (job: ActivationJob, offSlot: Activation['offSlot']) => Promise<void>;

export interface EagerDeps {
  redis: Redis;
  queue: ActivationQueues;
  /** the runs' projects (its slots are shared fairly by project) and, for a takeover, their unfinished actors */
  store: RunStore;
  prefix: string;
  /** how long a silent process's runs wait before another process takes them over */
  lockMs: number;
  /** the most activations run eagerly at once in this process */
  limit: number;
  /** how long an activation may wait here for a slot before the backlog hands what it cannot start soon to the queue */
  waitMs: number;
}

/** How long an activation that failed outside its executor (Redis away) keeps trying to reach the queue. */
const rescueTries = 30;
/** The most activations waiting here for a slot (a few hundred bytes each); past it they go to the queue. */
const backlogCap = 20_000;

interface Waiting {
  project: string;
  job: ActivationJob;
  run: Task;
  since: number;
  go(): void;
}

export class EagerRuns {
  /** this process's part of the members */
  private readonly token = randomUUID().slice(0, 8);
  private readonly key: string;
  /** run id → its eager activations running here */
  private readonly inFlight = new Map<string, number>();
  /** run id → the outputs (JSON text by actor) its eager activations here finished with: what the next ones read */
  private readonly outputs = new Map<string, Map<string, string>>();
  /** runs whose member stays for the sweep (an activation of it could not be handed on) */
  private readonly abandoned = new Set<string>();
  /** members of runs done here, dropped from the set by one ZREM at the end of this turn of the event loop */
  private unclaimed: string[] = [];
  /** eager activations running here (in a slot, or waiting off it) */
  private running = 0;
  /** the slots, and the ready activations waiting for one (the backlog) */
  private readonly slots: FairSlots<Waiting>;
  /** activations the backlog started since the last look (`lookAtBacklog`), and when that was */
  private startedFromBacklog = 0;
  private lookedAt = 0;
  private backlogTimer?: NodeJS.Timeout;
  private closing = false;
  private idle?: () => void;
  private readonly timers: NodeJS.Timeout[];
  private readonly claims = new TickBatch<[number, string]>((key, members) => this.deps.redis.zadd(key, ...members.flat()));

  constructor(private readonly deps: EagerDeps) {
    this.key = `${deps.prefix}eager`;
    this.slots = new FairSlots(deps.limit, { sharedForMs: SHARED_FOR_MS });
    const renew = setInterval(() => void this.renew(), Math.max(50, deps.lockMs / 3));
    const sweep = setInterval(() => void this.sweep(), Math.max(100, deps.lockMs / 2) * (0.75 + Math.random() / 2));
    this.timers = [renew, sweep];
    for (const timer of this.timers) timer.unref();
  }

  /** Whether this process takes one more eager activation (to run now or, every slot taken, soon). */
  get hasRoom(): boolean {
    return !this.closing && this.waiting < backlogCap;
  }

  /** Activations waiting here for a slot. */
  get backlogSize(): number {
    return this.waiting;
  }

  private get waiting(): number {
    return this.slots.waiting.size;
  }

  private member(runId: string): string {
    return `${runId} ${this.token}`;
  }

  /** Claim a new run (sent with the run's start: one round trip; one ZADD for the runs started in one tick). */
  claim(runId: string): Promise<unknown> {
    return this.claims.add(this.key, [Date.now() + this.deps.lockMs, this.member(runId)]);
  }

  /**
   * A run started here with its claim (`claim`): `ready` is the pipeline's ready stage for what
   * the start made ready, as for an eager activation's finish. The claim goes once nothing of the
   * run is left here; if the ready stage failed, it stays for the sweep.
   */
  async started(runId: string, ready: () => Promise<void>): Promise<void> {
    this.inFlight.set(runId, (this.inFlight.get(runId) ?? 0) + 1);
    try {
      await ready();
    } catch (error) {
      this.abandoned.add(runId);
      throw error;
    } finally {
      this.leave(runId);
    }
  }

  /** Run `job` here (`run`), now or once a slot frees; its run is claimed (`claim`) or has an eager activation here. */
  private launch(job: ActivationJob, run: Task): void {
    this.inFlight.set(job.runId, (this.inFlight.get(job.runId) ?? 0) + 1);
    let waited = false;
    const waiting: Waiting = {
      project: this.deps.store.knownProject(job.runId),
      job,
      run,
      since: Date.now(),
      go: () => {
        if (waited) this.startedFromBacklog++;
        this.start(waiting);
      },
    };
    this.slots.enter(waiting);
    waited = true;
    if (this.waiting > 0) this.watchBacklog();
  }

  private watchBacklog(): void {
    if (this.backlogTimer) return;
    this.startedFromBacklog = 0;
    this.lookedAt = Date.now();
    this.backlogTimer = setInterval(() => this.lookAtBacklog(), Math.max(10, this.deps.waitMs / 2));
    this.backlogTimer.unref();
  }

  private start({ project, job, run }: Waiting): void {
    this.running++;
    void this.execute(project, { ...job, eager: true }, run);
  }

  /**
   * What a finish of an eager activation made ready: the ones without a delay are run here
   * (now or from the backlog, by `run`) while there is room; returns the others, for the queue.
   */
  take(jobs: ActivationJob[], delayed: (job: ActivationJob) => boolean, run: Task): ActivationJob[] {
    const rest: ActivationJob[] = [];
    for (const job of jobs) {
      if (!delayed(job) && this.hasRoom) this.launch(job, run);
      else rest.push(job);
    }
    return rest;
  }

  /** An eager activation's finish wrote `output` as the actor's (it never changes after): kept while the run runs here. */
  keepOutput(runId: string, actor: string, output: string): void {
    if (!this.inFlight.has(runId)) return;
    let kept = this.outputs.get(runId);
    if (!kept) this.outputs.set(runId, (kept = new Map()));
    kept.set(actor, output);
  }

  /** The output of an actor of a run running here, when kept; else undefined (read it from Redis). */
  keptOutput(runId: string, actor: string): string | undefined {
    return this.outputs.get(runId)?.get(actor);
  }

  /** Hand an eager activation to the queue (a retry, a delay, a loop node) as `job`, after `delayMs`. */
  async defer(job: ActivationJob, delayMs = 0): Promise<void> {
    const { eager: _, ...data } = job;
    // the actor's own job id, whatever the step (a queued job keeps it when it moves to the delayed set)
    await this.deps.queue.add('activate', data, { jobId: jobIdOf(data.runId, data.actor), delay: delayMs || undefined });
  }

  private async execute(project: string, job: ActivationJob, run: Task): Promise<void> {
    try {
      await run(job, (wait) => this.slots.without(project, wait));
    } catch {
      await this.rescue(job);
    } finally {
      this.release(project, job.runId);
    }
  }

  /** The activation failed outside its executor: queue it (not fresh: begin decides), else leave its run to the sweep. */
  private async rescue(job: ActivationJob): Promise<void> {
    const { fresh: _, ...plain } = job;
    for (let i = 0; i < rescueTries && !this.closing; i++) {
      try {
        return await this.defer(plain);
      } catch {
        await new Promise((ok) => setTimeout(ok, 1000));
      }
    }
    this.abandoned.add(job.runId);
  }

  /** An eager activation ended: its slot goes to the next waiting project in turn. */
  private release(project: string, runId: string): void {
    this.running--;
    this.leave(runId);
    this.slots.leave(project);
    if (this.running === 0 && this.waiting === 0) this.idle?.();
  }

  /**
   * The backlog's oldest waited `waitMs` or longer: keep what the slots would start within
   * `waitMs` at the pace they started activations since the last look, queue the rest (newest first).
   */
  private lookAtBacklog(): void {
    const now = Date.now();
    const pace = this.startedFromBacklog / Math.max(1, now - this.lookedAt);
    this.startedFromBacklog = 0;
    this.lookedAt = now;
    if (this.waiting === 0) {
      clearInterval(this.backlogTimer);
      this.backlogTimer = undefined;
      return;
    }
    const oldest = Math.min(...this.slots.waiting.firsts().map((waiting) => waiting.since));
    if (now - oldest >= this.deps.waitMs) void this.spill(this.waiting - Math.floor(pace * this.deps.waitMs));
  }

  /** Hand `count` waiting activations to the queue, the newest of the longest lines first (back to the backlog should Redis be away). */
  private async spill(count: number): Promise<void> {
    if (count <= 0) return;
    const spilled = this.slots.waiting.takeNewest(count);
    try {
      await this.deps.queue.addBulk(spilled.map(({ job }) => ({ name: 'activate', data: job, opts: { jobId: jobIdOf(job.runId, job.actor) } })));
      for (const { job } of spilled) this.leave(job.runId);
    } catch {
      for (const waiting of spilled) this.slots.enter(waiting);
      if (this.waiting > 0) this.watchBacklog();
    }
    if (this.running === 0 && this.waiting === 0) this.idle?.();
  }

  /** One eager activation of a run left this process (ran or was queued): its claim goes with the last one. */
  private leave(runId: string): void {
    const left = (this.inFlight.get(runId) ?? 1) - 1;
    if (left > 0) this.inFlight.set(runId, left);
    else {
      this.inFlight.delete(runId);
      this.outputs.delete(runId);
      if (!this.abandoned.delete(runId)) this.unclaim(runId);
    }
  }

  /**
   * Drop a done run's claim, with the others done in the same turn of the event loop (one ZREM
   * for them: a command per call less under load). A claim left a moment longer is harmless: a
   * sweep that took it would find the run no longer running, as after a crash before the ZREM.
   */
  private unclaim(runId: string): void {
    if (this.unclaimed.push(this.member(runId)) === 1) setImmediate(() => void this.dropClaims());
  }

  private async dropClaims(): Promise<void> {
    const members = this.unclaimed;
    if (members.length === 0) return;
    this.unclaimed = [];
    await this.deps.redis.zrem(this.key, ...members).catch(() => {});
  }

  /** Push the deadlines of the runs running here on (members lost with a Redis restart come back). */
  private async renew(): Promise<void> {
    const runs = [...this.inFlight.keys()].filter((runId) => !this.abandoned.has(runId));
    if (runs.length === 0) return;
    const deadline = Date.now() + this.deps.lockMs;
    await this.deps.redis.zadd(this.key, ...runs.flatMap((runId) => [deadline, this.member(runId)])).catch(() => {});
  }

  /** Take over the runs of processes that stopped renewing: queue their unfinished actors. */
  private async sweep(): Promise<void> {
    try {
      const due = await this.deps.redis.zrangebyscore(this.key, '-inf', Date.now(), 'LIMIT', 0, 100);
      for (const member of due) {
        const [runId, token] = member.split(' ');
        if (token === this.token) continue;
        if ((await this.deps.redis.zrem(this.key, member)) !== 1) continue;
        // taken: should queueing fail half way, the member goes back for the next sweep
        await this.recover(runId).catch(() => this.deps.redis.zadd(this.key, 0, member));
      }
    } catch {
      // Redis away: the next sweep tries again
    }
  }

  private async recover(runId: string): Promise<void> {
    const jobs = (await this.deps.store.unfinishedActors(runId)).map((actor) => ({ name: 'activate', data: actorJob(runId, actor), opts: { jobId: jobIdOf(runId, actor) } }));
    if (jobs.length) await this.deps.queue.addBulk(jobs);
  }

  /** Take no more, hand the backlog to the queue; resolves once every eager activation here has ended. */
  async close(): Promise<void> {
    this.closing = true;
    const ended = new Promise<void>((ok) => (this.idle = ok));
    await this.spill(this.waiting);
    if (this.running > 0 || this.waiting > 0) await ended;
    for (const timer of [...this.timers, this.backlogTimer]) clearInterval(timer);
    await this.dropClaims();
  }
}
