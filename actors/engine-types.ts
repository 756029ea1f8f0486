/** @module actors/engine-types — what the engine asks of its host and hands to it. */
import type { Breakpoint, RunMeta } from '../contract/runs.ts';
import type { ProgressDetail } from '../contract/run-events.ts';
import type { RerunSeed } from './rerun-seed.ts';
import type { NodeResult, Plan, PlanNode } from './types.ts';

/** One activation of one actor, handed to the host's executor. */
export interface Activation {
  runId: string;
  meta: RunMeta;
  node: PlanNode;
  /** `nodeId` or `nodeId#iteration`: stable across crash re-runs (an idempotency key) */
  actor: string;
  iteration?: number;
  attempt: number;
  /** run in the process that started its run (actors/eager.ts: eagerly, at the start, or ahead), not taken from the queue */
  eager?: boolean;
  /** values the engine sets itself (a loop end's `loopOutput`) */
  engineValues?: Record<string, unknown>;
  signal: AbortSignal;
  /** await `wait` (a wait for something scarce outside, as a sandbox slot) with this activation's worker slot free to other work meanwhile */
  offSlot<T>(wait: () => Promise<T>): Promise<T>;
  /** outputs of the given nodes as this actor sees them (its own iteration first) */
  outputs(nodeIds: string[]): Promise<Record<string, unknown>>;
  /** a `node.progress` event; `detail.text` is a chunk of generated text, `done`/`total` count long work */
  progress(message: string, detail?: ProgressDetail): Promise<void>;
  /**
   * start `plan` as a child run of this actor; finish with `{ awaitRun }` to wait for it.
   * With `asTool`, the child runs under that run id and does not resume this actor (the
   * actor awaits its result itself, as a tool call does); a run already under that id (this
   * actor re-run after a crash) is reused, not started twice.
   */
  startChild(plan: Plan, input: unknown, asTool?: { runId: string }): Promise<string>;
}

/** Whether a breakpoint's condition holds for a message sent by node `source`: the host's expression evaluator. */
export type ConditionFn = (condition: string, message: unknown, source: string) => boolean;

export type ExecuteFn = (activation: Activation) => Promise<NodeResult>;

export interface EngineOptions {
  /** Redis URL; the engine opens the connections it needs */
  redisUrl: string;
  /** key prefix, default 'weft:' */
  prefix?: string;
  /** finished runs' data expires this long after their last activity; default 7 days */
  retentionSeconds?: number;
  /** BullMQ lock duration: how soon a dead worker's activation is taken over; default 30 s */
  lockDurationMs?: number;
  /** outputs larger than this are referenced from mailboxes, not copied; default 2048 */
  payloadLimit?: number;
  /** a fresh activation skips begin; begin (node.started) is sent anyway once its executor
   * has run this long; default 10 ms */
  lazyBeginMs?: number;
  /** the most activations a process with workers runs eagerly at once (actors/eager.ts); default 4 × the first worker's concurrency */
  eagerLimit?: number;
  /** how long a ready activation may wait in that process for a free slot before what its slots cannot start soon goes to the queue; default 1 s */
  eagerWaitMs?: number;
  /** how many BullMQ queues the activations spread over (a run's on one); default 1 on a single
   * Redis, 3 × the seed nodes of a redis-cluster:// URL (actors/activation-queues.ts) */
  activationQueues?: number;
  /** how long a test run may stay paused at a breakpoint before it is cancelled; default 30 minutes */
  pauseTimeoutMs?: number;
  /** whether a breakpoint's condition holds for a message (the host's expression evaluator); without one every condition holds */
  breakpointCondition?: ConditionFn;
}

export interface StartOptions {
  runId?: string;
  mode?: 'test' | 'production';
  /** `resumes: false`: the child does not resume the parent actor when it ends (a tool call awaits it itself) */
  parent?: { runId: string; actor: string; hop: number; resumes?: boolean };
  /** a run already under `runId` is not an error: its id is returned and nothing is started */
  reuse?: boolean;
  /** the caller's Idempotency-Key (a production call's), kept in the run's meta */
  idempotencyKey?: string;
  /**
   * a re-run of `runId` from `seed.fromNode`: the seed is written before the start, which queues
   * that node (actors/rerun-seed.ts); without `runId`, a seed of pasted outputs (actors/single-node.ts)
   */
  rerun?: { runId?: string; seed: RerunSeed };
  /** a test run's breakpoints (docs/debugging.md#breakpoints); a production run has none */
  breakpoints?: Breakpoint[];
}
