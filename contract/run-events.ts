/**
 * @module contract/run-events — the events a run emits, as the engine writes them to its
 * events stream and live channel and the studio, widgets and realtime callers read them: one
 * union, discriminated on `type`, each member with exactly the fields the engine sends for it
 * (actors/lua/ writes them; node.progress: actors/run-store.ts). Browser-safe: types only.
 */
import type { ErrorKind } from './errors.ts';

/** What every event carries. */
interface EventBase {
  /** the events-stream entry id (the SSE `id:`); absent on an event not read from a stream */
  id?: string;
  runId: string;
  ts: number;
}

/** An event about one actor: its node and, inside a loop, its iteration. */
interface NodeEventBase extends EventBase {
  nodeId: string;
  iteration?: number;
}

export interface RunStartedEvent extends EventBase {
  type: 'run.started';
}

export interface RunCompletedEvent extends EventBase {
  type: 'run.completed';
}

export interface RunCancelledEvent extends EventBase {
  type: 'run.cancelled';
  /** why, when no one asked for it (a pause at a breakpoint that timed out) */
  reason?: string;
}

/** Where a test run paused: a breakpoint held a message on `edgeId` from `source` to `nodeId` (docs/debugging.md#breakpoints). */
export interface RunPausedEvent extends NodeEventBase {
  type: 'run.paused';
  edgeId: string;
  source: string;
  message: unknown;
}

/** A held message was delivered: a builder's step or continue (`edited`: with the message they changed). */
export interface RunResumedEvent extends NodeEventBase {
  type: 'run.resumed';
  edgeId: string;
  action: 'step' | 'continue';
  edited: boolean;
}

export interface RunFailedEvent extends EventBase {
  type: 'run.failed';
  /** the node that failed the run */
  nodeId: string;
  error: string;
  /** whose fault the error is */
  errorKind: ErrorKind;
}

/** A node stopped the run as incomplete (spec 000 §4). */
export interface RunIncompleteEvent extends EventBase {
  type: 'run.incomplete';
  nodeId: string;
}

export interface NodeQueuedEvent extends NodeEventBase {
  type: 'node.queued';
}

export interface NodeStartedEvent extends NodeEventBase {
  type: 'node.started';
}

export interface NodeProgressEvent extends NodeEventBase {
  type: 'node.progress';
  message: string;
  /** a chunk of text the node generated, in order (streamed answers) */
  text?: string;
  /** units of long work done so far (pages crawled, rows read); the studio draws a bar */
  done?: number;
  /** units known so far (pages found, rows in the file); absent when unknown */
  total?: number;
}

export interface NodeCompletedEvent extends NodeEventBase {
  type: 'node.completed';
  output: unknown;
  /** absent on a deciding loop's body node completed with the loop's end */
  durationMs?: number;
  /** 200, 204 after a retry; 500/509 for a node that failed and went on (onError 'continue') */
  code?: number;
}

export interface NodeSkippedEvent extends NodeEventBase {
  type: 'node.skipped';
  /** why: 'Skipped the node execution', or the node is disabled */
  message: string;
}

export interface NodeFailedEvent extends NodeEventBase {
  type: 'node.failed';
  error: string;
  /** 'cancelled' for an actor its run's cancellation ended (then no errorKind, duration or code) */
  status?: 'cancelled';
  /** whose fault the error is (not for a cancelled actor) */
  errorKind?: ErrorKind;
  durationMs?: number;
  code?: number;
  /** after retries: the last underlying error ('Max retries reached…' is `error`) */
  message?: string;
}

/** A message went along an edge; `nodeId` is the edge's target. */
export interface EdgeMessageEvent extends NodeEventBase {
  type: 'edge.message';
  edgeId: string;
  kind: 'data' | 'skip';
}

export type RunEvent =
  | RunStartedEvent
  | RunCompletedEvent
  | RunCancelledEvent
  | RunFailedEvent
  | RunIncompleteEvent
  | RunPausedEvent
  | RunResumedEvent
  | NodeQueuedEvent
  | NodeStartedEvent
  | NodeProgressEvent
  | NodeCompletedEvent
  | NodeSkippedEvent
  | NodeFailedEvent
  | EdgeMessageEvent;

export type RunEventType = RunEvent['type'];

/** The event of type `T`. */
export type RunEventOf<T extends RunEventType> = Extract<RunEvent, { type: T }>;

/** What a node adds to a progress message: a chunk of generated text, or counts of long work. */
export interface ProgressDetail {
  text?: string;
  done?: number;
  total?: number;
}

/** A guard for the events of one type: `events.filter(isEvent('node.completed'))`. */
export function isEvent<T extends RunEventType>(type: T): (event: RunEvent) => event is RunEventOf<T> {
  return (event): event is RunEventOf<T> => event.type === type;
}

/** The node an event is about (an edge.message's: its target), or undefined for a run's own events. */
export function nodeOf(event: RunEvent): string | undefined {
  return 'nodeId' in event ? event.nodeId : undefined;
}
