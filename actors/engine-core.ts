/**
 * @module actors/engine-core — the engine's steps over Redis: begin, finish, fail, child runs
 * and handing ready actors to the activation queue (a loop's own steps: actors/loop-steps.ts).
 * Shared by every worker.
 */
import type { ActivationQueues } from './activation-queues.ts';
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import type { ErrorKind, ErrorOutput } from '../contract/errors.ts';
import { jobIdOf, type ActivationJob } from './activation-job.ts';
import type { FinishMode, LoopNextData, LoopStartData, RanAhead } from './actor-calls.ts';
import { plain, runAhead } from './run-ahead.ts';
import type { Activation, EngineOptions, ExecuteFn, StartOptions } from './engine-types.ts';
import { liveChannel, runKeys } from './keys.ts';
import { readMeta } from './run-reader.ts';
import { keep, RunPlan } from './run-cache.ts';
import type { ActorFunctions } from './scripts.ts';
import type { EagerRuns } from './eager.ts';
import type { RunMeta } from '../contract/runs.ts';
import type { ProgressDetail } from '../contract/run-events.ts';
import type { NodeResult, Plan, PlanNode } from './types.ts';

/** What the core works with, handed over by the Engine that builds it. */
export interface EngineCoreDeps {
  redis: Redis;
  functions: ActorFunctions;
  queue: ActivationQueues;
  execute: ExecuteFn;
  options: EngineOptions;
  /** start a run: the Engine's own (a child run starts as any other) */
  startRun(plan: Plan, input: unknown, options: StartOptions): Promise<string>;
  /** cancel a run (and its child runs) */
  cancelRun(runId: string): Promise<string>;
}

/** When an activation started, and the status code its end reports (200/500, 204/509 after a retry). */
export interface Timing {
  startedAt: number;
  code: number;
}

/** A finish as the core's steps ask for it (the rest of finish-1.lua's arguments the core knows). */
interface FinishStep extends Timing {
  /** JSON text */
  output: string;
  /** default 'route' */
  mode?: FinishMode;
  modeData?: LoopStartData | LoopNextData;
  /** router nodes: the chosen handles, JSON; '' (default) routes along every edge */
  chosen?: string;
  /** begin was skipped (a fresh first attempt): finish does its part */
  fused?: boolean;
  /** the steps run ahead after this actor (actors/run-ahead.ts), with its output first in `ahead` */
  ranAhead?: RanAhead[];
  ahead?: Map<string, string>;
}

/** Why an actor failed: the text runs and events show, the underlying error ('' if none), whose fault. */
export interface Failure {
  message: string;
  detail: string;
  kind: ErrorKind;
}

interface Ready {
  actor: string;
  node: string;
  iteration: string;
  delayMs: number;
}

/** finish-1.lua's ready list: an actor key, or a delayed actor (and every entry of older runs) in full. */
function readyOf(readyJson: string): Ready[] {
  return (JSON.parse(readyJson) as (string | Ready)[]).map((entry) => {
    if (typeof entry !== 'string') return entry;
    const hash = entry.indexOf('#');
    return hash < 0
      ? { actor: entry, node: entry, iteration: '', delayMs: 0 }
      : { actor: entry, node: entry.slice(0, hash), iteration: entry.slice(hash + 1), delayMs: 0 };
  });
}

/** A ready actor's activation job; `fresh` when the finish that made it ready queues it. */
function readyJob(runId: string, r: Ready, fresh: boolean): ActivationJob {
  return fresh
    ? { runId, actor: r.actor, node: r.node, iteration: r.iteration, fresh: true }
    : { runId, actor: r.actor, node: r.node, iteration: r.iteration };
}

export class EngineCore {
  readonly prefix: string;
  readonly retention: number;
  readonly payloadLimit: number;
  readonly lazyBeginMs: number;
  readonly redis: Redis;
  private readonly functions: ActorFunctions;
  private readonly queue: ActivationQueues;
  private readonly executeFn: ExecuteFn;
  private readonly startRun: EngineCoreDeps['startRun'];
  private readonly cancelRun: EngineCoreDeps['cancelRun'];
  /** eager dispatch, when this process runs workers (actors/eager.ts) */
  eager?: EagerRuns;

