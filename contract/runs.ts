/**
 * @module contract/runs — a run as the engine keeps it and the run routes answer it: its
 * status and meta, the history's summaries, snapshots of its actors, and the operators' view
 * of their mailboxes. Browser-safe: types only.
 */
import type { ErrorKind } from './errors.ts';

export type RunStatus = 'running' | 'completed' | 'failed' | 'cancelled' | 'incomplete';

export type ActorState =
  | 'waiting'
  | 'queued'
  | 'running'
  | 'suspended'
  | 'completed'
  | 'skipped'
  | 'failed'
  | 'cancelled';

/** What the engine knows about a run (the `meta` hash, parsed). */
export interface RunMeta {
  runId: string;
  flowId: string;
  projectId: string;
  /** the draft's save revision the run was compiled from */
  version: number;
  /** the deployed version a production run ran (contract/versions.ts); absent for test runs of the draft */
  deployedVersion?: number;
  status: RunStatus;
  mode: 'test' | 'production';
  startedAt: number;
  finishedAt?: number;
  error?: string;
  /** a failed run: whose fault its error is ('unexpected' for a run failed before kinds were kept) */
  errorKind?: ErrorKind;
  failedNode?: string;
  parentRunId?: string;
  parentActor?: string;
  hop: number;
  /** the trigger node's id */
  trigger: string;
  /** the Idempotency-Key of the production call that started the run, when it sent one */
  idempotencyKey?: string;
  input?: unknown;
  /** a re-run (docs/debugging.md): the run it re-ran, the node it started from and, inside a loop body, the iteration */
  rerunOf?: { runId: string; fromNode: string; iteration?: number };
  /** a run of one node by itself (docs/debugging.md, "Run one node"): that node; nothing else ran */
  singleNode?: string;
  /** a test run paused at a breakpoint (docs/debugging.md#breakpoints): the held message and where; only while it runs */
  paused?: PausedAt;
  /** the W3C trace context the run's spans join (docs/operations.md#traces); only while traces are exported */
  traceparent?: string;
}

/** Where a test run is paused: the message a breakpoint held on an edge, not delivered yet. */
export interface PausedAt {
  /** the held message's id, `<source actor>><edgeId>` */
  id: string;
  edgeId: string;
  /** the node that sent it and the node it is for */
  source: string;
  nodeId: string;
  iteration?: number;
  message: unknown;
  /** when the run paused there (ms) */
  since: number;
}

/** A breakpoint on an edge: a test run pauses when a message is about to go over it and `condition` (if any) holds for it. */
export interface Breakpoint {
  edge: string;
  /** `<left> <operator> <right>` or one template, over the message (docs/debugging.md#breakpoints) */
  condition?: string;
}

/** One run of a flow's history (`GET /api/flows/:flowId/runs`). */
export type RunSummary = Pick<RunMeta, 'runId' | 'status' | 'startedAt' | 'finishedAt' | 'mode' | 'error' | 'errorKind' | 'failedNode' | 'version' | 'deployedVersion' | 'idempotencyKey' | 'rerunOf' | 'singleNode'> & {
  /** a run of a flow test case (contract/flow-tests.ts): its suite run and case */
  testCase?: { suiteRunId: string; caseId: string; name: string };
};

/** The state of one node instance, as a run snapshot shows it. */
export interface ActorSnapshot {
  state: string;
  output?: unknown;
  error?: string;
  /** a failed actor: whose fault its error is */
  errorKind?: ErrorKind;
  startedAt?: number;
  finishedAt?: number;
  durationMs?: number;
}

/** A run with every actor's state (`GET /api/runs/:runId`). */
export interface RunSnapshot extends RunMeta {
  nodes: Record<string, ActorSnapshot>;
}

/** A message in an actor's mailbox: `msgId` is `<source actor>><edgeId>`. */
export interface Envelope {
  msgId: string;
  runId: string;
  from: { nodeId: string; port: string };
  to: { nodeId: string; port: string };
  kind: 'data' | 'skip';
  hop: number;
  edgeId: string;
  iteration?: number;
  payload?: unknown;
}

/** Operators' view of one actor and its mailbox (`GET /api/runs/:runId/actors`). */
export interface ActorView {
  actor: string;
  state: string;
  mailbox: { key: string; length: number; messages: (Envelope & { streamId: string })[] };
}
