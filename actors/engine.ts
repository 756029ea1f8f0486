/**
 * @module actors/engine — the actor system's public face: start, cancel, read and follow runs,
 * and start workers. Knows nothing about node kinds, HTTP or AI: the host's `execute` does.
 */
import type Redis from 'ioredis';
import { fairProcessor } from './fair-processor.ts';
import { EagerRuns } from './eager.ts';
import { Pipeline } from './pipeline.ts';
import { RerunRefusal } from './rerun-scope.ts';
import { rerunSeed } from './rerun-seed.ts';
import { rerunOf, type RerunLink } from './run-start.ts';
import { RunStore } from './run-store.ts';
import { checkedOutputs, pastedSeed, singleNodePlan } from './single-node.ts';
import type { EngineOptions, ExecuteFn, StartOptions } from './engine-types.ts';
import { liveChannel } from './keys.ts';
import { endEvents, waitEvents } from './run-reader.ts';
import { LiveHub, type LiveFilter } from './live-hub.ts';
import { ActorFunctions } from './scripts.ts';
import { connectRedis, isClusterUrl } from './redis-connection.ts';
import { ActivationQueues, activationQueueCount, type ActivationWorkers } from './activation-queues.ts';
import { watchResult, type ResultWatch, type RunResult } from './run-result.ts';
import { isRedisUnreachable, redisOutage } from './redis-outage.ts';
import type { RunEvent } from '../contract/run-events.ts';
import type { ActorView, Breakpoint, PausedAt, RunMeta, RunSnapshot } from '../contract/runs.ts';
import type { DebugAction } from './breakpoints.ts';
import type { Plan } from './types.ts';

export type { RunResult } from './run-result.ts';
export { frozenNodes } from './run-start.ts';
export { RerunRefusal } from './rerun-scope.ts';
export { DebugRefusal, type DebugAction } from './breakpoints.ts';

/**
 * The engine composes the run store (every Redis read and write of a run: actors/run-store.ts),
 * the pipeline (the one dispatcher every activation goes through: actors/pipeline.ts), the
 * activation queues, their workers and the live hub.
 */
/** How a re-run runs: its mode, its id, the loop iteration it starts in, its breakpoints (test runs). */
export type RerunOptions = Pick<StartOptions, 'mode' | 'runId' | 'breakpoints'> & { iteration?: number };

export class Engine {
  readonly redis: Redis;
  readonly prefix: string;
  private readonly store: RunStore;
  private readonly pipeline: Pipeline;
  private readonly queue: ActivationQueues;
  private readonly workers: ActivationWorkers[] = [];
  private readonly connections = new Set<Redis>();
  private hub?: LiveHub;

  constructor(private readonly options: EngineOptions, execute: ExecuteFn) {
    this.prefix = options.prefix ?? 'weft:';
    // checked before connecting: a bad URL or count throws with nothing left open
    const queues = activationQueueCount(options.activationQueues, options.redisUrl);
    const cluster = isClusterUrl(options.redisUrl);
    this.redis = redisOutage.watch(connectRedis(options.redisUrl, { maxRetriesPerRequest: null }));
    this.store = new RunStore(this.redis, new ActorFunctions(this.redis), options);
    // without a listener BullMQ prints each connection error; an outage is told once by redisOutage
    this.queue = new ActivationQueues(this.redis, this.prefix, queues, cluster, (error) => isRedisUnreachable(error) || console.error('[weft queue]', error.message));
    this.pipeline = new Pipeline(this.store, this.queue, execute, options);
  }

  /** Freeze `plan` into a new run and dispatch its trigger. Resolves to the run id. */
  startRun(plan: Plan, input: unknown, options: StartOptions = {}): Promise<string> {
    return this.pipeline.startRun(plan, input, options);
  }

  /**
   * Start a re-run of `sourceRunId` from `fromNode` on `plan` (docs/debugging.md): the nodes
   * before it are not run again, their recorded outputs (`inputs` replacing some) seed the new
   * run, whose start queues `fromNode` (inside a loop body: in `options.iteration`, by default the
   * last one the source recorded for it). A test re-run stops at `options.breakpoints`. Answers
   * the new run's id and its link to the source (meta `rerunOf`). Throws a RerunRefusal naming
   * the field it cannot take.
   */
  async rerun(sourceRunId: string, plan: Plan, fromNode: string, inputs?: Record<string, unknown>, options: RerunOptions = {}): Promise<{ runId: string; rerunOf: RerunLink }> {
    const source = await this.store.meta(sourceRunId);
    if (!source) throw new RerunRefusal('runId', `Run ${sourceRunId} not found`);
    const seed = await rerunSeed(this.redis, this.prefix, sourceRunId, plan, fromNode, inputs, 'inputs', options.iteration);
    const { mode = 'test', runId, breakpoints } = options;
    const started = await this.pipeline.startRun(plan, source.input ?? null, { mode, runId, breakpoints, rerun: { runId: sourceRunId, seed } });
    return { runId: started, rerunOf: rerunOf(sourceRunId, seed) };
  }