  constructor(deps: EngineCoreDeps) {
    this.redis = deps.redis;
    this.functions = deps.functions;
    this.queue = deps.queue;
    this.executeFn = deps.execute;
    this.startRun = deps.startRun;
    this.cancelRun = deps.cancelRun;
    this.prefix = deps.options.prefix ?? 'weft:';
    this.retention = deps.options.retentionSeconds ?? 7 * 24 * 3600;
    this.payloadLimit = deps.options.payloadLimit ?? 2048;
    this.lazyBeginMs = deps.options.lazyBeginMs ?? 10;
  }

  keys(runId: string) {
    return runKeys(this.prefix, runId);
  }

  /** What never changes in a run (flow, project, mode, input…), read once per process. */
  private readonly runInfo = new Map<string, { meta: RunMeta; channel: string }>();
  /** A run's frozen plan, read once per process (HGETALL) for activations that skip begin. */
  private readonly runPlans = new Map<string, Promise<RunPlan>>();

  private async info(runId: string): Promise<{ meta: RunMeta; channel: string }> {
    const info = this.runInfo.get(runId);
    if (info) return info;
    const meta = await readMeta(this.redis, this.keys(runId).meta);
    if (!meta) throw new Error(`Run ${runId} not found`);
    return keep(this.runInfo, 10_000, runId, { meta, channel: liveChannel(this.prefix, meta.flowId) });
  }

  /**
   * A run this process just started: keep what the workers would otherwise read back (meta,
   * plan), so its activations here skip those two round trips. The Engine calls it only when
   * this process runs workers.
   */
  remember(runId: string, meta: RunMeta, planNodes: Record<string, string>): void {
    keep(this.runInfo, 10_000, runId, { meta, channel: liveChannel(this.prefix, meta.flowId) });
    keep(this.runPlans, 2000, runId, Promise.resolve(RunPlan.of(planNodes)));
  }

  /** The project a run belongs to (read once per process). */
  async projectOf(runId: string): Promise<string> {
    return (await this.info(runId)).meta.projectId;
  }

  /** The project of a run this process knows already (started here or worked on), else ''. */
  knownProject(runId: string): string {
    return this.runInfo.get(runId)?.meta.projectId ?? '';
  }

  private async channel(runId: string): Promise<string> {
    return (await this.info(runId)).channel;
  }

  async cachedPlanNode(runId: string, nodeId: string): Promise<PlanNode | undefined> {
    const plan =
      this.runPlans.get(runId) ??
      keep(this.runPlans, 2000, runId, this.redis.hgetall(this.keys(runId).plan).then((texts) => new RunPlan(texts)));
    return (await plan).node(nodeId);
  }

  /** Begin an activation: its verdict ('run', 'done', 'suspended', 'stopped') and, to run, its plan node. */
  async begin(job: ActivationJob): Promise<{ verdict: string; node?: PlanNode }> {
    const [verdict, nodeJson] = await this.functions.begin(this.keys(job.runId).meta, {
      actor: job.actor, node: job.node, iteration: job.iteration, now: Date.now(), channel: await this.channel(job.runId),
    });
    return nodeJson ? { verdict, node: JSON.parse(nodeJson) as PlanNode } : { verdict };
  }

  /**
   * Run the executor. `beforeEffects` (a lazy begin) is awaited before the executor emits progress
   * or starts a child run, so those never precede the actor's node.started. A pinned node (only a
   * test run's plan has pins: runtime/flows/compile.ts) is not run: its pinned output is its result.
   */
  async execute(
    job: ActivationJob,
    node: PlanNode,
    { attempt, engineValues, beforeEffects = async () => {}, offSlot = (wait) => wait(), ahead }: {
      attempt: number;
      engineValues?: Record<string, unknown>;
      beforeEffects?: () => Promise<unknown>;
      offSlot?: Activation['offSlot'];
      /** outputs (JSON text by actor) of actors finished here but not stored yet (runAhead) */
      ahead?: Map<string, string>;
    },
  ): Promise<NodeResult> {
    if (node.pinned) return { output: node.pinned.output };
    const { meta } = await this.info(job.runId);
    const iteration = job.iteration === '' ? undefined : Number(job.iteration);
    let controller: AbortController | undefined;
    return this.executeFn({
      runId: job.runId,
      meta,
      node,
      actor: job.actor,
      iteration,
      attempt,
      engineValues,
      // made when first asked for: most executors never pass a signal on
      get signal() {
        return (controller ??= new AbortController()).signal;
      },
      offSlot,
      outputs: (ids) => this.outputs(job.runId, ids, job.iteration, ahead),
      progress: async (message, detail) => {
        await beforeEffects();
        return this.progress(job, message, detail);
      },
      startChild: async (plan, input, asTool) => {
        await beforeEffects();
        const parent = { runId: job.runId, actor: job.actor, hop: meta.hop, resumes: !asTool };
        return this.startChild(job, plan, input, { mode: meta.mode, parent, runId: asTool?.runId ?? newRunId(), reuse: !!asTool });
      },
    });
  }

