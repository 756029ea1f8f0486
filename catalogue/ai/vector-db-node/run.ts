/** @module catalogue/ai/vector-db-node/run — index / filter / delete with the spec's checks and texts (000 §5, §8). */
import { isPlainObject, parseJsonish, toNumber } from '../../coerce.ts';
import { isNodeError, operationalError, userError } from '../../errors.ts';
import type { Executor, NodeContext } from '../../types.ts';
import type { Properties, VectorAccess } from '../vector-services.ts';
import { FILTER_LIMIT_DEFAULT, FILTER_LIMIT_MAX } from './definition.ts';

export const EMPTY_DATA = 'Invalid data, metadata or vectors is empty';
export const LENGTH_MISMATCH = 'Invalid data, metadata and vectors length mismatch';
export const INVALID_FILTERS = 'Invalid filters provided';
export const INVALID_ACTION = 'Invalid action';
export const FILTER_FAILED = 'Failed to filter data';
export const DELETE_FAILED = 'Error in deleting data';
export const PROJECT_ID_REQUIRED = 'Project Id is required';

export function vectorsOf(ctx: NodeContext): VectorAccess {
  if (!ctx.projectId) throw userError(PROJECT_ID_REQUIRED);
  if (!ctx.vectors) throw operationalError('No vector store available');
  return ctx.vectors;
}

const list = (value: unknown): unknown[] | null => {
  if (value === undefined || value === null || value === '') return [];
  const parsed = parseJsonish(value);
  return parsed.ok && Array.isArray(parsed.value) ? parsed.value : null;
};

function filtersOf(value: unknown): Properties {
  const parsed = parseJsonish(value);
  if (!parsed.ok || !isPlainObject(parsed.value)) throw userError(INVALID_FILTERS);
  return parsed.value;
}

/** Store failures get the action's text; the store's own user errors (collection not found…) pass. */
const orFailed = (text: string) => (error: unknown) => {
  if (isNodeError(error) && error.kind === 'user') throw error;
  throw operationalError(`${text}: ${error instanceof Error ? error.message : String(error)}`, error);
};

export const run: Executor = async (values, ctx) => {
  const vectors = vectorsOf(ctx);
  const vectorDB = String(values.vectorDB ?? '').trim();
  switch (values.action ?? 'index') {
    case 'index': {
      const given = list(values.vectorsField);
      const metadata = list(values.metadataField);
      if (!given || !metadata || given.length === 0 || metadata.length === 0) throw userError(EMPTY_DATA);
      if (given.length !== metadata.length) throw userError(LENGTH_MISMATCH);
      const records = given.map((vector, i) => {
        const m = metadata[i];
        const properties = isPlainObject(m) ? m : { text: typeof m === 'string' ? m : JSON.stringify(m) };
        return { vector: vector as number[], properties };
      });
      const primaryKeys = (Array.isArray(values.primaryKeys) ? values.primaryKeys : String(values.primaryKeys ?? '').split(','))
        .map((k) => String(k).trim())
        .filter(Boolean);
      const duplicateOperation = values.duplicateOperation === 'skip' ? 'skip' : 'overwrite';
      const result = await vectors.index(vectorDB, records, { primaryKeys, duplicateOperation });
      return {
        output: {
          message: `Indexed ${result.recordsIndexed} records`,
          recordsIndexed: result.recordsIndexed,
          duplicateRecordsDeleted: result.duplicateRecordsDeleted,
          success: true,
        },
      };
    }
    case 'filter': {
      const filters = filtersOf(values.filters);
      const limit = values.limit === undefined || values.limit === '' ? FILTER_LIMIT_DEFAULT : toNumber(values.limit);
      if (limit === undefined || !Number.isInteger(limit) || limit < 1 || limit > FILTER_LIMIT_MAX) throw userError(`Limit must be between 1 and ${FILTER_LIMIT_MAX}`);
      const data = await vectors.filter(vectorDB, filters, limit).catch(orFailed(FILTER_FAILED));
      return { output: { data, count: data.length, success: true } };
    }
    case 'delete': {
      const filters = filtersOf(values.filters);
      // an empty filter would match every record
      if (Object.keys(filters).length === 0) throw userError(INVALID_FILTERS);
      const deleted = await vectors.delete(vectorDB, filters).catch(orFailed(DELETE_FAILED));
      return { output: { message: `Deleted ${deleted} records`, recordsDeleted: deleted, success: true } };
    }
    default:
      throw userError(INVALID_ACTION);
  }
};
