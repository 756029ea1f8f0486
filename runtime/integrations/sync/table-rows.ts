/**
 * @module runtime/integrations/sync/table-rows — the rows of one table of a data source, for a
 * flow tests dataset: the source is a data-source flow of the project (its trigger's reader,
 * values and credential, read from the start as a full refresh would), the table one of the
 * streams its batches name (`{records, stream}`; Postgres: `schema.table`). Reading stops once
 * more than `limit` rows of the table came, and after TABLE_READ_MS.
 */
import type { FlowStore } from '../../services/stores/flows.ts';
import type { CatalogueView } from '../../services/flows/catalogue-view.ts';
import { StatusError, ValidationError } from '../../services/domain-errors.ts';
import { dataSourceTrigger, jobSpecOf } from './job-spec.ts';
import { readerContext, type ReaderContextDeps } from './reader-context.ts';

/** how long a table read may take */
export const TABLE_READ_MS = 60_000;

export interface TableRowsDeps extends ReaderContextDeps {
  flows: Pick<FlowStore, 'get'>;
  catalogue: Pick<CatalogueView, 'get'>;
}

export interface TableRead {
  projectId: string;
  sourceId: string;
  table: string;
  /** rows past this refuse the read (413 dataset_too_large) */
  limit: number;
}

export type TableRows = (read: TableRead) => Promise<Record<string, unknown>[]>;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export function tableRows(deps: TableRowsDeps): TableRows {
  return async ({ projectId, sourceId, table, limit }) => {
    const source = await deps.flows.get(sourceId);
    const trigger = source && source.projectId === projectId ? dataSourceTrigger(source.nodes, deps.catalogue) : null;
    if (!source || !trigger) throw new ValidationError(`table.sourceId names no data-source flow of the project: ${sourceId}`, 'invalid_dataset');
    const spec = jobSpecOf(source, trigger.node, deps.catalogue);
    const signal = AbortSignal.timeout(TABLE_READ_MS);
    const context = await readerContext(deps, trigger.reader, spec, { cursor: null, idempotencyKey: `weft/tests/table/${sourceId}/${Date.now()}`, signal, total: () => undefined });
    const rows: Record<string, unknown>[] = [];
    const streams = new Set<string>();
    for await (const batch of trigger.reader.read(context)) {
      for (const run of batch.runs) {
        if (!Array.isArray(run.records) || typeof run.stream !== 'string') throw new ValidationError(`table.sourceId is a file source, not a table source: ${source.name}`, 'invalid_dataset');
        streams.add(run.stream);
        if (run.stream === table) rows.push(...run.records.filter(isObject));
      }
      if (rows.length > limit) throw new StatusError(413, 'dataset_too_large', `A dataset has at most ${limit} rows`);
    }
    if (!rows.length) {
      const known = streams.size ? `; it has ${[...streams].map((s) => `'${s}'`).join(', ')}` : '';
      throw new ValidationError(`table.table '${table}' has no rows in ${source.name}${known}`, 'invalid_dataset');
    }
    return rows;
  };
}
