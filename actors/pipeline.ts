/**
 * @module actors/pipeline — the one dispatcher (ARCHITECTURE.md, "The engine"). Every
 * activation, whichever process runs it and however it came, goes through the same stages:
 *
 *   ready ─▶ dispatch (here, eagerly, or to the queue) ─▶ begin ─▶ execute ─▶ finish ─▶ ready …
 *
 * - ready: what a start or a finish made ready (its answer), or what a replay re-reads;
 * - dispatch: where it runs — in this process (the eager policy: actors/eager.ts) or through the
 *   BullMQ queue, whose workers take it (`processQueued`);
 * - begin: begin-1.lua; folded into finish for a fresh first attempt (lazy begin, below);
 * - execute: the host's executor (or the engine's own step: a wake, a resume, a loop's step);
 * - finish: finish-1.lua (or fail-1.lua), one atomic step, answering what became ready.
 *
 * The policies say where and when, never what: eager dispatch (here rather than the queue),
 * running ahead (pure nodes executed before the finish before them is stored, and stored with
 * it: actors/run-ahead.ts), and the trigger at start (executed before the run is stored, and
 * finished by start-1.lua). Each ends in the same Redis states as without it, so a crash has
 * one story: an unfinished actor is `queued` or `running` in Redis, and whoever picks it up
 * again (a worker after the job's lock ran out, the eager sweep after a claim ran out) begins it,
 * and begin answers run / done (replay actors[A:next]) / stopped / suspended.
 *
 * A fresh first attempt (queued by the finish that made the actor ready or by the start; picked up for the first time,
 * attempt 1, not a loop node) skips begin: the executor runs at once and finish-1.lua does
 * begin's part. If the executor runs longer than `lazyBeginMs`, throws, delays, waits on a
 * child run or reports progress, begin runs after all, so node.started never comes late.
 */
import { DelayedError, type Job } from 'bullmq';
import type { RunMeta } from '../contract/runs.ts';
import { jobIdOf, type ActivationJob } from './activation-job.ts';
import type { ActivationQueues } from './activation-queues.ts';
import { Breakpoints } from './breakpoints.ts';
import type { EagerRuns } from './eager.ts';
import type { Activation, EngineOptions, ExecuteFn, StartOptions } from './engine-types.ts';
import { decides, endIteration, iterate, loopValues } from './loop-steps.ts';
import { runAhead } from './run-ahead.ts';
import { parseMeta } from './run-reader.ts';
import { newRunId, startCall } from './run-start.ts';
import type { KnownOutput, RunStore } from './run-store.ts';
import {
  actorJob, afterThrow, codeFor, continued, finishOf, isLoopNode, plain, readyJob, readyOf, type Failure, type FinishStep, type Timing,
} from './stepping.ts';
import type { NodeResult, Plan, PlanNode } from './types.ts';

/** One activation going through the stages, and how it goes on later (a retry, a delay, a resume come too soon). */
interface Work {
  data: ActivationJob;
  /** a fresh first attempt: may skip begin */
  fresh: boolean;
  /** go on as `data` after `delayMs`: a queued job moves itself to the delayed set (DelayedError); one run here goes to the queue */
  later(data: ActivationJob, delayMs: number): Promise<void>;
  /** a wait with the slot free meanwhile (actors/fair-slots.ts `without`) */
  offSlot: Activation['offSlot'];
}

/** Await a wait holding on to the slot: work run outside fair slots. */
const inSlot: Activation['offSlot'] = (wait) => wait();

/** An effect asked for by a node run before the finish before it is stored (a pure node asks for none): it then runs as any activation. */
const noEffects = () => Promise.reject(new Error('a node run ahead asked for an effect'));

/** A job's first pick-up as a fresh first attempt (not a replay, a retry or a step of its own). */
function isFresh(job: Job<ActivationJob>): boolean {
  const data = job.data;
  return data.fresh === true && (data.step ?? 'run') === 'run' && (data.attempt ?? 1) === 1 && job.attemptsStarted <= 1;
}

