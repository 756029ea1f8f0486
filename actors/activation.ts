/**
 * @module actors/activation — what a worker does with one activation job: begin, run the
 * executor (or the engine's own step for loops, waits and child runs), finish, hand on.
 * Every step is safe to repeat: a job re-run after a crash replays instead of redoing.
 *
 * A fresh first attempt (queued by the finish that made the actor ready, or a trigger queued by
 * startRun; picked up for the first time, attempt 1, not a loop node) skips begin: the executor runs at once and finish-1.lua does
 * begin's part (refuses a finished actor or a run no longer running, records the start, emits
 * node.started) in the same call. If the executor runs longer than `lazyBeginMs` (engine option, 10 ms), throws,
 * delays, waits on a child run or reports progress, begin runs after all, as for any other job.
 */
import { DelayedError, type Job } from 'bullmq';
import { asErrorKind, isPassing, type ErrorKind } from '../contract/errors.ts';
import type { ActivationJob } from './activation-job.ts';
import type { EngineCore, Timing } from './engine-core.ts';
import type { Activation } from './engine-types.ts';
import { decides, endIteration, iterate, loopValues } from './loop-steps.ts';
import type { NodeResult, PlanNode } from './types.ts';

/**
 * One activation being worked on: the engine's core, its data, and how it goes on later (a
 * retry, a delay): a queued job moves itself to the delayed set; an eager one (actors/eager.ts)
 * is handed to the queue.
 */
interface Work {
  core: EngineCore;
  data: ActivationJob;
  /** go on as `data` after `delayMs`; a queued job's ends the processing (DelayedError) */
  later(data: ActivationJob, delayMs: number): Promise<void>;
  /** a wait with the worker slot free meanwhile (actors/fair-slots.ts `without`) */
  offSlot: Activation['offSlot'];
}

/** Await a wait holding on to the slot: work run outside fair slots. */
const inSlot: Activation['offSlot'] = (wait) => wait();

/** Work on a job taken from the queue, with the lock token its moves need. */
function queuedWork(core: EngineCore, job: Job<ActivationJob>, token: string | undefined, offSlot: Activation['offSlot']): Work {
  return {
    core,
    data: job.data,
    offSlot,
    async later(data, delayMs) {
      await job.updateData(data);
      await job.moveToDelayed(Date.now() + delayMs, token);
      throw new DelayedError();
    },
  };
}

const maxRetriesText = (id: string) => `Max retries reached for node ${id}`;

