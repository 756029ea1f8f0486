/**
 * @module contract/run-events — the events a run emits, as the engine writes them to its
 * events stream and live channel and the studio, widgets and realtime callers read them.
 * Browser-safe: types only.
 */
import type { ErrorKind } from './errors.ts';

export type RunEventType =
  | 'run.started'
  | 'run.completed'
  | 'run.failed'
  | 'run.cancelled'
  | 'run.incomplete'
  | 'node.queued'
  | 'node.started'
  | 'node.progress'
  | 'node.completed'
  | 'node.skipped'
  | 'node.failed'
  | 'edge.message';

export interface RunEvent {
  /** the events-stream entry id (the SSE `id:`) */
  id?: string;
  type: RunEventType;
  runId: string;
  flowId?: string;
  ts: number;
  nodeId?: string;
  iteration?: number;
  edgeId?: string;
  kind?: 'data' | 'skip';
  status?: string;
  code?: number;
  durationMs?: number;
  output?: unknown;
  error?: string;
  /** node.failed (not for a cancelled actor) and run.failed: whose fault the error is */
  errorKind?: ErrorKind;
  usage?: unknown;
  message?: string;
  /** node.progress: a chunk of text the node generated, in order (streamed answers) */
  text?: string;
  /** node.progress: units of long work done so far (pages crawled, rows read); the studio draws a bar */
  done?: number;
  /** node.progress: units known so far (pages found, rows in the file); absent when unknown */
  total?: number;
}

/** What a node adds to a progress message: a chunk of generated text, or counts of long work. */
export interface ProgressDetail {
  text?: string;
  done?: number;
  total?: number;
}
