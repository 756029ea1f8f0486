/** @module editor/api/types — the HTTP contract as the studio reads it (brief §3, §4). */
import type { ActorState, Envelope, RunEvent, RunStatus } from '../../actors/types.ts';

export type { RunEvent, RunStatus, ActorState, Envelope };

export interface Project {
  id: string;
  slug: string;
  name: string;
  createdAt: number;
}

export interface FlowNode {
  /** the node's slug: templates refer to its output as {{id.output…}} */
  id: string;
  type: string;
  position: { x: number; y: number };
  values: Record<string, unknown>;
  retry?: { retries: number; delay: number };
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
  status: 'draft' | 'active';
  version: number;
  nodes: FlowNode[];
  edges: FlowEdge[];
  createdAt: number;
  updatedAt: number;
  /** missing or invalid field values, reported by a save */
  warnings?: string[];
}

export interface RunSummary {
  runId: string;
  status: RunStatus;
  startedAt: number;
  finishedAt?: number;
  mode: 'test' | 'production';
  error?: string;
  failedNode?: string;
}

export interface ActorSnapshot {
  state: string;
  output?: unknown;
  error?: string;
  startedAt?: number;
  finishedAt?: number;
  durationMs?: number;
}

export interface RunSnapshot extends RunSummary {
  flowId: string;
  input?: unknown;
  nodes: Record<string, ActorSnapshot>;
}

export interface ActorView {
  actor: string;
  state: string;
  mailbox: { key?: string; length: number; messages: (Envelope & { streamId?: string })[] };
}
