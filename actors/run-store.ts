/**
 * @module actors/run-store — every Redis read and write of a run the engine makes: its atomic
 * transitions (start, begin, finish, fail, cancel: one FCALL each, actors/lua/), the few plain
 * writes beside them (progress, suspension, a noted child), the reads a step needs (outputs,
 * loop state, what a finished actor made ready) and what the process keeps of a run so it reads
 * it at most once (meta, frozen plan: actors/run-cache.ts). Knows no queue and no executor.
 */
import type Redis from 'ioredis';
import type { ProgressDetail, NodeProgressEvent } from '../contract/run-events.ts';
import type { ActorView, RunMeta, RunSnapshot } from '../contract/runs.ts';
import type { ActivationJob } from './activation-job.ts';
import type { FailCall, FinishCall, HistoryCall, LoopStartData, ReleaseCall, StartCall } from './actor-calls.ts';
import type { EngineOptions } from './engine-types.ts';
import { flowRunsKey, liveChannel, runKeys } from './keys.ts';
import { keep, RunPlan } from './run-cache.ts';
import { readActors, readEvents, readMeta, readSnapshot } from './run-reader.ts';
import type { ActorFunctions, Finished } from './scripts.ts';
import type { FinishStep } from './stepping.ts';
import { TickBatch } from './tick-batch.ts';
import type { RunEvent } from '../contract/run-events.ts';
import type { RerunSeed } from './rerun-seed.ts';
import type { PlanNode } from './types.ts';

/** Outputs (JSON text) a caller has at hand, by actor: not stored yet, or kept by this process. */
export type KnownOutput = (actor: string) => string | undefined;

export class RunStore {
  readonly prefix: string;
  readonly retention: number;
  readonly payloadLimit: number;
  /** What never changes in a run (flow, project, mode, input…), read once per process. */
  private readonly runInfo = new Map<string, { meta: RunMeta; channel: string }>();
  /** A run's frozen plan, read once per process (HGETALL) for activations that skip begin. */
  private readonly runPlans = new Map<string, Promise<RunPlan>>();
  private readonly histories = new TickBatch<HistoryCall>((key, entries) => this.functions.history(key, entries));

  constructor(readonly redis: Redis, private readonly functions: ActorFunctions, options: EngineOptions) {
    this.prefix = options.prefix ?? 'weft:';
    this.retention = options.retentionSeconds ?? 7 * 24 * 3600;
    this.payloadLimit = options.payloadLimit ?? 2048;
  }

  keys(runId: string) {
    return runKeys(this.prefix, runId);
  }

  private async info(runId: string): Promise<{ meta: RunMeta; channel: string }> {
    const info = this.runInfo.get(runId);
    if (info) return info;
    const meta = await readMeta(this.redis, this.keys(runId).meta);
    if (!meta) throw new Error(`Run ${runId} not found`);
    return keep(this.runInfo, 10_000, runId, { meta, channel: liveChannel(this.prefix, meta.flowId) });
  }

  /**
   * A run this process just started: keep what its activations here would otherwise read back
   * (meta, plan). Called only when this process runs workers.
   */
  remember(runId: string, meta: RunMeta, planNodes: Record<string, string>): void {
    keep(this.runInfo, 10_000, runId, { meta, channel: liveChannel(this.prefix, meta.flowId) });
    keep(this.runPlans, 2000, runId, Promise.resolve(RunPlan.of(planNodes)));
  }

  /** A run's meta as an executor sees it (read once per process). */
  async runMeta(runId: string): Promise<RunMeta> {
    return (await this.info(runId)).meta;
  }

  /** The project a run belongs to (read once per process). */
  async projectOf(runId: string): Promise<string> {
    return (await this.info(runId)).meta.projectId;
  }

  /** The project of a run this process knows already (started here or worked on), else ''. */
  knownProject(runId: string): string {
    return this.runInfo.get(runId)?.meta.projectId ?? '';
  }

  /** Whether this process knows `runId` to have no parent (a run's parent never changes). */
  knownOrphan(runId: string): boolean {
    const known = this.runInfo.get(runId);
    return !!known && !known.meta.parentRunId;
  }

  private async channel(runId: string): Promise<string> {
    return (await this.info(runId)).channel;
  }

  /** A node of the run's frozen plan (the plan read once per process). */
  async planNode(runId: string, nodeId: string): Promise<PlanNode | undefined> {
    const plan =
      this.runPlans.get(runId) ??
      keep(this.runPlans, 2000, runId, this.redis.hgetall(this.keys(runId).plan).then((texts) => new RunPlan(texts)));
    return (await plan).node(nodeId);
  }