interface ExecuteOptions {
  attempt: number;
  engineValues?: Record<string, unknown>;
  beforeEffects?: () => Promise<unknown>;
  offSlot?: Activation['offSlot'];
  /** outputs (JSON text by actor) of actors finished here but not stored yet (run ahead) */
  ahead?: Map<string, string>;
}

export class Pipeline {
  /** the eager policy, once this process runs workers (actors/eager.ts) */
  eager?: EagerRuns;
  /** breakpoints of test runs (actors/breakpoints.ts): what a finish held, the builder's actions, the sweep */
  readonly breakpoints: Breakpoints;
  private readonly lazyBeginMs: number;

  constructor(
    private readonly store: RunStore,
    private readonly queue: ActivationQueues,
    private readonly executeFn: ExecuteFn,
    options: EngineOptions,
  ) {
    this.lazyBeginMs = options.lazyBeginMs ?? 10;
    const hooks = { dispatch: (runId: string, answer: [string, string]) => this.ready(runId, answer), cancel: (runId: string, reason: string) => this.cancelRun(runId, reason) };
    this.breakpoints = new Breakpoints(store, hooks, { timeoutMs: options.pauseTimeoutMs ?? 30 * 60_000, condition: options.breakpointCondition });
  }

  // ── start: the trigger's ready stage (with the trigger-at-start and eager policies) ──

  /** Freeze `plan` into a new run and dispatch its trigger. Resolves to the run id. */
  async startRun(plan: Plan, input: unknown, options: StartOptions = {}): Promise<string> {
    const { call: start, meta } = startCall(plan, input, options, this.store);
    const { runId } = start;
    if (start.meta.debug) await this.breakpoints.arm(runId, options.breakpoints ?? []);
    const remember = () => this.store.remember(runId, parseMeta({ ...meta, status: 'running', startedAt: String(start.now) })!, start.nodes);
    // a reused run id may be another process's run: only a new one is claimed with its start
    const { eager } = this;
    if (eager?.hasRoom && !options.reuse && !options.rerun) {
      remember();
      // the trigger-at-start policy: the trigger runs here, before the start, which finishes it,
      // with what may run ahead after it
      const ahead = new Map<string, string>();
      const ran = await this.triggerAtStart(runId, plan.trigger);
      if (ran) {
        ahead.set(plan.trigger, ran.output);
        start.triggerRan = { output: ran.output, endedAt: ran.endedAt };
        start.ranAhead = await runAhead(this.store, runId, plan.nodes[plan.trigger], ran.result, ahead, this.aheadStep(runId));
      }
      // a run whose every step runs here ends with its start: nothing of it to recover, no claim
      const ends = start.triggerRan !== undefined && plan.nodes[start.ranAhead?.at(-1)?.node ?? plan.trigger].outbound.length === 0;
      const [started, status, ready, ranAhead, held] = await this.store.start(start, plan.flowId, ends ? undefined : () => eager.claim(runId));
      if (started !== 'ok') throw new Error(`Run ${runId} exists already`);
      if (held) await this.breakpoints.settle(runId);
      if (ends && status !== 'running') {
        await this.ready(runId, [status, ready]);
        return runId;
      }
      // the start did not take every step (it cannot for a new run): claimed now, before its ready actors run
      if (ends) await eager.claim(runId);
      await eager.started(runId, async () => {
        this.keepFinished(runId, ahead, ranAhead);
        await this.ready(runId, [status, ready], true, true);
      });
      return runId;
    }
    // a re-run's seed goes first: its start's queued node reads the outputs before it
    if (options.rerun) await this.store.seed(runId, options.rerun.seed);
    const [started, status, ready] = await this.store.startOnly(start);
    if (started !== 'ok' && options.reuse) {
      const existing = await this.store.meta(runId);
      if (existing) await this.completeStart(existing);
      return runId;
    }
    if (started !== 'ok') throw new Error(`Run ${runId} exists already`);
    // this process's workers then read neither meta nor plan back
    if (this.eager) remember();
    await this.store.addHistory(plan.flowId, { runId, now: start.now, retention: this.store.retention });
    await this.ready(runId, [status, ready], true);
    return runId;
  }

