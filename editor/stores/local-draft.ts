/**
 * @module editor/stores/local-draft — a flow's unsynced edits kept in this browser's
 * localStorage (one entry per flow id, with the version they were based on), so a save that
 * failed, a server that went down or a closed tab loses nothing; and when to retry.
 */
import { ApiError } from '../api/client.ts';
import type { FlowEdge, FlowNode, StickyNote } from '../../contract/flow-document.ts';

export interface LocalDraft {
  flowId: string;
  /** the server's version these edits started from: saving sends it, so a newer server version answers 409 */
  baseVersion: number;
  name: string;
  nodes: FlowNode[];
  edges: FlowEdge[];
  notes?: StickyNote[];
  keptAt: number;
}

const keyOf = (flowId: string) => `weft:draft:${flowId}`;

/** localStorage when there is one (a browser); none in a worker or on Node. */
function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

export function keepDraft(draft: LocalDraft): void {
  try {
    storage()?.setItem(keyOf(draft.flowId), JSON.stringify(draft));
  } catch {
    // a full or disabled storage: the save status still says the edits are not on the server
  }
}

export function readDraft(flowId: string): LocalDraft | null {
  const text = storage()?.getItem(keyOf(flowId));
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as LocalDraft;
    return draft.flowId === flowId && Array.isArray(draft.nodes) && Array.isArray(draft.edges) ? draft : null;
  } catch {
    return null;
  }
}

export function dropDraft(flowId: string): void {
  storage()?.removeItem(keyOf(flowId));
}

/** A save worth retrying on its own: no answer at all (server down, network gone) or a 5xx. */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

/** Retry after 1 s, 2 s, 4 s … at most 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
}
