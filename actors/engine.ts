/**
 * @module actors/engine — the actor system's public face: start, cancel, read and follow runs,
 * and start workers. Knows nothing about node kinds, HTTP or AI: the host's `execute` does.
 */
import type Redis from 'ioredis';
import { runEager } from './activation.ts';
import { runAhead } from './run-ahead.ts';
import { fairProcessor } from './fair-processor.ts';
import { EagerRuns } from './eager.ts';
import { jobIdOf } from './activation-job.ts';
import { childrenOf, EngineCore, newRunId } from './engine-core.ts';
import type { EngineOptions, ExecuteFn, StartOptions } from './engine-types.ts';
import type { HistoryCall, StartCall } from './actor-calls.ts';
import { flowRunsKey, liveChannel, runKeys } from './keys.ts';
import { endEvents, parseMeta, readActors, readEvents, readMeta, readSnapshot, waitEvents } from './run-reader.ts';
import { LiveHub, type LiveFilter } from './live-hub.ts';
import { TickBatch } from './tick-batch.ts';
import { ActorFunctions, type Finished } from './scripts.ts';
import { connectRedis, isClusterUrl } from './redis-connection.ts';
import { ActivationQueues, activationQueueCount, type ActivationWorkers } from './activation-queues.ts';
import { watchResult, type ResultWatch, type RunResult } from './run-result.ts';
import { isRedisUnreachable, redisOutage } from './redis-outage.ts';
import type { RunEvent } from '../contract/run-events.ts';
import type { ActorView, RunMeta, RunSnapshot } from '../contract/runs.ts';
import type { Plan } from './types.ts';

export type { RunResult } from './run-result.ts';

const frozen = new WeakMap<Plan, Record<string, string>>();

/**
 * A plan's nodes as a run freezes them: JSON text by node id, each route also carrying its
 * target's inbound edge count, role and whether it is disabled, so that routing reads no node but the source. Made once
 * per plan object (the runtime keeps one per flow version) and shared, read only, by its runs.
 */
export function frozenNodes(plan: Plan): Record<string, string> {
  const known = frozen.get(plan);
  if (known) return known;
  const texts: Record<string, string> = {};
  for (const [id, node] of Object.entries(plan.nodes)) {
    const outbound = node.outbound.map((route) => {
      const target = plan.nodes[route.target];
      return { ...route, need: target.inbound.length, targetRole: target.role, ...(target.disabled ? { targetDisabled: true } : {}) };
    });
    texts[id] = JSON.stringify({ ...node, outbound });
  }
  frozen.set(plan, texts);
  return texts;
}

export class Engine {
  readonly redis: Redis;
  readonly prefix: string;
  private readonly core: EngineCore;
  private readonly functions: ActorFunctions;
  private readonly retention: number;
  private readonly queue: ActivationQueues;
  private readonly workers: ActivationWorkers[] = [];
  private readonly connections = new Set<Redis>();
  private hub?: LiveHub;
  private readonly histories = new TickBatch<HistoryCall>((key, entries) => this.functions.history(key, entries));

  constructor(private readonly options: EngineOptions, execute: ExecuteFn) {
    this.prefix = options.prefix ?? 'weft:';
    // checked before connecting: a bad URL or count throws with nothing left open
    const queues = activationQueueCount(options.activationQueues, options.redisUrl);
    const cluster = isClusterUrl(options.redisUrl);
    this.redis = redisOutage.watch(connectRedis(options.redisUrl, { maxRetriesPerRequest: null }));
    this.functions = new ActorFunctions(this.redis);
    // without a listener BullMQ prints each connection error; an outage is told once by redisOutage
    this.queue = new ActivationQueues(this.redis, this.prefix, queues, cluster, (error) => isRedisUnreachable(error) || console.error('[weft queue]', error.message));
    this.core = new EngineCore({
      redis: this.redis,
      functions: this.functions,
      queue: this.queue,
      execute,
      options,
      startRun: (plan, input, start) => this.startRun(plan, input, start),
      cancelRun: (runId) => this.cancelRun(runId),
    });
    this.retention = this.core.retention;
  }