function codeFor(failed: boolean, attempt: number): number {
  if (attempt > 1) return failed ? 509 : 204;
  return failed ? 500 : 200;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whose fault a thrown error is: its `kind` (catalogue's NodeError sets one), else 'unexpected'. */
function kindOf(error: unknown): ErrorKind {
  return asErrorKind(typeof error === 'object' && error !== null ? (error as { kind?: unknown }).kind : undefined);
}

/** Process one activation job (`offSlot`: how it waits with its worker slot free, when it runs in one). */
export async function processActivation(core: EngineCore, job: Job<ActivationJob>, token?: string, offSlot = inSlot): Promise<void> {
  const work = queuedWork(core, job, token, offSlot);
  const data = job.data;
  const step = data.step ?? 'run';
  if (isFresh(job)) {
    const node = await core.cachedPlanNode(data.runId, data.node);
    if (node && node.role !== 'loopStart' && node.role !== 'loopEnd') return runFresh(work, node);
  }
  const { verdict: begun, node } = await core.begin(data);
  if (begun === 'stopped') return;
  if (begun === 'done') return core.handOn(data.runId, await core.replayNext(data.runId, data.actor));
  if (begun === 'suspended' && step !== 'resume') return;
  if (step === 'resume' && begun !== 'suspended') {
    // the child finished before its parent recorded the suspension: look again shortly
    await job.moveToDelayed(Date.now() + 50, token);
    throw new DelayedError();
  }
  if (!node) throw new Error(`Run ${data.runId} has no node ${data.node}`);
  const startedAt = data.startedAt ?? Date.now();
  const attempt = data.attempt ?? 1;
  const timing = { startedAt, code: codeFor(false, attempt) };

  if (step === 'wake') return core.finishRaw(data, { ...timing, output: data.output ?? 'null' });
  if (step === 'resume') return core.resumeFromChild(data, node, startedAt);
  if (node.role === 'loopStart' && data.iteration !== '' && !(await decides(core, data.runId, node.id))) return iterate(core, data, node);
  if (node.role === 'loopEnd' && data.iteration !== '') return endIteration(core, data, node);

  let result: NodeResult;
  try {
    const engineValues = await loopValues(core, data.runId, node, data.iteration);
    result = await core.execute(data, node, { attempt, engineValues, offSlot });
  } catch (error) {
    return retryOrFail(work, node, attempt, startedAt, error);
  }
  return complete(work, node, result, timing);
}

/** After the executor returned: hold a delay as a delayed job, suspend on a child run, or finish. */
async function complete(work: Work, node: PlanNode, result: NodeResult, timing: Timing): Promise<void> {
  const { core, data } = work;
  if (result.delayMs && result.delayMs > 0) {
    return work.later({ ...data, step: 'wake', output: JSON.stringify(result.output ?? null), startedAt: timing.startedAt, fresh: undefined }, result.delayMs);
  }
  if (result.awaitRun) return core.suspend(data);
  return core.finishWith(data, node, result, timing);
}

/**
 * An eager activation (actors/eager.ts): a fresh first attempt run by the process that started
 * the run, handed to the queue for whatever comes later (`defer`). A loop node goes to the
 * queue at once (its steps read and write the job).
 */
export async function runEager(
  core: EngineCore,
  data: ActivationJob,
  defer: (data: ActivationJob, delayMs: number) => Promise<void>,
  offSlot: Activation['offSlot'],
): Promise<void> {
  const node = await core.cachedPlanNode(data.runId, data.node);
  if (!node || node.role === 'loopStart' || node.role === 'loopEnd') return defer(data, 0);
  return runFresh({ core, data, later: defer, offSlot }, node);
}

function isFresh(job: Job<ActivationJob>): boolean {
  const data = job.data;
  return data.fresh === true && (data.step ?? 'run') === 'run' && (data.attempt ?? 1) === 1 && job.attemptsStarted <= 1;
}

/** A fresh first attempt: execute at once, begin lazily (see the module comment). */
async function runFresh(work: Work, node: PlanNode): Promise<void> {
  const { core, data } = work;
  const startedAt = Date.now();
  let begun: Promise<string> | undefined;
  const beginNow = () => (begun ??= core.begin(data).then((b) => b.verdict));
  const timer = setTimeout(() => void beginNow().catch(() => {}), core.lazyBeginMs);
  /** begin's verdict once it ran: true when this activation must stop here */
  const stopAfterBegin = async (): Promise<boolean> => {
    const verdict = await beginNow();
    if (verdict === 'done') await core.handOn(data.runId, await core.replayNext(data.runId, data.actor));
    return verdict !== 'run';
  };
  let result: NodeResult;
  try {
    result = await core.execute(data, node, { attempt: 1, beforeEffects: beginNow, offSlot: work.offSlot });
  } catch (error) {
    clearTimeout(timer);
    if (await stopAfterBegin()) return;
    return retryOrFail(work, node, 1, startedAt, error);
  }
  clearTimeout(timer);
  const timing = { startedAt, code: codeFor(false, 1) };
  const plain = !result.delayMs && !result.awaitRun && !result.loop;
  if (!begun && plain) return core.finishWith(data, node, result, { ...timing, fused: true });
  if (await stopAfterBegin()) return;
  return complete(work, node, result, timing);
}

/** The executor threw: try again later if the error may pass and retries are left, else fail (or go on: failNode). */
async function retryOrFail(work: Work, node: PlanNode, attempt: number, startedAt: number, error: unknown): Promise<void> {
  const { core, data } = work;
  const kind = kindOf(error);
  // only a passing fault (network, timeout, a busy service) may go away when tried again
  const retried = node.retries > 0 && isPassing(kind);
  if (retried && attempt <= node.retries) {
    await core.progress(data, `Attempt ${attempt} failed: ${messageOf(error)}; retrying`);
    return work.later({ ...data, attempt: attempt + 1, startedAt, fresh: undefined }, node.retryDelayMs);
  }
  const failure = retried
    ? { message: maxRetriesText(node.id), detail: messageOf(error), kind }
    : { message: messageOf(error), detail: '', kind };
  await core.failNode(data, node, failure, { startedAt, code: codeFor(true, attempt) });
}
