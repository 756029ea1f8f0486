/**
 * @module runtime/integrations/sync/job-spec — what a deployed data-source flow asks of its sync job
 * (`SyncJobSpec`), read from its trigger node, and which of spec 001 §4's update rules a new
 * deploy falls under. A flow is a data-source flow when its trigger's type has a reader
 * (runtime/services/sync-sources/).
 */
import { checkValues } from '../../../catalogue/values.ts';
import type { FlowNode } from '../../../contract/flow-document.ts';
import type { CatalogueView } from '../../services/flows/catalogue-view.ts';
import { parseSyncCron } from './cron.ts';
import { readerOf } from '../../services/sync-sources/index.ts';
import type { AnySourceReader, SyncJobSpec, SyncMode } from '../../services/sync-sources/types.ts';

/** spec 001 §9: incremental unless the node says otherwise */
export const DEFAULT_SYNC_MODE: SyncMode = 'incremental_append';
/** rows a batch holds when the node has no batchSize of its own (spec 001 §3, Google Sheets' default) */
export const DEFAULT_BATCH_SIZE = 200;

const SYNC_MODES: readonly string[] = ['incremental_append', 'full_refresh_append', 'incremental', 'full_refresh'];

export const isFullRefresh = (mode: SyncMode) => mode === 'full_refresh_append' || mode === 'full_refresh';

/** the flow's data-source trigger and its reader; null for any other flow (a source's action node is no trigger) */
export function dataSourceTrigger(nodes: readonly FlowNode[], catalogue: Pick<CatalogueView, 'get'>): { node: FlowNode; reader: AnySourceReader } | null {
  for (const node of nodes) {
    const reader = readerOf(node.type);
    const definition = catalogue.get(node.type);
    if (reader && (!definition || definition.isTrigger === true || definition.type === 'triggerNode')) return { node, reader };
  }
  return null;
}

/** The job a data-source trigger asks for; a bad cron expression refuses with 'Invalid cron expression' (400). */
export function jobSpecOf(flow: { id: string; projectId: string }, node: FlowNode, catalogue: Pick<CatalogueView, 'get'>): SyncJobSpec {
  const definition = catalogue.get(node.type);
  const values = definition ? checkValues(definition, node.values ?? {}, { resolved: true }).values : { ...(node.values ?? {}) };
  const cron = parseSyncCron(values.cronExpression);
  const mode = typeof values.syncMode === 'string' && SYNC_MODES.includes(values.syncMode) ? (values.syncMode as SyncMode) : DEFAULT_SYNC_MODE;
  return {
    projectId: flow.projectId,
    flowId: flow.id,
    nodeId: node.id,
    nodeType: node.type,
    values,
    credentialName: typeof values.credentials === 'string' ? values.credentials.trim() : '',
    schedule: { expression: cron.expression, timeZone: cron.timeZone },
    syncMode: mode,
  };
}

/** the spec's cron text again: expression and time zone */
export const cronTextOf = (spec: Pick<SyncJobSpec, 'schedule'>) => `${spec.schedule.expression} ${spec.schedule.timeZone}`;

/**
 * spec 001 §4 update rules: `recreate` when the trigger changed type or any of the reader's
 * `recreateOn` fields (source and connection made anew, the old ones deleted); `resync` when only
 * `resyncOn` fields changed besides schedule and mode (the source is updated and a sync starts);
 * `schedule` when only the schedule or mode changed (the connection is updated); otherwise `none`
 * (the connection is set active again).
 */
export function changeOf(previous: SyncJobSpec, next: SyncJobSpec, reader: AnySourceReader): 'recreate' | 'resync' | 'schedule' | 'none' {
  const differs = (field: string) => JSON.stringify(previous.values[field] ?? null) !== JSON.stringify(next.values[field] ?? null);
  if (previous.nodeType !== next.nodeType || previous.credentialName !== next.credentialName || reader.recreateOn.some(differs)) return 'recreate';
  if (reader.resyncOn.some(differs)) return 'resync';
  if (cronTextOf(previous) !== cronTextOf(next) || previous.syncMode !== next.syncMode) return 'schedule';
  return 'none';
}