  /** Freeze `plan` into a new run and queue its trigger. Resolves to the run id. */
  async startRun(plan: Plan, input: unknown, options: StartOptions = {}): Promise<string> {
    const runId = options.runId ?? newRunId();
    const { parent } = options;
    const meta: Record<string, string> = {
      runId,
      flowId: plan.flowId,
      projectId: plan.projectId,
      version: String(plan.version),
      ...(plan.deployedVersion !== undefined ? { deployedVersion: String(plan.deployedVersion) } : {}),
      mode: options.mode ?? 'test',
      hop: String(parent ? parent.hop + 1 : 0),
      trigger: plan.trigger,
      input: JSON.stringify(input ?? null),
      ...(parent ? { parentRunId: parent.runId } : {}),
      ...(parent && parent.resumes !== false ? { parentActor: parent.actor } : {}),
    };
    const nodes = frozenNodes(plan);
    const now = Date.now();
    const start: StartCall = {
      runId, trigger: plan.trigger, now, retention: this.retention, channel: liveChannel(this.prefix, plan.flowId), payloadLimit: this.core.payloadLimit, meta, nodes,
    };
    const history = { runId, now, retention: this.retention };
    const remember = () => this.core.remember(runId, parseMeta({ ...meta, status: 'running', startedAt: String(now) })!, nodes);
    // a reused run id may be another process's run: only a new one is claimed with its start
    const { eager } = this.core;
    if (eager?.hasRoom && !options.reuse) {
      remember();
      // the trigger runs here, before the start, which finishes it (no activation of its own),
      // with what may run ahead after it (actors/run-ahead.ts)
      const ahead = new Map<string, string>();
      const ran = await this.core.triggerAtStart(runId, plan.trigger);
      if (ran) {
        ahead.set(plan.trigger, ran.output);
        start.triggerRan = { output: ran.output, endedAt: ran.endedAt };
        start.ranAhead = await runAhead(this.core, runId, plan.nodes[plan.trigger], ran.result, ahead);
      }
      // a run whose every step runs here ends with its start: nothing of it to recover, no claim
      const ends = start.triggerRan !== undefined && plan.nodes[start.ranAhead?.at(-1)?.node ?? plan.trigger].outbound.length === 0;
      const [, status, ready, ranAhead] = await this.startEager(eager, start, history, plan.flowId, !ends);
      if (ends && status !== 'running') {
        await this.core.handOn(runId, [status, ready]);
        return runId;
      }
      // the start did not take every step (it cannot for a new run): claimed now, before its ready actors run
      if (ends) await eager.claim(runId);
      await eager.started(runId, async () => {
        this.core.keepFinished(runId, ahead, ranAhead);
        await this.core.handOn(runId, [status, ready], true, true);
      });
      return runId;
    }
    const [started, status, ready] = await this.functions.start(runKeys(this.prefix, runId).meta, start);
    if (started !== 'ok' && options.reuse) {
      const existing = await this.meta(runId);
      if (existing) await this.completeStart(existing);
      return runId;
    }
    if (started !== 'ok') throw new Error(`Run ${runId} exists already`);
    // this process's workers then read neither meta nor plan back
    if (this.workers.length > 0) remember();
    await this.addHistory(plan.flowId, history);
    // the trigger's job
    await this.core.handOn(runId, [status, ready], true);
    return runId;
  }

  /** A run's start, its history entry and (`claim`) this process's claim on it (actors/eager.ts), in one round trip: the start's answer. */
  private async startEager(eager: EagerRuns, start: StartCall, history: HistoryCall, flowId: string, claim: boolean): Promise<Finished> {
    // sent together, answered together (not a pipeline object: ioredis builds one with every BullMQ script on the connection)
    const [started] = await Promise.all([
      this.functions.start(runKeys(this.prefix, start.runId).meta, start),
      this.addHistory(flowId, history),
      claim && eager.claim(start.runId),
    ]);
    if (started[0] !== 'ok') throw new Error(`Run ${start.runId} exists already`);
    return started;
  }