  /**
   * A run that exists, started under a reused id (a sync's run): a start that a process's death
   * cut short (the run stored, its trigger's job not yet added) gets its history entry and, while
   * the trigger is still queued, its job now; job ids are actors', so none is added twice.
   */
  async completeStart(meta: RunMeta): Promise<void> {
    await this.store.addHistory(meta.flowId, { runId: meta.runId, now: meta.startedAt, retention: this.store.retention });
    if (meta.status !== 'running' || (await this.store.actorState(meta.runId, meta.trigger)) !== 'queued') return;
    await this.queue.add('activate', actorJob(meta.runId, meta.trigger), { jobId: jobIdOf(meta.runId, meta.trigger) });
  }

  /** Cancel a run (`reason`: why, when no one asked for it) and the child runs it started; resolves to its status afterwards ('missing' when there is no such run). */
  async cancelRun(runId: string, reason?: string): Promise<string> {
    const status = await this.store.cancel(runId, reason);
    if (status !== 'cancelled') return status;
    await Promise.all((await this.store.children(runId)).map((child) => this.cancelRun(child)));
    await this.runEnded(runId);
    return status;
  }

  /**
   * The trigger-at-start policy: run a new run's trigger here, before the run is stored
   * (start-1.lua then finishes it). Trigger executors only shape the call's input. Resolves to
   * its output and when it ended, or to undefined when it is to run as an activation instead: it
   * threw (the activation retries or fails it as for any node), asked for an effect (progress, a
   * child run: none before the run exists) or for more than an output.
   */
  private async triggerAtStart(runId: string, trigger: string): Promise<{ output: string; endedAt: number; result: NodeResult } | undefined> {
    const node = await this.store.planNode(runId, trigger);
    if (node?.role !== 'trigger') return undefined;
    try {
      const result = await this.execute({ ...actorJob(runId, trigger), eager: true }, node, { attempt: 1, beforeEffects: () => Promise.reject(new Error('the run has not started yet')) });
      if (!plain(result) || result.route) return undefined;
      return { output: JSON.stringify(result.output ?? null), endedAt: Date.now(), result };
    } catch {
      return undefined;
    }
  }

  // ── ready and dispatch ──

  /**
   * The ready stage: what a start or finish answered (the run's status, the ready list). Each
   * ready actor is dispatched: here while the eager policy takes it (`here`: an eager
   * activation's or start's finish; `fresh`: not a replay, and without a delay), else to the
   * queue. A run that ended wakes its parent.
   */
  async ready(runId: string, [status, readyJson]: [string, string], fresh = false, here = false): Promise<void> {
    let ready = readyOf(readyJson);
    if (here && fresh && this.eager && ready.length) {
      const delays = new Map(ready.map((r) => [r.actor, r.delayMs]));
      const run = (job: ActivationJob, offSlot: Activation['offSlot']) => this.runHere(job, offSlot);
      const rest = new Set(this.eager.take(ready.map((r) => readyJob(runId, r, true)), (job) => !!delays.get(job.actor), run).map((job) => job.actor));
      ready = ready.filter((r) => rest.has(r.actor));
    }
    if (ready.length === 1) {
      const [r] = ready;
      await this.queue.add('activate', readyJob(runId, r, fresh), { jobId: jobIdOf(runId, r.actor), delay: r.delayMs || undefined });
    } else if (ready.length > 1) {
      await this.queue.addBulk(
        ready.map((r) => ({ name: 'activate', data: readyJob(runId, r, fresh), opts: { jobId: jobIdOf(runId, r.actor), delay: r.delayMs || undefined } })),
      );
    }
    if (status !== 'running') await this.runEnded(runId);
  }

