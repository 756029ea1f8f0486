/**
 * @module contract/flow-document — the stored flow document as the runtime keeps it and the
 * studio edits it (spec 000 §3 "Workflow"). Browser-safe: types and one limit.
 */
import type { OnError } from './errors.ts';

export interface FlowNode {
  /** the node's slug: templates refer to its output as {{id.output…}} */
  id: string;
  type: string;
  position: { x: number; y: number };
  values: Record<string, unknown>;
  /** node-level retries (at most 5) and the delay between them in seconds (at most 30) */
  retry?: { retries: number; delay: number };
  /** what the node's failure does after its retries: 'stop' (the default, stored as absent) fails the run, 'continue' hands on `{error: {message, kind}}` */
  onError?: OnError;
  /** a disabled node is kept on the canvas but never runs: it is skipped and its messages pass on as skips */
  disabled?: boolean;
  /** an output pinned from a run: test runs hand it on instead of running the node; production runs ignore it */
  pinned?: PinnedOutput;
}

/** The largest output that can be pinned, as JSON text in UTF-8 bytes (1 MB). */
export const MAX_PINNED_BYTES = 1024 * 1024;

export interface PinnedOutput {
  output: unknown;
  pinnedAt: number;
  /** the run it was taken from, when it was taken from one */
  runId?: string;
}

/** A sticky note on the canvas: markdown text, saved with the flow, not a node (never runs, no ports). */
export interface StickyNote {
  id: string;
  position: { x: number; y: number };
  size: { width: number; height: number };
  text: string;
  color?: 'yellow' | 'blue' | 'green' | 'pink' | 'grey';
}

export interface FlowEdge {
  id: string;
  source: string;
  sourceHandle: string;
  target: string;
  targetHandle: string;
}

export interface FlowDocument {
  id: string;
  projectId: string;
  name: string;
  /** 'active': production calls run the deployed version; 'draft': production calls are refused */
  status: 'draft' | 'active';
  /** the draft's save revision (optimistic concurrency); not a deployed version */
  version: number;
  /** the newest deployed version (contract/versions.ts), which production runs while active; absent until the first deploy */
  deployedVersion?: number;
  nodes: FlowNode[];
  edges: FlowEdge[];
  notes?: StickyNote[];
  createdAt: number;
  updatedAt: number;
}

/**
 * A flow in a project's list (`GET /api/projects/:projectId/flows`): what the list shows, not
 * its graph (read one flow for that), so the list stays small however large the flows are.
 */
export interface FlowSummary extends Pick<FlowDocument, 'id' | 'projectId' | 'name' | 'status' | 'version' | 'deployedVersion' | 'createdAt' | 'updatedAt'> {
  nodeCount: number;
  /** its trigger's node type, when it has one */
  triggerType?: string;
}

/**
 * One flow as the flow routes answer it (create, read, save, deploy): the draft with what its
 * check found. Neither refuses a save (a draft is stored incomplete or invalid); both refuse
 * Run and Deploy. `problems` are structural (no trigger, a For Loop without its end, a cycle);
 * `warnings` are missing or invalid field values and template problems.
 */
export interface CheckedFlow extends FlowDocument {
  problems: string[];
  warnings: string[];
}