  /**
   * Run `nodeId` of `plan` by itself, as a test run (docs/debugging.md, "Run one node"): seeded
   * from `fromRun` (what it recorded before the node, `outputs` replacing some) or, without one,
   * from `outputs` alone; the trigger run alone takes `outputs` as its input. Throws a
   * RerunRefusal naming the request field (`field` is the request's name for `outputs`).
   */
  async runNode(plan: Plan, nodeId: string, options: { fromRun?: string; outputs?: Record<string, unknown>; field?: string } = {}): Promise<string> {
    const { fromRun, outputs = {}, field = 'input' } = options;
    const alone = singleNodePlan(plan, nodeId);
    const source = fromRun === undefined ? undefined : await this.store.meta(fromRun);
    if (fromRun !== undefined && !source) throw new RerunRefusal('fromRun', `fromRun: no run ${fromRun}`);
    if (source && source.flowId !== plan.flowId) throw new RerunRefusal('fromRun', `fromRun: run ${fromRun} is not a run of this flow`);
    if (nodeId === plan.trigger) {
      const seed = { fromNode: nodeId, actors: {}, outputs: {}, mailboxes: {}, joins: {}, meta: { singleNode: nodeId } };
      const input = options.outputs !== undefined ? options.outputs : (source?.input ?? {});
      return this.pipeline.startRun(alone, input, { mode: 'test', rerun: { ...(source ? { runId: source.runId } : {}), seed } });
    }
    if (!source) {
      const seed = pastedSeed(alone, nodeId, outputs, field);
      return this.pipeline.startRun(alone, JSON.parse(seed.outputs[plan.trigger]) as unknown, { mode: 'test', rerun: { seed } });
    }
    checkedOutputs(alone, nodeId, outputs, field);
    const seed = await rerunSeed(this.redis, this.prefix, source.runId, alone, nodeId, outputs, field);
    seed.meta.singleNode = nodeId;
    return this.pipeline.startRun(alone, source.input ?? null, { mode: 'test', rerun: { runId: source.runId, seed } });
  }

  /** Cancel a run and the child runs it started; resolves to its status afterwards ('missing' when there is no such run). */
  cancelRun(runId: string): Promise<string> {
    return this.pipeline.cancelRun(runId);
  }

  /**
   * Replace a running test run's breakpoints (docs/debugging.md#breakpoints). Throws a
   * DebugRefusal: 404 no such run, 409 a production run or a run that ended.
   */
  setBreakpoints(runId: string, breakpoints: Breakpoint[]): Promise<void> {
    return this.pipeline.breakpoints.set(runId, breakpoints);
  }

  /** The edge ids of a run's frozen plan: what its breakpoints may name. */
  runEdges(runId: string): Promise<Set<string>> {
    return this.store.planEdges(runId);
  }

  /** The breakpoints a run has. */
  breakpoints(runId: string): Promise<Breakpoint[]> {
    return this.pipeline.breakpoints.list(runId);
  }

  /**
   * A builder's action on a test run paused at a breakpoint: step, continue (with `message`
   * replacing the held one) or abort. Throws a DebugRefusal: 404 no such run, 409 a production
   * run, one not running or not paused.
   */
  debug(runId: string, action: DebugAction, message?: { value: unknown }): Promise<{ status: string; paused?: PausedAt }> {
    return this.pipeline.breakpoints.act(runId, action, message);
  }

  /**
   * A run that exists, started under a reused id (a sync's run): a start that a process's death
   * cut short gets its history entry and, while the trigger is still queued, its job now.
   */
  completeStart(meta: RunMeta): Promise<void> {
    return this.pipeline.completeStart(meta);
  }

  meta(runId: string): Promise<RunMeta | null> {
    return this.store.meta(runId);
  }

  snapshot(runId: string): Promise<RunSnapshot | null> {
    return this.store.snapshot(runId);
  }

  actors(runId: string): Promise<ActorView[] | null> {
    return this.store.actors(runId);
  }

  events(runId: string, after = '0'): Promise<RunEvent[]> {
    return this.store.events(runId, after);
  }

  /** Run ids of a flow, newest first. */
  history(flowId: string, limit = 50): Promise<string[]> {
    return this.store.history(flowId, limit);
  }

