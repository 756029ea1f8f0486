/**
 * @module actors/stepping — what an activation's result means, decided without touching Redis:
 * the finish an executor's result asks for, a retry or a failure for what it threw, the code its
 * end reports, and the ready list a finish answers, read into activation jobs. The pipeline
 * (actors/pipeline.ts) stores and dispatches what these decide.
 */
import { asErrorKind, isPassing, type ErrorKind, type ErrorOutput } from '../contract/errors.ts';
import type { ActivationJob } from './activation-job.ts';
import type { FinishMode, LoopNextData, LoopStartData, RanAhead } from './actor-calls.ts';
import type { NodeResult, PlanNode } from './types.ts';

/** When an activation started, and the status code its end reports (200/500, 204/509 after a retry). */
export interface Timing {
  startedAt: number;
  code: number;
}

/** A finish as a stage asks for it (the rest of finish-1.lua's arguments the run store knows). */
export interface FinishStep extends Timing {
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

/** An actor a finish made ready, as finish-1.lua lists it. */
export interface Ready {
  actor: string;
  node: string;
  iteration: string;
  delayMs: number;
}

/** The status code an activation's end reports: 200/500, 204/509 after a first failure. */
export function codeFor(failed: boolean, attempt: number): number {
  if (attempt > 1) return failed ? 509 : 204;
  return failed ? 500 : 200;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whose fault a thrown error is: its `kind` (catalogue's NodeError sets one), else 'unexpected'. */
function kindOf(error: unknown): ErrorKind {
  return asErrorKind(typeof error === 'object' && error !== null ? (error as { kind?: unknown }).kind : undefined);
}

/** Whether a result is only an output (and a router's route): no delay, wait, loop or stop. */
export function plain(result: NodeResult): boolean {
  return !result.delayMs && !result.awaitRun && !result.loop && !result.stopIncomplete && !result.endLoop;
}

/** A loop node: its steps read and write its job, so it runs from the queue. */
export function isLoopNode(node: PlanNode): boolean {
  return node.role === 'loopStart' || node.role === 'loopEnd';
}

/**
 * What the executor's throw leads to: a retry (the progress text, and when) while the error may
 * pass and retries are left; else the failure (only a passing fault — network, timeout, a busy
 * service — may go away when tried again).
 */
export function afterThrow(node: PlanNode, attempt: number, error: unknown): { retry: { message: string; delayMs: number } } | { failure: Failure } {
  const kind = kindOf(error);
  const retried = node.retries > 0 && isPassing(kind);
  if (retried && attempt <= node.retries) return { retry: { message: `Attempt ${attempt} failed: ${messageOf(error)}; retrying`, delayMs: node.retryDelayMs } };
  return {
    failure: retried
      ? { message: `Max retries reached for node ${node.id}`, detail: messageOf(error), kind }
      : { message: messageOf(error), detail: '', kind },
  };
}

/**
 * The finish a failed node goes on with (onError 'continue'): `{error: {message, kind}}` as its
 * output, the node's own (already redacted) message, not 'Max retries reached'.
 */
export function continued(failure: Failure, timing: Timing): FinishStep {
  const output: ErrorOutput = { error: { message: failure.detail || failure.message, kind: failure.kind } };
  return { output: JSON.stringify(output), ...timing };
}

/**
 * The finish an executor's plain-or-loop result asks for (a delay or a wait is not a finish):
 * a loop's start, a deciding loop's end or step, a stop as incomplete, or a route (a router's
 * chosen handles).
 */
export function finishOf(job: ActivationJob, node: PlanNode, result: NodeResult, { startedAt, code }: Timing, fused?: boolean): FinishStep {
  const output = JSON.stringify(result.output ?? null);
  if (result.loop) {
    const loop: LoopStartData = { count: result.loop.items.length, waitMs: result.loop.waitMs, loopEnd: node.loopEnd ?? '' };
    if (result.loop.decide) loop.decide = true;
    return { output, startedAt, code, mode: 'loopStart', modeData: loop };
  }
  // a deciding loop's start in an iteration: end the loop (its final loop end runs next) or route into the body
  const deciding = node.role === 'loopStart' && job.iteration !== '';
  if (deciding && result.endLoop) {
    const next: LoopNextData = { node: node.loopEnd ?? '', iteration: '', delayMs: 0 };
    if (result.loopBodyOutput !== undefined) Object.assign(next, { body: node.body ?? [], bodyOutput: JSON.stringify(result.loopBodyOutput) });
    return { output, startedAt, code, mode: 'loopNext', modeData: next };
  }
  if (result.stopIncomplete) return { output, startedAt, code, mode: 'stop', fused };
  const chosen = node.role === 'router' || deciding ? JSON.stringify(result.route ?? []) : '';
  return { output, startedAt, code, chosen, fused };
}

/** finish-1.lua's ready list: an actor key, or a delayed actor (and every entry of older runs) in full. */
export function readyOf(readyJson: string): Ready[] {
  return (JSON.parse(readyJson) as (string | Ready)[]).map((entry) => {
    if (typeof entry !== 'string') return entry;
    const hash = entry.indexOf('#');
    return hash < 0
      ? { actor: entry, node: entry, iteration: '', delayMs: 0 }
      : { actor: entry, node: entry.slice(0, hash), iteration: entry.slice(hash + 1), delayMs: 0 };
  });
}

/** A ready actor's activation job; `fresh` when the finish that made it ready queues it. */
export function readyJob(runId: string, r: Ready, fresh: boolean): ActivationJob {
  return fresh
    ? { runId, actor: r.actor, node: r.node, iteration: r.iteration, fresh: true }
    : { runId, actor: r.actor, node: r.node, iteration: r.iteration };
}

/** An actor key's activation job (not fresh: begin decides). */
export function actorJob(runId: string, actor: string): ActivationJob {
  const [node, iteration = ''] = actor.split('#');
  return { runId, actor, node, iteration };
}
