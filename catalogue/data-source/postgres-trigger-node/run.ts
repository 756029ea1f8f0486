/**
 * @module catalogue/data-source/postgres-trigger-node/run — the trigger passes its input through as
 * its output (spec 001 §3): a sync job's run gets one batch, `{records, stream}`
 * (its reader, sync-reader.ts, reads them).
 */
import { defineNode } from '../../define-node.ts';
import { definition } from './definition.ts';
import { postgresSchemas, postgresTables } from './loaders.ts';
import { postgresReader } from './sync-reader.ts';

export default defineNode(definition, async (_values, ctx) => ({ output: ctx.input ?? {} }), {
  loaders: { postgresSchemas, postgresTables },
  syncReader: postgresReader,
});
