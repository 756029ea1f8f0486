/**
 * @module runtime/integrations/sync/testing/sync-test-helpers — for the sync tests: a list-source flow's
 * document, waiting for a job's state, and the inputs of the runs a flow's syncs started.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Engine } from '../../../../actors/engine.ts';
import type { SignedInClient } from '../../../testing/session-client.ts';
import type { SyncJobState } from '../../../services/sync-sources/types.ts';
import { LIST_SOURCE } from './list-source.ts';

/** a flow whose trigger is the test list source, with these values */
export const listSourceFlow = (values: Record<string, unknown> = {}) => ({
  nodes: [{ id: 'listSource_1', type: LIST_SOURCE, position: { x: 0, y: 0 }, values }],
  edges: [],
});

/** poll GET /api/flows/:id/sync until `done` says so (default 20 s) */
export async function syncStateWhen(client: SignedInClient, flowId: string, done: (state: SyncJobState) => boolean, timeoutMs = 20_000): Promise<SyncJobState> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const state = await client.api<SyncJobState>('GET', `/api/flows/${flowId}/sync`);
    if (done(state)) return state;
    if (Date.now() > until) throw new Error(`the sync of ${flowId} never got there: ${JSON.stringify(state)}`);
    await sleep(50);
  }
}

/** the ids of the records the flow's runs were started with, in run-history order */
export async function syncedIds(engine: Engine, flowId: string): Promise<number[]> {
  const ids: number[] = [];
  for (const runId of await engine.history(flowId, 10_000)) {
    const meta = await engine.meta(runId);
    const input = meta?.input as { id?: number } | undefined;
    if (typeof input?.id === 'number') ids.push(input.id);
  }
  return ids.sort((a, b) => a - b);
}