  /**
   * Activations waiting for a worker: BullMQ's waiting jobs (delayed ones not counted) and this
   * process's eager backlog (actors/eager.ts). What load shedding reads.
   */
  async queuedActivations(): Promise<number> {
    return (await this.queue.getWaitingCount()) + (this.pipeline.eager?.backlogSize ?? 0);
  }

  /** Activations a worker put back for a moment for their project's share of its window (actors/fair-processor.ts); of queuedActivations. */
  putBackActivations(): Promise<number> {
    return this.queue.getPutBackCount();
  }

  runOutput(runId: string): Promise<unknown> {
    return this.store.runOutput(runId);
  }

  /** A connection that may block (XREAD BLOCK, SUBSCRIBE); closed with the engine. */
  blockingConnection(): Redis {
    const connection = redisOutage.watch(this.redis.duplicate());
    this.connections.add(connection);
    connection.once('end', () => this.connections.delete(connection));
    return connection;
  }

  /**
   * Follow a run's events from `after` until it ends or `signal` aborts: replayed from the
   * events stream, then live.
   */
  async follow(runId: string, after: string, onEvent: (event: RunEvent) => void, signal: AbortSignal): Promise<void> {
    let cursor = after;
    for (const event of await this.events(runId, cursor)) {
      onEvent(event);
      cursor = event.id!;
      if (endEvents.has(event.type)) return;
    }
    if (cursor === '0' && !(await this.meta(runId))) return;
    const blocking = this.blockingConnection();
    const stop = () => blocking.disconnect();
    signal.addEventListener('abort', stop, { once: true });
    try {
      while (!signal.aborted) {
        const events = await waitEvents(blocking, this.prefix, runId, cursor === '0' ? '0-0' : cursor, 5000).catch(() => []);
        for (const event of events) {
          onEvent(event);
          cursor = event.id!;
          if (endEvents.has(event.type)) return;
        }
      }
    } finally {
      signal.removeEventListener('abort', stop);
      blocking.disconnect();
    }
  }

  /** Every event of every run of a flow (or those `filter` picks) as it happens, until the returned function is called. */
  listenToFlow(flowId: string, listener: (event: RunEvent) => void, filter?: LiveFilter): Promise<() => void> {
    this.hub ??= new LiveHub(this.blockingConnection());
    return this.hub.listen(liveChannel(this.prefix, flowId), listener, filter);
  }

  /**
   * Wait for what a realtime caller gets: the first response node's output the moment it
   * exists, else the run's end. Listens live first, then replays what already happened.
   */
  async awaitResult(runId: string, flowId: string, responseNodes: string[], timeoutMs: number, giveUp?: AbortSignal): Promise<RunResult> {
    return (await watchResult(this, runId, flowId, responseNodes, true)).wait(timeoutMs, giveUp);
  }

  /**
   * Listen for the result of a run that has not started yet (its id chosen first): resolves
   * once listening; its wait reads no events stream back, as nothing can have happened before.
   */
  expectResult(runId: string, flowId: string, responseNodes: string[]): Promise<ResultWatch> {
    return watchResult(this, runId, flowId, responseNodes, false);
  }

  /** Start a worker that runs activations, `concurrency` at once (shared fairly among projects); several may run, in this or other processes. */
  startWorker(concurrency = 16): ActivationWorkers {
    const fair = fairProcessor(this.pipeline, this.store, concurrency);
    const worker = this.queue.workers(
      fair.process,
      {
        concurrency: fair.window,
        lockDuration: this.options.lockDurationMs ?? 30_000,
        stalledInterval: Math.min(this.options.lockDurationMs ?? 30_000, 30_000),
        maxStalledCount: 10,
      },
      () => redisOutage.watch(this.redis.duplicate()),
    );
    // paused runs time out and a dead process's held messages are settled where workers run
    this.pipeline.breakpoints.startSweeping();
    for (const one of worker.all) one.on('error', (error) => isRedisUnreachable(error) || console.error('[weft worker]', error.message));
    this.workers.push(worker);
    this.pipeline.eager ??= new EagerRuns({
      redis: this.redis,
      queue: this.queue,
      store: this.store,
      prefix: this.prefix,
      lockMs: this.options.lockDurationMs ?? 30_000,
      limit: this.options.eagerLimit ?? 4 * concurrency,
      waitMs: this.options.eagerWaitMs ?? 1000,
    });
    return worker;
  }

  async close(): Promise<void> {
    // eager activations may hand work to the queue: they end before the queue closes
    this.pipeline.breakpoints.close();
    await this.pipeline.eager?.close();
    await Promise.all(this.workers.map((worker) => worker.close()));
    await this.queue.close();
    for (const connection of this.connections) connection.disconnect();
    this.redis.disconnect();
  }
}