  /**
   * start-1.lua (a run stored, its trigger queued or, `triggerRan`, finished) and its history
   * entry, and `alongside` (the eager policy's claim), in one round trip.
   */
  async start(call: StartCall, flowId: string, alongside?: () => Promise<unknown>): Promise<Finished> {
    // sent together, answered together (not a pipeline object: ioredis builds one with every BullMQ script on the connection)
    const [started] = await Promise.all([
      this.functions.start(this.keys(call.runId).meta, call),
      this.addHistory(flowId, { runId: call.runId, now: call.now, retention: this.retention }),
      alongside?.(),
    ]);
    return started;
  }

  /** start-1.lua alone: the history entry follows once the run is known to be new. */
  startOnly(call: StartCall): Promise<Finished> {
    return this.functions.start(this.keys(call.runId).meta, call);
  }

  /**
   * A re-run's seed (actors/rerun-seed.ts), written before its start in one MULTI: every key it
   * writes expires with the run's retention. A crash before the start leaves keys no run points
   * to, which expire.
   */
  async seed(runId: string, seed: RerunSeed): Promise<void> {
    const keys = this.keys(runId);
    const multi = this.redis.multi();
    const hashes: [string, Record<string, string>][] = [[keys.actors, seed.actors], [keys.out, seed.outputs]];
    for (const [actor, fields] of Object.entries(seed.joins)) hashes.push([keys.join(actor), fields]);
    for (const [key, fields] of hashes) {
      if (Object.keys(fields).length === 0) continue;
      multi.hset(key, fields).expire(key, this.retention);
    }
    for (const [actor, envelopes] of Object.entries(seed.mailboxes)) {
      for (const envelope of envelopes) multi.xadd(keys.mailbox(actor), '*', 'm', JSON.stringify({ ...envelope, runId }));
      multi.expire(keys.mailbox(actor), this.retention);
    }
    await multi.exec();
  }

  /** A run's entry in its flow's history, written with the others of this tick (actors/tick-batch.ts). */
  async addHistory(flowId: string, entry: HistoryCall): Promise<void> {
    await this.histories.add(flowRunsKey(this.prefix, flowId), entry);
  }

  /** begin-1.lua: its verdict ('run', 'done', 'suspended', 'stopped') and, to run, its plan node. */
  async begin(job: ActivationJob): Promise<{ verdict: string; node?: PlanNode }> {
    const [verdict, nodeJson] = await this.functions.begin(this.keys(job.runId).meta, {
      actor: job.actor, node: job.node, iteration: job.iteration, now: Date.now(), channel: await this.channel(job.runId),
    });
    return nodeJson ? { verdict, node: JSON.parse(nodeJson) as PlanNode } : { verdict };
  }

  /** finish-1.lua: the actor finished with `step` (and what ran ahead after it) in one atomic step. */
  async finish(job: ActivationJob, step: FinishStep): Promise<Finished> {
    const now = Date.now();
    const call: FinishCall = {
      actor: job.actor,
      node: job.node,
      iteration: job.iteration,
      status: 'completed',
      output: step.output,
      chosen: step.chosen ?? '',
      now,
      durationMs: now - step.startedAt,
      code: step.code,
      mode: step.mode ?? 'route',
      modeData: step.modeData ? JSON.stringify(step.modeData) : '{}',
      retention: this.retention,
      channel: await this.channel(job.runId),
      payloadLimit: this.payloadLimit,
      fusedStart: step.fused ? step.startedAt : '',
      ranAhead: step.ranAhead,
    };
    return this.functions.finish(this.keys(job.runId).meta, call);
  }

  /** fail-1.lua: the actor and its run failed. */
  async fail(job: ActivationJob, failure: Pick<FailCall, 'message' | 'detail' | 'kind'>, startedAt: number, code: number): Promise<void> {
    const now = Date.now();
    await this.functions.fail(this.keys(job.runId).meta, {
      actor: job.actor, node: job.node, iteration: job.iteration, ...failure, now, durationMs: now - startedAt, code,
      retention: this.retention, channel: await this.channel(job.runId),
    });
  }

