/**
 * @module runtime/core/calls/production-call — the one production call every way in goes through
 * (webhook, GraphQL realtime and async, the chat and search widgets, MCP, app events and
 * data-source syncs): admit the caller (admission.ts), build the trigger's input, count the call
 * against the plan, start the run, wait for its response node, map the outcome, and hand ONE
 * record to the production logs (a realtime call's run is noted when it starts, so it is logged
 * even when this process stops before answering). Routes only translate the request in and the
 * outcome out.
 */
import { randomUUID } from 'node:crypto';
import type { Engine, RunResult } from '../../../actors/engine.ts';
import { watchResult, type ResultWatch } from '../../../actors/run-result.ts';
import type { Plan } from '../../../actors/types.ts';
import type { RunTold } from '../../../actors/run-told.ts';
import { asErrorKind, statusOfKind, type ErrorKind } from '../../../contract/errors.ts';
import { answerOf, NotFoundError } from '../../services/domain-errors.ts';
import type { RunLogger } from '../../services/logs/run-logger.ts';
import type { UsageLimits } from '../../services/usage/limits.ts';
import { fingerprintOf, type IdempotencyKeys } from './idempotency.ts';
import { admit, type AdmissionDeps, type AdmittedFlow, type CallAccess, type CallDoor } from './admission.ts';
import type { LoadShedder } from './load-shedding.ts';

/** How long a webhook or GraphQL caller waits for the response node before getting the run id instead. */
export const REALTIME_WAIT_MS = 30_000;

/** What a route passes in: who calls, through which door, how long they wait. */
export interface CallPolicy {
  door: CallDoor;
  access: CallAccess;
  /** how long the caller waits for a response node */
  waitMs: number;
  /**
   * When the wait runs out: 'follow' answers the run id and the run goes on (webhook, GraphQL);
   * 'fail' answers a timeout failure, 504 (widgets: a visitor does not follow a run).
   */
  late: 'follow' | 'fail';
}

export interface CallRequest {
  flowId: string;
  /** the deployed version to run (`/hook/:flowId@:version`, GraphQL `version`); default: the newest */
  version?: number;
  /**
   * the run's id when the caller derives it (a sync's batch element, runtime/integrations/sync/): a run of
   * that id that exists already is not started again; default a new random id
   */
  runId?: string;
  policy: CallPolicy;
  /** the trigger's input, made once the caller is admitted; may refuse with a ValidationError */
  input(admitted: AdmittedFlow): unknown;
  /** what the log record keeps of the request (never its headers or query) */
  request: { method: string; path: string; body: unknown };
  /** the plan to run and whether the caller is answered at once; default: the flow's plan, at once when it has no response node */
  variant?(admitted: AdmittedFlow): { plan: Plan; async: boolean };
  /**
   * the caller's `Idempotency-Key` (checked: idempotency.ts): a repeat of the call with the same
   * key starts nothing and answers the first call's run
   */
  idempotencyKey?: string;
  /** told the run id just before the run starts */
  onStart?(runId: string): void;
  /** told every chunk of text a node streams (`node.progress` with `text`), as it comes */
  onText?(text: string): void;
}

/** Why a run did not answer, as every door reports it. */
export interface CallFailure {
  /** whose fault (contract/errors.ts); none for a cancelled run */
  kind?: ErrorKind;
  /** the status a realtime HTTP caller gets: statusOfKind(kind), 409 for a cancelled run */
  status: number;
  /** 'run_failed', 'run_cancelled' or 'timeout' */
  code: string;
  message: string;
  /** the node that failed */
  nodeId?: string;
}

export type CallOutcome =
  /**
   * `responded`: a response node's output; otherwise the run ended without one and `output` is the
   * run's; `incomplete`: the run was stopped as not complete (spec 000 §4: a cloud-drive read)
   */
  | { status: 'answered'; runId: string; output: unknown; responded: boolean; incomplete: boolean }
  /** async, or a 'follow' wait that ran out: the run goes on without the caller */
  | { status: 'running'; runId: string }
  | { status: 'failed'; runId: string; failure: CallFailure };

export interface ProductionCallDeps extends AdmissionDeps {
  engine: Pick<Engine, 'startRun' | 'expectResult' | 'listenToFlow' | 'events' | 'runOutput'>;
  usage: Pick<UsageLimits, 'countProductionRequest'>;
  /** where Idempotency-Keys are recorded; none: a key is refused as not supported */
  idempotency?: IdempotencyKeys;
  logs: Pick<RunLogger, 'record' | 'started'>;
  /** the process's limits of calls in flight (load-shedding.ts); none: no limit */
  shedder?: LoadShedder;
}