  /** A run ended: if it is a child run, dispatch the parent actor's resume (to the queue). */
  private async runEnded(runId: string): Promise<void> {
    if (this.store.knownOrphan(runId)) return;
    const parent = await this.store.parentOf(runId);
    if (!parent) return;
    const job: ActivationJob = { ...actorJob(parent.runId, parent.actor), step: 'resume', child: runId };
    await this.queue.add('activate', job, { jobId: jobIdOf(parent.runId, parent.actor, 'resume') });
  }

  /** An activation dispatched to the queue, as a worker took it (`token`: its lock, which its moves need). */
  processQueued(job: Job<ActivationJob>, token?: string, offSlot = inSlot): Promise<void> {
    return this.activate({
      data: job.data,
      fresh: isFresh(job),
      offSlot,
      async later(data, delayMs) {
        if (data !== job.data) await job.updateData(data);
        await job.moveToDelayed(Date.now() + delayMs, token);
        throw new DelayedError();
      },
    });
  }

  /** An activation dispatched here (the eager policy): a fresh first attempt; whatever comes later goes to the queue. */
  private runHere(data: ActivationJob, offSlot: Activation['offSlot']): Promise<void> {
    return this.activate({ data, fresh: true, offSlot, later: (next, delayMs) => this.eager!.defer(next, delayMs) });
  }

  // ── begin, execute, finish ──

  private async activate(work: Work): Promise<void> {
    const { data } = work;
    if (work.fresh) {
      const node = await this.store.planNode(data.runId, data.node);
      if (node && !isLoopNode(node)) return this.runFresh(work, node);
      // a loop node's steps read and write its job: one dispatched here goes to the queue
      if (data.eager) return work.later(data, 0);
    }
    const step = data.step ?? 'run';
    const { verdict, node } = await this.store.begin(data);
    if (verdict === 'stopped') return;
    if (verdict === 'done') return this.ready(data.runId, await this.store.replayNext(data.runId, data.actor));
    if (verdict === 'suspended' && step !== 'resume') return;
    // the child finished before its parent recorded the suspension: look again shortly
    if (step === 'resume' && verdict !== 'suspended') return work.later(data, 50);
    if (!node) throw new Error(`Run ${data.runId} has no node ${data.node}`);
    const startedAt = data.startedAt ?? Date.now();
    const attempt = data.attempt ?? 1;
    const timing = { startedAt, code: codeFor(false, attempt) };

    if (step === 'wake') return this.finish(data, { ...timing, output: data.output ?? 'null' });
    if (step === 'resume') return this.resumeFromChild(data, node, startedAt);
    if (node.role === 'loopStart' && data.iteration !== '' && !(await decides(this.store, data.runId, node.id))) return this.finish(data, await iterate(this.store, data, node));
    if (node.role === 'loopEnd' && data.iteration !== '') return this.finish(data, await endIteration(this.store, data, node));

    let result: NodeResult;
    try {
      const engineValues = await loopValues(this.store, data.runId, node, data.iteration);
      result = await this.execute(data, node, { attempt, engineValues, offSlot: work.offSlot });
    } catch (error) {
      return this.retryOrFail(work, node, attempt, startedAt, error);
    }
    return this.complete(work, node, result, timing);
  }