  /** A run's entry in its flow's history, written with the others of this tick (actors/tick-batch.ts). */
  private async addHistory(flowId: string, entry: HistoryCall): Promise<void> {
    await this.histories.add(flowRunsKey(this.prefix, flowId), entry);
  }

  /** Cancel a run and the child runs it started; resolves to its status afterwards ('missing' when there is no such run). */
  async cancelRun(runId: string): Promise<string> {
    const keys = runKeys(this.prefix, runId);
    const flowId = (await this.redis.hget(keys.meta, 'flowId')) ?? '';
    const status = await this.functions.cancel(keys.meta, { now: Date.now(), retention: this.retention, channel: liveChannel(this.prefix, flowId) });
    if (status !== 'cancelled') return status;
    await Promise.all(childrenOf(await this.redis.hkeys(keys.actors)).map((child) => this.cancelRun(child)));
    await this.core.onRunEnded(runId);
    return status;
  }

  /**
   * A run that exists, started under a reused id (a sync's run): a start that a process's death
   * cut short (the run stored, its trigger's job not yet added) gets its history entry and, while
   * the trigger is still queued, its job now; job ids are actors', so none is added twice.
   */
  async completeStart(meta: RunMeta): Promise<void> {
    await this.addHistory(meta.flowId, { runId: meta.runId, now: meta.startedAt, retention: this.retention });
    if (meta.status !== 'running' || (await this.redis.hget(runKeys(this.prefix, meta.runId).actors, meta.trigger)) !== 'queued') return;
    await this.queue.add('activate', { runId: meta.runId, actor: meta.trigger, node: meta.trigger, iteration: '' }, { jobId: jobIdOf(meta.runId, meta.trigger) });
  }

  meta(runId: string): Promise<RunMeta | null> {
    return readMeta(this.redis, runKeys(this.prefix, runId).meta);
  }

  snapshot(runId: string): Promise<RunSnapshot | null> {
    return readSnapshot(this.functions, this.prefix, runId);
  }

  actors(runId: string): Promise<ActorView[] | null> {
    return readActors(this.redis, this.prefix, runId);
  }

  events(runId: string, after = '0'): Promise<RunEvent[]> {
    return readEvents(this.redis, this.prefix, runId, after);
  }

  /** Run ids of a flow, newest first. */
  async history(flowId: string, limit = 50): Promise<string[]> {
    return this.redis.zrevrange(flowRunsKey(this.prefix, flowId), 0, limit - 1);
  }

  /**
   * Activations waiting for a worker: BullMQ's waiting jobs (delayed ones not counted) and this
   * process's eager backlog (actors/eager.ts). What load shedding reads.
   */
  async queuedActivations(): Promise<number> {
    return (await this.queue.getWaitingCount()) + (this.core.eager?.backlogSize ?? 0);
  }

  runOutput(runId: string): Promise<unknown> {
    return this.core.runOutput(runId);
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
    const fair = fairProcessor(this.core, concurrency);
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
    for (const one of worker.all) one.on('error', (error) => isRedisUnreachable(error) || console.error('[weft worker]', error.message));
    this.workers.push(worker);
    this.core.eager ??= new EagerRuns({
      redis: this.redis,
      queue: this.queue,
      prefix: this.prefix,
      lockMs: this.options.lockDurationMs ?? 30_000,
      limit: this.options.eagerLimit ?? 4 * concurrency,
      waitMs: this.options.eagerWaitMs ?? 1000,
      projectOf: (runId) => this.core.knownProject(runId),
      run: (job, offSlot) => runEager(this.core, job, (data, delayMs) => this.core.eager!.defer(data, delayMs), offSlot),
    });
    return worker;
  }

  async close(): Promise<void> {
    // eager activations may hand work to the queue: they end before the queue closes
    await this.core.eager?.close();
    await Promise.all(this.workers.map((worker) => worker.close()));
    await this.queue.close();
    for (const connection of this.connections) connection.disconnect();
    this.redis.disconnect();
  }
}