  /**
   * Run a new run's trigger here, before the run is stored (Engine.startRun: start-1.lua then
   * finishes it). Trigger executors only shape the call's input. Resolves to its output (JSON
   * text) and when it ended, or to undefined when it is to run as an activation instead: it threw
   * (the activation retries or fails it as for any node), asked for an effect (progress, a child
   * run: none before the run exists) or for more than an output (a delay, a wait, a loop, a route).
   */
  async triggerAtStart(runId: string, trigger: string): Promise<{ output: string; endedAt: number; result: NodeResult } | undefined> {
    const node = await this.cachedPlanNode(runId, trigger);
    if (node?.role !== 'trigger') return undefined;
    const job = { runId, actor: trigger, node: trigger, iteration: '' };
    try {
      const result = await this.execute(job, node, { attempt: 1, beforeEffects: () => Promise.reject(new Error('the run has not started yet')) });
      if (!plain(result) || result.route) return undefined;
      return { output: JSON.stringify(result.output ?? null), endedAt: Date.now(), result };
    } catch {
      return undefined;
    }
  }

  /**
   * Start a child run of `job`'s actor, noted on the parent first (`<actor>:child:<runId>` in its
   * actors hash), so cancelling the parent finds it (`Engine.cancelRun`); a parent cancelled while
   * the child started has it cancelled here.
   */
  private async startChild(job: ActivationJob, plan: Plan, input: unknown, options: StartOptions & { runId: string }): Promise<string> {
    const keys = this.keys(job.runId);
    await this.redis.hset(keys.actors, childField(job.actor, options.runId), '1');
    const runId = await this.startRun(plan, input, options);
    if ((await this.redis.hget(keys.meta, 'status')) === 'cancelled') await this.cancelRun(runId);
    return runId;
  }

  /**
   * Outputs of nodes as an actor in `iteration` sees them: its iteration's first. Outside loops,
   * from `ahead` (not stored yet) and the outputs kept here (EagerRuns.keepOutput), the others
   * from Redis.
   */
  async outputs(runId: string, ids: string[], iteration = '', ahead?: Map<string, string>): Promise<Record<string, unknown>> {
    if (ids.length === 0) return {};
    const fields = iteration === '' ? ids : ids.flatMap((id) => [`${id}#${iteration}`, id]);
    const values = iteration === '' ? await this.outputTexts(runId, fields, ahead) : await this.redis.hmget(this.keys(runId).out, ...fields);
    const result: Record<string, unknown> = {};
    const step = iteration === '' ? 1 : 2;
    ids.forEach((id, i) => {
      const text = values[i * step] ?? (step === 2 ? values[i * step + 1] : null);
      if (text != null) result[id] = JSON.parse(text);
    });
    return result;
  }

  /** The outputs (JSON text, null when none) of actors outside loops: from `ahead` and those kept here, the rest read from Redis. */
  private async outputTexts(runId: string, fields: string[], ahead?: Map<string, string>): Promise<(string | null)[]> {
    const texts: (string | null | undefined)[] = fields.map((field) => ahead?.get(field) ?? this.eager?.keptOutput(runId, field));
    const unknown = fields.filter((_, i) => texts[i] === undefined);
    if (unknown.length === 0) return texts as string[];
    const read = await this.redis.hmget(this.keys(runId).out, ...unknown);
    return texts.map((text) => (text === undefined ? read.shift()! : text));
  }

  async progress(job: ActivationJob, message: string, detail?: ProgressDetail): Promise<void> {
    const json = JSON.stringify({
      type: 'node.progress', runId: job.runId, ts: Date.now(), nodeId: job.node, message,
      ...(typeof detail?.text === 'string' && detail.text ? { text: detail.text } : {}),
      ...(Number.isFinite(detail?.done) ? { done: detail!.done } : {}),
      ...(Number.isFinite(detail?.total) ? { total: detail!.total } : {}),
      ...(job.iteration !== '' ? { iteration: Number(job.iteration) } : {}),
    });
    const keys = this.keys(job.runId);
    const id = await this.redis.xadd(keys.events, 'MAXLEN', '~', 50000, '*', 'e', `[${json}]`);
    await this.redis.publish(await this.channel(job.runId), `${id}-0 ${json}`);
  }

