/** @module catalogue/data-source/google-sheets-trigger-node/run — a data-source trigger passes its input (one batch of synced rows) through as its output. */
import { defineNode } from '../../define-node.ts';
import { definition } from './definition.ts';
import { googleSheetsReader } from './sync-reader.ts';
import { googleSheetsFirstRow, googleSheetsListSheets } from './loaders.ts';

export default defineNode(definition, async (_values, ctx) => ({ output: ctx.input ?? {} }), {
  loaders: { googleSheetsListSheets, googleSheetsFirstRow },
  syncReader: googleSheetsReader,
});
