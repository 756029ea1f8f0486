/**
 * @module actors/activation-job — what an activation job carries and its BullMQ job id: shared
 * by the pipeline (actors/pipeline.ts: it queues them and works on them), the eager policy and
 * the run store, none of which need the others for it.
 */

export type ActivationStep = 'run' | 'wake' | 'resume';

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
  /** queued by the finish that made the actor ready or by startRun (not by a replay): may skip begin */
  fresh?: boolean;
  /** run by the process that started the run, not taken from the queue (actors/eager.ts); never queued */
  eager?: boolean;
  /** times a worker put the job back for its project's share of its window (actors/fair-processor.ts) */
  putBack?: number;
}

/** A BullMQ job id for an actor's activation: its identity (so adding it twice adds it once). */
export function jobIdOf(runId: string, actor: string, step: ActivationStep = 'run'): string {
  return step === 'run' ? `${runId}/${actor}` : `${runId}/${actor}/${step}`;
}
