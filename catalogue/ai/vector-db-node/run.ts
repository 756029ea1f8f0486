/** @module catalogue/ai/vector-db-node/run — index / filter / delete with the spec's checks and texts (000 §5, §8). */
import { isPlainObject } from '../../coerce.ts';
import { defineNode } from '../../define-node.ts';
import { isNodeError, NodeError, operationalError, userError } from '../../errors.ts';
import type { NodeContext } from '../../types.ts';
import type { Properties, VectorAccess } from '../../services/vectors.ts';
import { definition, EMPTY_DATA, INVALID_FILTERS } from './definition.ts';

export const LENGTH_MISMATCH = 'Invalid data, metadata and vectors length mismatch';
export const FILTER_FAILED = 'Failed to filter data';
export const DELETE_FAILED = 'Error in deleting data';
export const PROJECT_ID_REQUIRED = 'Project Id is required';

export function vectorsOf(ctx: NodeContext<'vectors'>): VectorAccess {
  if (!ctx.projectId) throw userError(PROJECT_ID_REQUIRED);
  return ctx.services.vectors;
}

function filtersOf(value: unknown): Properties {
  if (!isPlainObject(value)) throw userError(INVALID_FILTERS);
  return value;
}

/** Store failures get the action's text; the store's own user errors (collection not found…) pass. */
const orFailed = (text: string) => (error: unknown) => {
  if (isNodeError(error) && error.kind === 'user') throw error;
  throw operationalError(`${text}: ${error instanceof Error ? error.message : String(error)}`, error);
};

export default defineNode(definition, async (values, ctx) => {
  const vectors = vectorsOf(ctx);
  const vectorDB = values.vectorDB.trim();
  switch (values.action) {
    case 'index': {
      const given = values.vectorsField;
      const metadata = values.metadataField;
      if (!Array.isArray(given) || !Array.isArray(metadata)) throw userError(EMPTY_DATA);
      if (given.length !== metadata.length) throw userError(LENGTH_MISMATCH);
      const records = given.map((vector, i) => {
        const m: unknown = metadata[i];
        const properties = isPlainObject(m) ? m : { text: typeof m === 'string' ? m : JSON.stringify(m) };
        return { vector: vector as number[], properties };
      });
      const primaryKeys = values.primaryKeys.split(',').map((k) => k.trim()).filter(Boolean);
      const result = await vectors.index(vectorDB, records, { primaryKeys, duplicateOperation: values.duplicateOperation });
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
      if (!Number.isInteger(values.limit)) throw userError('Limit must be a whole number');
      const data = await vectors.filter(vectorDB, filters, values.limit).catch(orFailed(FILTER_FAILED));
      return { output: { data, count: data.length, success: true } };
    }
    case 'delete': {
      const filters = filtersOf(values.filters);
      // an empty filter would match every record
      if (Object.keys(filters).length === 0) throw userError(INVALID_FILTERS);
      const deleted = await vectors.delete(vectorDB, filters).catch(orFailed(DELETE_FAILED));
      return { output: { message: `Deleted ${deleted} records`, recordsDeleted: deleted, success: true } };
    }
  }
});