export class ProductionCalls {
  /** the realtime callers waiting now: what ends each wait early, and the wait */
  private readonly waits = new Map<AbortController, Promise<RunResult>>();
  /** a shutdown's grace period is over: no caller waits any more */
  private graceOver = false;

  constructor(private readonly deps: ProductionCallDeps) {}

  /**
   * For a server that stops: the waiting realtime callers get up to `graceMs` for their answers;
   * those still waiting then are answered as when their wait runs out (webhook and GraphQL:
   * 202 with the run id; the run goes on), and so is every call that comes after. Resolves
   * once no caller waits.
   */
  async drain(graceMs: number): Promise<void> {
    const timer = setTimeout(() => this.endWaits(), graceMs);
    while (this.waits.size) await Promise.allSettled(this.waits.values());
    clearTimeout(timer);
    this.endWaits();
  }

  private endWaits(): void {
    this.graceOver = true;
    for (const giveUp of this.waits.keys()) giveUp.abort();
  }

  /** the run's result (engine.expectResult), the wait ended early by drain() */
  private async awaitAnswer(watch: ResultWatch, waitMs: number): Promise<RunResult> {
    const giveUp = new AbortController();
    if (this.graceOver) giveUp.abort();
    const wait = watch.wait(waitMs, giveUp.signal);
    this.waits.set(giveUp, wait);
    try {
      return await wait;
    } finally {
      this.waits.delete(giveUp);
    }
  }

  /** Admission alone, for routes that read a flow's public face without calling it (widget config). */
  admit(door: CallDoor, flowId: string, access: CallAccess): Promise<AdmittedFlow> {
    return admit(this.deps, door, flowId, access);
  }

  /**
   * One production call. Refusals (not found, unauthorized, wrong trigger, origin, plan limit,
   * bad input) throw domain errors; a run that fails is an outcome, not a throw. Every call
   * that reached a flow is logged once, refusals included; an unknown flow belongs to no
   * project and is not, nor is a call an overloaded process refuses before reading anything
   * (OverloadedError, 503: load-shedding.ts).
   */
  async call(request: CallRequest): Promise<CallOutcome> {
    const receivedAt = Date.now();
    const { door } = request.policy;
    let runId: string | null = null;
    let deployedVersion: number | undefined;
    let flow: { projectId: string; name: string } | undefined;
    const slot = this.deps.shedder?.enter();
    try {
      const admitted = await admit(this.deps, door, request.flowId, request.policy.access, request.version);
      const { projectId } = admitted.flow;
      slot?.forProject(projectId);
      deployedVersion = admitted.version;
      flow = { projectId, name: admitted.flow.name };
      const input = await request.input(admitted);
      const claim = await this.claim(request, projectId);
      // a repeat of an idempotent call is not counted again: it starts nothing
      const { stored } = claim?.first === false ? { stored: Promise.resolve() } : await this.deps.usage.countProductionRequest(projectId);
      const { compiled } = admitted;
      const { plan, async } = request.variant?.(admitted) ?? { plan: compiled.plan, async: compiled.responses.length === 0 };
      const id = (runId = claim?.runId ?? request.runId ?? `run_${randomUUID().replace(/-/g, '')}`);
      const started = () => async || this.deps.logs.started({ ...this.logBase(request, receivedAt, id, deployedVersion, flow), runId: id });
      const [outcome, told] = await this.run(request, plan, compiled.responses, input, id, async, started, stored, claim !== null);
      this.log(request, receivedAt, runId, deployedVersion, outcome, flow, told);
      return outcome;
    } catch (error) {
      if (runId || !(error instanceof NotFoundError)) {
        const known = answerOf(error);
        this.deps.logs.record({
          ...this.logBase(request, receivedAt, runId, deployedVersion, flow),
          async: false,
          answerStatus: known?.status ?? 500,
          error: known?.message ?? 'Internal server error',
          errorKind: known && known.status < 500 ? 'user' : 'unexpected',
        });
      }
      throw error;
    } finally {
      slot?.release();
    }
  }