  /**
   * Finish with an executor's result; `fused`: begin was skipped (a fresh first attempt), finish
   * does its part.
   */
  async finishWith(job: ActivationJob, node: PlanNode, result: NodeResult, { startedAt, code, fused }: Timing & { fused?: boolean }): Promise<void> {
    const output = JSON.stringify(result.output ?? null);
    if (result.loop) {
      const loop: LoopStartData = { count: result.loop.items.length, waitMs: result.loop.waitMs, loopEnd: node.loopEnd ?? '' };
      if (result.loop.decide) loop.decide = true;
      return this.finishRaw(job, { output, startedAt, code, mode: 'loopStart', modeData: loop });
    }
    // a deciding loop's start in an iteration: end the loop (its final loop end runs next) or route into the body
    const deciding = node.role === 'loopStart' && job.iteration !== '';
    if (deciding && result.endLoop) {
      const next: LoopNextData = { node: node.loopEnd ?? '', iteration: '', delayMs: 0 };
      if (result.loopBodyOutput !== undefined) Object.assign(next, { body: node.body ?? [], bodyOutput: JSON.stringify(result.loopBodyOutput) });
      return this.finishRaw(job, { output, startedAt, code, mode: 'loopNext', modeData: next });
    }
    if (result.stopIncomplete) return this.finishRaw(job, { output, startedAt, code, mode: 'stop', fused });
    const chosen = node.role === 'router' || deciding ? JSON.stringify(result.route ?? []) : '';
    // an eager activation runs ahead (the process that started the run keeps its outputs)
    if (!job.eager || job.iteration !== '') return this.finishRaw(job, { output, startedAt, code, chosen, fused });
    const ahead = new Map([[job.actor, output]]);
    const ranAhead = await runAhead(this, job.runId, node, result, ahead);
    return this.finishRaw(job, { output, startedAt, code, chosen, fused, ranAhead, ahead });
  }

  /** Finish the actor with its output as JSON text (finish-1.lua), then hand on what became ready. */
  async finishRaw(job: ActivationJob, step: FinishStep): Promise<void> {
    const now = Date.now();
    const result = await this.functions.finish(this.keys(job.runId).meta, {
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
    });
    if (job.eager && result[0] === 'ok') this.keepFinished(job.runId, step.ahead ?? new Map([[job.actor, step.output]]), result[3]);
    // only what this finish made ready is fresh: replays of next[actor] are not
    await this.handOn(job.runId, [result[1], result[2]], result[0] === 'ok', job.eager);
  }

  /** Keep (EagerRuns.keepOutput) the outputs of a finish that stored `ahead`'s first actor and `ranAhead` steps run ahead after it. */
  keepFinished(runId: string, ahead: Map<string, string>, ranAhead: number): void {
    let left = 1 + ranAhead;
    for (const [actor, output] of ahead) {
      if (left-- === 0) return;
      this.eager?.keepOutput(runId, actor, output);
    }
  }

  /** Fail the actor and its run with `failure`: its text, the underlying error (or ''), and whose fault it is. */
  async fail(job: ActivationJob, failure: Failure, { startedAt, code }: Timing): Promise<void> {
    const now = Date.now();
    await this.functions.fail(this.keys(job.runId).meta, {
      actor: job.actor,
      node: job.node,
      iteration: job.iteration,
      ...failure,
      now,
      durationMs: now - startedAt,
      code,
      retention: this.retention,
      channel: await this.channel(job.runId),
    });
    await this.onRunEnded(job.runId);
  }

  /**
   * A node failed for good (its retries spent): the run fails with it, unless the node goes on
   * (onError 'continue'). Then it completes with `{error: {message, kind}}` as its output and
   * its failure code (500, 509 after retries) on node.completed, and its routes carry that
   * output as data (a router's every route: it chose none), so the flow can branch on it. The
   * message is the node's own (already redacted), not 'Max retries reached'.
   */
  failNode(job: ActivationJob, node: PlanNode, failure: Failure, timing: Timing): Promise<void> {
    if (node.onError !== 'continue') return this.fail(job, failure, timing);
    const output: ErrorOutput = { error: { message: failure.detail || failure.message, kind: failure.kind } };
    return this.finishRaw(job, { output: JSON.stringify(output), ...timing });
  }

