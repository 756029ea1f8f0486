/**
 * @module actors/activation — what a worker does with one activation job: begin, run the
 * executor (or the engine's own step for loops, waits and child runs), finish, hand on.
 * Every step is safe to repeat: a job re-run after a crash replays instead of redoing.
 */
import { DelayedError, type Job } from 'bullmq';
import type { ActivationStep, EngineCore } from './engine-core.ts';
import type { NodeResult, PlanNode } from './types.ts';

export interface ActivationJob {
  runId: string;
  actor: string;
  node: string;
  iteration: string;
  step?: ActivationStep;
  attempt?: number;
  /** step 'wake': the output held back by a delay */
  output?: string;
  startedAt?: number;
  /** step 'resume': the child run whose end resumes this actor */
  child?: string;
}

const maxRetriesText = (id: string) => `Max retries reached for node ${id}`;

function codeFor(failed: boolean, attempt: number): number {
  if (attempt > 1) return failed ? 509 : 204;
  return failed ? 500 : 200;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Process one activation job. */
export async function processActivation(core: EngineCore, job: Job<ActivationJob>, token?: string): Promise<void> {
  const data = job.data;
  const step = data.step ?? 'run';
  const { verdict: begun, node } = await core.begin(data);
  if (begun === 'stopped') return;
  if (begun === 'done') return core.handOn(data.runId, data.actor, await core.replayNext(data.runId, data.actor));
  if (begun === 'suspended' && step !== 'resume') return;
  if (step === 'resume' && begun !== 'suspended') {
    // the child finished before its parent recorded the suspension: look again shortly
    await job.moveToDelayed(Date.now() + 50, token);
    throw new DelayedError();
  }
  if (!node) throw new Error(`Run ${data.runId} has no node ${data.node}`);
  const startedAt = data.startedAt ?? Date.now();
  const attempt = data.attempt ?? 1;
  const finish = (result: NodeResult) => core.finishWith(data, node, result, startedAt, codeFor(false, attempt));

  if (step === 'wake') return core.finishRaw(data, node, data.output ?? 'null', startedAt, codeFor(false, attempt));
  if (step === 'resume') return core.resumeFromChild(data, node, startedAt);
  if (node.role === 'loopStart' && data.iteration !== '') return core.iterate(data, node);
  if (node.role === 'loopEnd' && data.iteration !== '') return core.endIteration(data, node);

  let result: NodeResult;
  try {
    const engineValues = node.role === 'loopEnd' ? { loopOutput: await core.loopOutput(data.runId, node) } : undefined;
    result = await core.execute(data, node, attempt, engineValues);
  } catch (error) {
    return retryOrFail(core, job, token, node, attempt, startedAt, error);
  }
  if (result.delayMs && result.delayMs > 0) {
    await job.updateData({ ...data, step: 'wake', output: JSON.stringify(result.output ?? null), startedAt });
    await job.moveToDelayed(Date.now() + result.delayMs, token);
    throw new DelayedError();
  }
  if (result.awaitRun) return core.suspend(data);
  return finish(result);
}

async function retryOrFail(
  core: EngineCore,
  job: Job<ActivationJob>,
  token: string | undefined,
  node: PlanNode,
  attempt: number,
  startedAt: number,
  error: unknown,
): Promise<void> {
  const data = job.data;
  if (attempt <= node.retries) {
    await core.progress(data, `Attempt ${attempt} failed: ${messageOf(error)}; retrying`);
    await job.updateData({ ...data, attempt: attempt + 1, startedAt });
    await job.moveToDelayed(Date.now() + node.retryDelayMs, token);
    throw new DelayedError();
  }
  const text = node.retries > 0 ? maxRetriesText(node.id) : messageOf(error);
  const detail = node.retries > 0 ? messageOf(error) : '';
  await core.fail(data, text, detail, startedAt, codeFor(true, attempt));
}