  /** A fresh first attempt: execute at once, begin lazily (see the module comment). */
  private async runFresh(work: Work, node: PlanNode): Promise<void> {
    const { data } = work;
    const startedAt = Date.now();
    let begun: Promise<string> | undefined;
    const beginNow = () => (begun ??= this.store.begin(data).then((b) => b.verdict));
    const timer = setTimeout(() => void beginNow().catch(() => {}), this.lazyBeginMs);
    /** begin's verdict once it ran: true when this activation must stop here */
    const stopAfterBegin = async (): Promise<boolean> => {
      const verdict = await beginNow();
      if (verdict === 'done') await this.ready(data.runId, await this.store.replayNext(data.runId, data.actor));
      return verdict !== 'run';
    };
    let result: NodeResult;
    try {
      result = await this.execute(data, node, { attempt: 1, beforeEffects: beginNow, offSlot: work.offSlot });
    } catch (error) {
      clearTimeout(timer);
      if (await stopAfterBegin()) return;
      return this.retryOrFail(work, node, 1, startedAt, error);
    }
    clearTimeout(timer);
    const timing = { startedAt, code: codeFor(false, 1) };
    if (!begun && !result.delayMs && !result.awaitRun && !result.loop) return this.finishResult(data, node, result, timing, true);
    if (await stopAfterBegin()) return;
    return this.complete(work, node, result, timing);
  }

  /** After the executor returned: hold a delay as a delayed job, suspend on a child run, or finish. */
  private async complete(work: Work, node: PlanNode, result: NodeResult, timing: Timing): Promise<void> {
    const { data } = work;
    if (result.delayMs && result.delayMs > 0) {
      return work.later({ ...data, step: 'wake', output: JSON.stringify(result.output ?? null), startedAt: timing.startedAt, fresh: undefined }, result.delayMs);
    }
    if (result.awaitRun) return this.store.suspend(data);
    return this.finishResult(data, node, result, timing);
  }

  /** The executor threw: try again later if the error may pass and retries are left, else fail (or go on: failNode). */
  private async retryOrFail(work: Work, node: PlanNode, attempt: number, startedAt: number, error: unknown): Promise<void> {
    const { data } = work;
    const next = afterThrow(node, attempt, error);
    if ('retry' in next) {
      await this.store.progress(data, next.retry.message);
      return work.later({ ...data, attempt: attempt + 1, startedAt, fresh: undefined }, next.retry.delayMs);
    }
    await this.failNode(data, node, next.failure, { startedAt, code: codeFor(true, attempt) });
  }

  /**
   * The execute stage: the host's executor (a pinned node is not run: its pinned output is its
   * result; only a test run's plan has pins). `beforeEffects` (a lazy begin) is awaited before
   * the executor emits progress or starts a child run, so those never precede node.started.
   */
  private async execute(job: ActivationJob, node: PlanNode, { attempt, engineValues, beforeEffects = async () => {}, offSlot = inSlot, ahead }: ExecuteOptions): Promise<NodeResult> {
    if (node.pinned) return { output: node.pinned.output };
    const meta = await this.store.runMeta(job.runId);
    const iteration = job.iteration === '' ? undefined : Number(job.iteration);
    let controller: AbortController | undefined;
    return this.executeFn({
      runId: job.runId,
      meta,
      node,
      actor: job.actor,
      iteration,
      attempt,
      eager: job.eager === true,
      engineValues,
      // made when first asked for: most executors never pass a signal on
      get signal() {
        return (controller ??= new AbortController()).signal;
      },
      offSlot,
      outputs: (ids) => this.store.outputs(job.runId, ids, job.iteration, this.known(job.runId, ahead)),
      progress: async (message, detail) => {
        await beforeEffects();
        return this.store.progress(job, message, detail);
      },
      startChild: async (plan, input, asTool) => {
        await beforeEffects();
        const parent = { runId: job.runId, actor: job.actor, hop: meta.hop, resumes: !asTool };
        return this.startChild(job, plan, input, { mode: meta.mode, parent, runId: asTool?.runId ?? newRunId(), reuse: !!asTool });
      },
    });
  }

  /** Outputs at hand for an actor of `runId`: not stored yet (`ahead`), or kept by the eager policy. */
  private known(runId: string, ahead?: Map<string, string>): KnownOutput {
    return (actor) => ahead?.get(actor) ?? this.eager?.keptOutput(runId, actor);
  }

