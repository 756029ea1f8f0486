/**
 * @module runtime/integrations/sync/testing/list-source — a data source for tests only (never shipped): the
 * node `listSourceTriggerNode` and its reader, which yields `records` numbered records
 * ({id, text}) in batches of `batchSize`, one run per record, waiting `delayMs` before each
 * batch (a crash test kills a worker meanwhile). The cursor is the last id handed on, so an
 * incremental sync reads only records added since (deploy again with more `records`).
 * Tests register both: `startTestWeft({ extraNodes: [listSourceNode], extraSourceReaders: [listSourceReader] })`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { defineNode } from '../../../../catalogue/define-node.ts';
import { userError } from '../../../../catalogue/errors.ts';
import type { NodeDefinition } from '../../../../catalogue/types.ts';
import { DEFAULT_SYNC_CRON } from '../cron.ts';
import type { SourceBatch, SourceReadContext, SourceReader } from '../../../services/sync-sources/types.ts';

export const LIST_SOURCE = 'listSourceTriggerNode';

export const listSourceDefinition = {
  name: LIST_SOURCE,
  label: 'List source (test)',
  type: 'triggerNode',
  category: 'Data',
  status: 'Enabled',
  icon: 'database',
  docs: '/docs/nodes/listSourceTriggerNode',
  description: 'Test only: a data source of numbered records, synced on a schedule.',
  isTrigger: true,
  isDataSource: true,
  inputs: [
    { name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'List source' },
    { name: 'credentials', label: 'Credential', type: 'credential', isCredential: true },
    { name: 'records', label: 'Records', type: 'number', defaultValue: 10, minValue: 0, maxValue: 100_000 },
    { name: 'batchSize', label: 'Batch size', type: 'number', defaultValue: 3, minValue: 1, maxValue: 1000 },
    { name: 'delayMs', label: 'Delay before each batch (ms)', type: 'number', defaultValue: 0, minValue: 0, maxValue: 60_000 },
    { name: 'stream', label: 'Stream', type: 'text', defaultValue: 'items' },
    {
      name: 'syncMode',
      label: 'Sync mode',
      type: 'select',
      defaultValue: 'incremental_append',
      values: [
        { label: 'Incremental', value: 'incremental_append' },
        { label: 'Full Refresh', value: 'full_refresh_append' },
      ],
    },
    { name: 'cronExpression', label: 'Cron expression', type: 'text', defaultValue: DEFAULT_SYNC_CRON },
  ],
  outputs: [
    { name: 'id', type: 'number' },
    { name: 'text', type: 'string' },
  ],
} as const satisfies NodeDefinition;

/** spec 001 §4: trigger nodes pass their input through as output */
export const listSourceNode = defineNode(listSourceDefinition, async (_values, ctx) => ({ output: ctx.input ?? {} }));

const count = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback);

export const listSourceReader: SourceReader = {
  nodeType: LIST_SOURCE,
  recreateOn: ['credentials', 'stream'],
  resyncOn: ['records', 'batchSize'],
  check(values) {
    if (typeof values.stream === 'string' && values.stream.trim() === 'refused') throw userError('Unable to create the source for the list');
  },
  async *read(ctx: SourceReadContext): AsyncIterable<SourceBatch> {
    const total = count(ctx.values.records, 10);
    const size = Math.max(1, ctx.batchSize);
    const delayMs = count(ctx.values.delayMs, 0);
    let last = typeof ctx.cursor === 'number' ? ctx.cursor : 0;
    ctx.total(Math.max(0, total - last));
    while (last < total) {
      if (delayMs) await sleep(delayMs, undefined, { signal: ctx.signal });
      const ids = Array.from({ length: Math.min(size, total - last) }, (_, i) => last + i + 1);
      last = ids.at(-1)!;
      yield { runs: ids.map((id) => ({ id, text: `record ${id}` })), records: ids.length, cursor: last };
    }
  },
};
