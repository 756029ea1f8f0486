/**
 * @module runtime/integrations/sync/testing/sync-flows — for the end-to-end sync tests of real sources: a
 * data-source flow's document (the source's trigger, then a code node that reports what it got),
 * waiting for a number of ended syncs (by the job's history), and the flow's runs once they have all ended.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Engine } from '../../../../actors/engine.ts';
import type { RunMeta } from '../../../../contract/runs.ts';
import type { TestWeft } from '../../../testing/test-weft.ts';
import type { SyncJobState } from '../../../services/sync-sources/types.ts';
import { syncStateWhen } from './sync-test-helpers.ts';

const at = { x: 0, y: 0 };

/** the trigger `type` with `values`, then code_1 running `code` (its return value is the run's output) */
export const sourceFlow = (type: string, values: Record<string, unknown>, code: string) => ({
  nodes: [
    { id: 'source_1', type, position: at, values },
    { id: 'code_1', type: 'codeNode', position: at, values: { code } },
  ],
  edges: [{ id: 'edge_1', source: 'source_1', sourceHandle: 'out', target: 'code_1', targetHandle: 'in' }],
});

/** the job's state once `count` syncs of it have ended (its history holds them) and none runs */
export async function syncsEnded(weft: TestWeft, flowId: string, count: number, timeoutMs = 30_000): Promise<SyncJobState> {
  const until = Date.now() + timeoutMs;
  while ((await weft.sync!.store.history(flowId, 20)).length < count) {
    if (Date.now() > until) throw new Error(`${flowId}: fewer than ${count} syncs ended: ${JSON.stringify(await weft.sync!.store.history(flowId, 20))}`);
    await sleep(50);
  }
  return syncStateWhen(weft, flowId, (state) => state.state !== 'running', Math.max(1000, until - Date.now()));
}

export interface EndedRun {
  meta: RunMeta;
  output: unknown;
}

/** the flow's `count` runs once every one has ended, oldest first (fails after `timeoutMs`) */
export async function runsEnded(engine: Engine, flowId: string, count: number, timeoutMs = 30_000): Promise<EndedRun[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ids = await engine.history(flowId, 10_000);
    const metas = (await Promise.all(ids.map((id) => engine.meta(id)))).filter((meta): meta is RunMeta => meta !== null);
    if (metas.length >= count && metas.every((meta) => meta.status !== 'running')) {
      const sorted = metas.sort((a, b) => a.startedAt - b.startedAt);
      return Promise.all(sorted.map(async (meta) => ({ meta, output: await engine.runOutput(meta.runId) })));
    }
    if (Date.now() > until) throw new Error(`${flowId}: ${metas.length} runs, ${metas.filter((m) => m.status === 'running').length} running; waited for ${count} ended`);
    await sleep(50);
  }
}

/** the `added` runs the flow has besides `earlier`, once they have all ended */
export async function newRunsEnded(engine: Engine, flowId: string, earlier: EndedRun[], added: number): Promise<EndedRun[]> {
  const all = await runsEnded(engine, flowId, earlier.length + added);
  return all.filter((run) => !earlier.some((old) => old.meta.runId === run.meta.runId));
}

/**
 * A project of the admin's organisation, moved to a paid plan (OAuth and S3 credentials are
 * paid-plan types, spec 001 §1; a sync's runs are more than a starter plan's daily requests),
 * with the credential `name` of `type`; answers the project's id.
 */
export async function paidProjectWith(weft: TestWeft, name: string, type: string, credentials: Record<string, unknown>): Promise<string> {
  await weft.accounts.organisations.update(weft.admin.organisation.id, { plan: 'team' });
  const projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: `${name} sync` })).id;
  await weft.api('POST', `/api/projects/${projectId}/credentials`, { name, credential_type: type, credentials });
  return projectId;
}

/** an OAuth credential's fields with `token`, valid for an hour */
export const oauthToken = (token: string) => ({ access_token: token, token_type: 'Bearer', expires_at: Date.now() + 3_600_000 });