  /** The run an Idempotency-Key gives this call (its own, or the first call's), or null without a key. */
  private async claim(request: CallRequest, projectId: string) {
    if (request.idempotencyKey === undefined) return null;
    if (!this.deps.idempotency) throw new Error('Idempotency-Key given to calls without an idempotency store');
    return this.deps.idempotency.claim(projectId, request.idempotencyKey, fingerprintOf(request.flowId, request.version, request.request.body));
  }

  private async run(
    request: CallRequest, plan: Plan, responses: readonly string[], input: unknown, runId: string, async: boolean,
    /** the run has started (its record is then written even if this process never answers) */
    started: () => void,
    /** the call's count, stored alongside the start (UsageLimits.countProductionRequest) */
    counted: Promise<void>,
    /**
     * the run's id came with an Idempotency-Key: another call (or this call's first try, cut off)
     * may have started it already, so the start reuses it and the wait replays what it missed
     */
    keyed = false,
  ): Promise<[CallOutcome, RunTold | undefined]> {
    const { engine } = this.deps;
    const { onText } = request;
    // Listening starts before the run does, so no streamed chunk of it can be missed.
    const stopText = onText
      ? await engine.listenToFlow(plan.flowId, (event) => {
          if (event.type === 'node.progress' && typeof event.text === 'string' && event.text) onText(event.text);
        }, { runId })
      : null;
    try {
      request.onStart?.(runId);
      // listening before the run starts: nothing of it can be missed, nothing needs reading back
      const watch = async ? null : keyed ? await watchResult(engine, runId, plan.flowId, [...responses], true) : await engine.expectResult(runId, plan.flowId, [...responses]);
      try {
        const key = request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : {};
        await Promise.all([engine.startRun(plan, input, { mode: 'production', runId, reuse: keyed || request.runId !== undefined, ...key }), counted]);
      } catch (error) {
        watch?.stop();
        throw error;
      }
      started();
      if (!watch) return [{ status: 'running', runId }, undefined];
      const result = await this.awaitAnswer(watch, request.policy.waitMs);
      return [outcomeOf(runId, result, request.policy), watch.told()];
    } finally {
      stopText?.();
    }
  }

  private logBase(request: CallRequest, receivedAt: number, runId: string | null, deployedVersion: number | undefined, flow?: { projectId: string; name: string }) {
    return {
      flowId: request.flowId, ...(flow ? { flow } : {}), runId, trigger: request.policy.door, receivedAt, request: request.request,
      ...(deployedVersion ? { deployedVersion } : {}), ...(request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : {}),
    };
  }

  /** Log an answered call; `told`: its run as the wait heard it end (the logger then reads nothing back). */
  private log(
    request: CallRequest, receivedAt: number, runId: string, deployedVersion: number, outcome: CallOutcome, flow: { projectId: string; name: string },
    told: RunTold | undefined,
  ): void {
    const base = { ...this.logBase(request, receivedAt, runId, deployedVersion, flow), ...(told ? { told } : {}) };
    if (outcome.status === 'answered') this.deps.logs.record({ ...base, async: false, answerStatus: 200 });
    else if (outcome.status === 'running') this.deps.logs.record({ ...base, async: true, answerStatus: 202 });
    else {
      const { failure } = outcome;
      this.deps.logs.record({
        ...base,
        async: false,
        answerStatus: failure.status,
        error: failure.message,
        errorKind: failure.kind,
        failedNode: failure.nodeId,
      });
    }
  }
}

/** What the engine's answer means for the caller. */
function outcomeOf(runId: string, result: RunResult, policy: CallPolicy): CallOutcome {
  switch (result.status) {
    case 'responded':
    case 'completed':
    case 'incomplete':
      return { status: 'answered', runId, output: result.output ?? null, responded: result.status === 'responded', incomplete: result.status === 'incomplete' };
    case 'timeout':
      if (policy.late === 'follow') return { status: 'running', runId };
      return {
        status: 'failed',
        runId,
        failure: { kind: 'timeout', status: statusOfKind('timeout'), code: 'timeout', message: `The flow did not answer within ${Math.round(policy.waitMs / 1000)} s` },
      };
    case 'cancelled':
      return { status: 'failed', runId, failure: { status: 409, code: 'run_cancelled', message: 'The run was cancelled' } };
    default: {
      const kind = asErrorKind(result.errorKind);
      const failure: CallFailure = { kind, status: statusOfKind(kind), code: 'run_failed', message: result.error ?? 'The run failed' };
      if (result.failedNode) failure.nodeId = result.failedNode;
      return { status: 'failed', runId, failure };
    }
  }
}