  /** The execute stage for a node run ahead: no effects, its first attempt. */
  private aheadStep(runId: string) {
    return (next: PlanNode, ahead: Map<string, string>) => this.execute({ ...actorJob(runId, next.id), eager: true }, next, { attempt: 1, beforeEffects: noEffects, ahead });
  }

  /**
   * Start a child run of `job`'s actor, noted on the parent first, so cancelling the parent
   * finds it; a parent cancelled while the child started has it cancelled here.
   */
  private async startChild(job: ActivationJob, plan: Plan, input: unknown, options: StartOptions & { runId: string }): Promise<string> {
    await this.store.noteChild(job.runId, job.actor, options.runId);
    const runId = await this.startRun(plan, input, options);
    if ((await this.store.status(job.runId)) === 'cancelled') await this.cancelRun(runId);
    return runId;
  }

  /** Finish with an executor's result; an activation run here runs ahead first (the running-ahead policy). */
  private async finishResult(job: ActivationJob, node: PlanNode, result: NodeResult, timing: Timing, fused?: boolean): Promise<void> {
    const step = finishOf(job, node, result, timing, fused);
    if (!job.eager || job.iteration !== '' || step.mode) return this.finish(job, step);
    const ahead = new Map([[job.actor, step.output]]);
    const ranAhead = await runAhead(this.store, job.runId, node, result, ahead, this.aheadStep(job.runId));
    return this.finish(job, { ...step, ranAhead, ahead });
  }

  /** The finish stage: finish-1.lua, then the ready stage for what it made ready. */
  private async finish(job: ActivationJob, step: FinishStep): Promise<void> {
    const result = await this.store.finish(job, step);
    if (result[4]) await this.breakpoints.settle(job.runId);
    if (job.eager && result[0] === 'ok') this.keepFinished(job.runId, step.ahead ?? new Map([[job.actor, step.output]]), result[3]);
    // only what this finish made ready is fresh: replays of next[actor] are not
    await this.ready(job.runId, [result[1], result[2]], result[0] === 'ok', job.eager);
  }

  /** Keep (EagerRuns.keepOutput) the outputs of a finish that stored `ahead`'s first actor and `ranAhead` steps run ahead after it. */
  private keepFinished(runId: string, ahead: Map<string, string>, ranAhead: number): void {
    let left = 1 + ranAhead;
    for (const [actor, output] of ahead) {
      if (left-- === 0) return;
      this.eager?.keepOutput(runId, actor, output);
    }
  }

  /** A node failed for good: the run fails with it (fail-1.lua), unless the node goes on (onError 'continue': stepping.ts `continued`). */
  private async failNode(job: ActivationJob, node: PlanNode, failure: Failure, timing: Timing): Promise<void> {
    if (node.onError === 'continue') return this.finish(job, continued(failure, timing));
    await this.store.fail(job, failure, timing.startedAt, timing.code);
    await this.runEnded(job.runId);
  }

  /** A child run ended (step 'resume'): finish with its output, or fail with it. */
  private async resumeFromChild(job: ActivationJob, node: PlanNode, startedAt: number): Promise<void> {
    const child = job.child ?? '';
    const meta = await this.store.meta(child);
    const timing = { startedAt, code: 500 };
    if (!meta) return this.failNode(job, node, { message: `Child run ${child} not found`, detail: '', kind: 'unexpected' }, timing);
    if (meta.status === 'failed') {
      const failure = { message: meta.error ?? `Child run ${child} was failed`, detail: '', kind: meta.errorKind ?? 'unexpected' };
      return this.failNode(job, node, failure, timing);
    }
    // a child cancelled by someone: the parent cannot go on, and no retry would change that
    if (meta.status === 'cancelled') return this.failNode(job, node, { message: `Child run ${child} was cancelled`, detail: '', kind: 'user' }, timing);
    const flowOutput = await this.store.runOutput(child);
    return this.finish(job, { output: JSON.stringify({ flowOutput, runId: child }), startedAt, code: 200 });
  }
}