  /** cancel-1.lua (`reason`: why, when no one asked for it): the run's status afterwards ('missing' when there is no such run). */
  async cancel(runId: string, reason?: string): Promise<string> {
    const flowId = (await this.redis.hget(this.keys(runId).meta, 'flowId')) ?? '';
    return this.functions.cancel(this.keys(runId).meta, { now: Date.now(), retention: this.retention, channel: liveChannel(this.prefix, flowId), reason });
  }

  /** pause-1.lua: the run pauses at held message `id` (actors/breakpoints.ts). */
  async pause(runId: string, id: string): Promise<string> {
    return this.functions.pause(this.keys(runId).meta, { id, now: Date.now(), channel: await this.channel(runId), retention: this.retention });
  }

  /** release-1.lua: held message `id` delivered; the run's status and what became ready. */
  async release(runId: string, call: Pick<ReleaseCall, 'id' | 'state' | 'edited' | 'then'>): Promise<[string, string, string]> {
    return this.functions.release(this.keys(runId).meta, {
      ...call, now: Date.now(), retention: this.retention, channel: await this.channel(runId), payloadLimit: this.payloadLimit,
    });
  }

  /** The child runs a run's actors noted (`<actor>:child:<runId>` fields). */
  async children(runId: string): Promise<string[]> {
    return childrenOf(await this.redis.hkeys(this.keys(runId).actors));
  }

  /** Note on the parent, before the child starts, that `actor` starts child run `child` (cancelled with the parent). */
  async noteChild(runId: string, actor: string, child: string): Promise<void> {
    await this.redis.hset(this.keys(runId).actors, childField(actor, child), '1');
  }

  async status(runId: string): Promise<string | null> {
    return this.redis.hget(this.keys(runId).meta, 'status');
  }

  /** The actor waiting on a run, when it is a child run that resumes its parent. */
  async parentOf(runId: string): Promise<{ runId: string; actor: string } | undefined> {
    const [parentRunId, parentActor] = await this.redis.hmget(this.keys(runId).meta, 'parentRunId', 'parentActor');
    return parentRunId && parentActor ? { runId: parentRunId, actor: parentActor } : undefined;
  }

  async actorState(runId: string, actor: string): Promise<string | null> {
    return this.redis.hget(this.keys(runId).actors, actor);
  }

  /** The actors of a running run still `queued` or `running` (none when it no longer runs): what a takeover queues. */
  async unfinishedActors(runId: string): Promise<string[]> {
    if ((await this.status(runId)) !== 'running') return [];
    const actors = await this.redis.hgetall(this.keys(runId).actors);
    return Object.entries(actors)
      .filter(([actor, state]) => !actor.includes(':') && (state === 'queued' || state === 'running'))
      .map(([actor]) => actor);
  }

  /** The run's status and what a finished actor's finish made ready (actors[A:next]): what a replay hands on again. */
  async replayNext(runId: string, actor: string): Promise<[string, string]> {
    const keys = this.keys(runId);
    const [status, next] = await Promise.all([this.redis.hget(keys.meta, 'status'), this.redis.hget(keys.actors, `${actor}:next`)]);
    return [status ?? 'missing', next ?? '[]'];
  }

  async suspend(job: ActivationJob): Promise<void> {
    await this.redis.hset(this.keys(job.runId).actors, job.actor, 'suspended');
  }

  /** A node.progress event: appended to the events stream and published, as the scripts do. */
  async progress(job: ActivationJob, message: string, detail?: ProgressDetail): Promise<void> {
    const event: NodeProgressEvent = {
      type: 'node.progress', runId: job.runId, ts: Date.now(), nodeId: job.node, message,
      ...(typeof detail?.text === 'string' && detail.text ? { text: detail.text } : {}),
      ...(Number.isFinite(detail?.done) ? { done: detail!.done } : {}),
      ...(Number.isFinite(detail?.total) ? { total: detail!.total } : {}),
      ...(job.iteration !== '' ? { iteration: Number(job.iteration) } : {}),
    };
    const json = JSON.stringify(event);
    const id = await this.redis.xadd(this.keys(job.runId).events, 'MAXLEN', '~', 50000, '*', 'e', `[${json}]`);
    await this.redis.publish(await this.channel(job.runId), `${id}-0 ${json}`);
  }