  async replayNext(runId: string, actor: string): Promise<[string, string]> {
    const keys = this.keys(runId);
    const [status, next] = await Promise.all([this.redis.hget(keys.meta, 'status'), this.redis.hget(keys.actors, `${actor}:next`)]);
    return [status ?? 'missing', next ?? '[]'];
  }

  /**
   * Enqueue what finishing made ready (what an eager activation's finish made ready, without a
   * delay, runs here while there is room: actors/eager.ts); when the run has ended, wake its parent.
   */
  async handOn(runId: string, [status, readyJson]: [string, string], fresh = false, eager = false): Promise<void> {
    let ready = readyOf(readyJson);
    if (eager && fresh && this.eager && ready.length) {
      const delays = new Map(ready.map((r) => [r.actor, r.delayMs]));
      const rest = new Set(this.eager.take(ready.map((r) => readyJob(runId, r, true)), (job) => !!delays.get(job.actor)).map((job) => job.actor));
      ready = ready.filter((r) => rest.has(r.actor));
    }
    if (ready.length === 1) {
      const [r] = ready;
      await this.queue.add('activate', readyJob(runId, r, fresh), { jobId: jobIdOf(runId, r.actor), delay: r.delayMs || undefined });
    } else if (ready.length > 1) {
      await this.queue.addBulk(
        ready.map((r) => ({
          name: 'activate',
          data: readyJob(runId, r, fresh),
          opts: { jobId: jobIdOf(runId, r.actor), delay: r.delayMs || undefined },
        })),
      );
    }
    if (status !== 'running') await this.onRunEnded(runId);
  }

  /** A run ended: if it is a child run, resume the parent actor waiting on it. */
  async onRunEnded(runId: string): Promise<void> {
    // a run this process knows to have no parent (a run's parent never changes)
    const known = this.runInfo.get(runId);
    if (known && !known.meta.parentRunId) return;
    const [parentRunId, parentActor] = await this.redis.hmget(this.keys(runId).meta, 'parentRunId', 'parentActor');
    if (!parentRunId || !parentActor) return;
    const node = parentActor.split('#')[0];
    const iteration = parentActor.includes('#') ? parentActor.split('#')[1] : '';
    await this.queue.add(
      'activate',
      { runId: parentRunId, actor: parentActor, node, iteration, step: 'resume', child: runId },
      { jobId: jobIdOf(parentRunId, parentActor, 'resume') },
    );
  }

  async suspend(job: ActivationJob): Promise<void> {
    await this.redis.hset(this.keys(job.runId).actors, job.actor, 'suspended');
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
    const [states, outputs] = await Promise.all([
      this.redis.hmget(keys.actors, ...candidates),
      this.redis.hmget(keys.out, ...candidates),
    ]);
    const index = candidates.findIndex((_, i) => states[i] === 'completed' && outputs[i] != null);
    return index < 0 ? null : JSON.parse(outputs[index]!);
  }

  async resumeFromChild(job: ActivationJob, node: PlanNode, startedAt: number): Promise<void> {
    const child = job.child ?? '';
    const meta = await readMeta(this.redis, this.keys(child).meta);
    const timing = { startedAt, code: 500 };
    if (!meta) return this.failNode(job, node, { message: `Child run ${child} not found`, detail: '', kind: 'unexpected' }, timing);
    if (meta.status === 'failed') {
      const failure = { message: meta.error ?? `Child run ${child} was failed`, detail: '', kind: meta.errorKind ?? 'unexpected' };
      return this.failNode(job, node, failure, timing);
    }
    // a child cancelled by someone: the parent cannot go on, and no retry would change that
    if (meta.status === 'cancelled') return this.failNode(job, node, { message: `Child run ${child} was cancelled`, detail: '', kind: 'user' }, timing);
    const flowOutput = await this.runOutput(child);
    return this.finishRaw(job, { output: JSON.stringify({ flowOutput, runId: child }), startedAt, code: 200 });
  }
}

/** A new run's id. */
export function newRunId(): string {
  return `run_${randomUUID().replace(/-/g, '')}`;
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
