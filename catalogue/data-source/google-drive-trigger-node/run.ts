/** @module catalogue/data-source/google-drive-trigger-node/run — a data-source trigger passes its input (one synced document) through as its output. */
import { defineNode } from '../../define-node.ts';
import { definition } from './definition.ts';
import { googleDriveReader } from './sync-reader.ts';
import { googleDriveListFolders } from './loaders.ts';

export default defineNode(definition, async (_values, ctx) => ({ output: ctx.input ?? {} }), {
  loaders: { googleDriveListFolders },
  syncReader: googleDriveReader,
});