  /**
   * Outputs of nodes as an actor in `iteration` sees them: its iteration's first. Outside loops,
   * from `known` (not stored yet, or kept by this process) first, the others from Redis.
   */
  async outputs(runId: string, ids: string[], iteration = '', known?: KnownOutput): Promise<Record<string, unknown>> {
    if (ids.length === 0) return {};
    const fields = iteration === '' ? ids : ids.flatMap((id) => [`${id}#${iteration}`, id]);
    const values = iteration === '' ? await this.outputTexts(runId, fields, known) : await this.redis.hmget(this.keys(runId).out, ...fields);
    const result: Record<string, unknown> = {};
    const step = iteration === '' ? 1 : 2;
    ids.forEach((id, i) => {
      const text = values[i * step] ?? (step === 2 ? values[i * step + 1] : null);
      if (text != null) result[id] = JSON.parse(text);
    });
    return result;
  }

  private async outputTexts(runId: string, fields: string[], known?: KnownOutput): Promise<(string | null)[]> {
    const texts: (string | null | undefined)[] = fields.map((field) => known?.(field));
    const unknown = fields.filter((_, i) => texts[i] === undefined);
    if (unknown.length === 0) return texts as string[];
    const read = await this.redis.hmget(this.keys(runId).out, ...unknown);
    return texts.map((text) => (text === undefined ? read.shift()! : text));
  }

  /** One stored output field (JSON text), or null. */
  async outText(runId: string, field: string): Promise<string | null> {
    return this.redis.hget(this.keys(runId).out, field);
  }

  /** Output fields (JSON text or null), in order. */
  async outTexts(runId: string, fields: string[]): Promise<(string | null)[]> {
    return this.redis.hmget(this.keys(runId).out, ...fields);
  }

  /** The loop start of a loop end (meta `loopOf:<E>`), '' when its loop has not started. */
  async loopOf(runId: string, loopEnd: string): Promise<string> {
    return (await this.redis.hget(this.keys(runId).meta, `loopOf:${loopEnd}`)) ?? '';
  }

  /** What finish recorded when the loop started (meta `loop:<L>`). */
  async loopInfo(runId: string, loopStart: string): Promise<LoopStartData> {
    const text = await this.redis.hget(this.keys(runId).meta, `loop:${loopStart}`);
    if (!text) throw new Error(`Loop ${loopStart} has not started in run ${runId}`);
    return JSON.parse(text) as LoopStartData;
  }

  /** The envelopes in an actor's mailbox, in order. */
  async mailbox(runId: string, actor: string): Promise<{ kind: string; from: { nodeId: string } }[]> {
    const messages = await this.redis.xrange(this.keys(runId).mailbox(actor), '-', '+');
    return messages.map(([, fields]) => JSON.parse(fields[1]) as { kind: string; from: { nodeId: string } });
  }

  /** The output a finished run gives its caller: its response node's, else its last node's. */
  async runOutput(runId: string): Promise<unknown> {
    const keys = this.keys(runId);
    const plan = await this.redis.hgetall(keys.plan);
    const responses = Object.values(plan)
      .map((text) => JSON.parse(text) as PlanNode)
      .filter((n) => n.role === 'response')
      .map((n) => n.id);
    const lastNode = await this.redis.hget(keys.meta, 'lastNode');
    const candidates = [...responses, ...(lastNode ? [lastNode] : [])];
    if (candidates.length === 0) return null;
    const [states, outputs] = await Promise.all([this.redis.hmget(keys.actors, ...candidates), this.redis.hmget(keys.out, ...candidates)]);
    const index = candidates.findIndex((_, i) => states[i] === 'completed' && outputs[i] != null);
    return index < 0 ? null : JSON.parse(outputs[index]!);
  }

  meta(runId: string): Promise<RunMeta | null> {
    return readMeta(this.redis, this.keys(runId).meta);
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

  /** The edge ids of a run's frozen plan (what its breakpoints may name). */
  async planEdges(runId: string): Promise<Set<string>> {
    const texts = Object.values(await this.redis.hgetall(this.keys(runId).plan));
    return new Set(texts.flatMap((text) => (JSON.parse(text) as PlanNode).outbound.map((route) => route.edgeId)));
  }

  /** Run ids of a flow, newest first. */
  history(flowId: string, limit = 50): Promise<string[]> {
    return this.redis.zrevrange(flowRunsKey(this.prefix, flowId), 0, limit - 1);
  }
}

/** The actors-hash field noting that `actor` started child run `runId`. */
export function childField(actor: string, runId: string): string {
  return `${actor}:child:${runId}`;
}

/** The child runs noted in a run's actors-hash fields. */
export function childrenOf(fields: string[]): string[] {
  return fields.flatMap((field) => {
    const at = field.indexOf(':child:');
    return at > 0 ? [field.slice(at + ':child:'.length)] : [];
  });
}
