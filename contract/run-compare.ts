/**
 * @module contract/run-compare — two runs of a flow side by side (`GET /api/runs/:a/compare/:b`,
 * docs/debugging.md): per node, what each run recorded and how the outputs differ; and what a
 * re-run from a node would do (`GET /api/runs/:runId/rerun-plan`) and what one node run alone answers. Types only.
 */
import type { RunMeta } from './runs.ts';

/** Where two JSON values differ: `path` is dotted ('' the whole value; array items by index). */
export interface OutputDiff {
  /** in the second output only */
  added: { path: string; value: unknown }[];
  /** in the first output only */
  removed: { path: string; value: unknown }[];
  changed: { path: string; before: unknown; after: unknown }[];
  /** more differences than are listed */
  truncated?: true;
}

/** One node (actor: `n` or `n#i`) of one run, as the comparison shows it. */
export interface ComparedNode {
  state: string;
  durationMs?: number;
  /** from the output's `_meta` (AI nodes): 0 when the node reports none */
  tokens: number;
  cost: number;
  error?: string;
}

export interface NodeComparison {
  nodeId: string;
  /** absent: the run has no record of the node (never reached) */
  a?: ComparedNode;
  b?: ComparedNode;
  /** the outputs' difference (an absent output is `undefined`); `same` when they are equal */
  diff: OutputDiff;
  same: boolean;
}

export interface RunComparison {
  a: { runId: string; status: string; startedAt: number; finishedAt?: number; rerunOf?: RunMeta['rerunOf'] };
  b: { runId: string; status: string; startedAt: number; finishedAt?: number; rerunOf?: RunMeta['rerunOf'] };
  nodes: NodeComparison[];
  totals: { a: { tokens: number; cost: number; durationMs?: number }; b: { tokens: number; cost: number; durationMs?: number } };
}

/** A node as the re-run plan names it: its id, type and the catalogue's label for the type. */
export interface PlannedNode {
  nodeId: string;
  type: string;
  label: string;
}

/** What a re-run from `fromNode` would do (docs/debugging.md, "The re-run plan"). */
export interface RerunPlan {
  fromNode: string;
  version: 'draft' | number;
  mode: 'test' | 'production';
  /** the nodes that run again: `fromNode` and every node its edges reach */
  rerun: PlannedNode[];
  /**
   * the nodes of `rerun` that call out of weft (NodeDefinition.sideEffects: http, app, mail,
   * messaging, database, flow); a pinned (test runs) or disabled one will not
   */
  callsOut: (PlannedNode & { sideEffects: string; pinned?: true; disabled?: true })[];
  /** the nodes not run again whose recorded outputs reach a node that is: what `inputs` may edit */
  inputs: PlannedNode[];
}

/** What `POST /api/flows/:flowId/nodes/:nodeId/run` answers: the node's state in its run alone ('running': still going after the wait). */
export interface NodeRunAnswer {
  runId: string;
  nodeId: string;
  status: string;
  output?: unknown;
  error?: string;
  errorKind?: string;
  durationMs?: number;
}
