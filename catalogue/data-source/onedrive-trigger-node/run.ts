/** @module catalogue/data-source/onedrive-trigger-node/run — a data-source trigger passes its input (one synced document) through as its output. */
import { defineNode } from '../../define-node.ts';
import { definition } from './definition.ts';
import { onedriveReader } from './sync-reader.ts';
import { onedriveDriveNames } from './loaders.ts';

export default defineNode(definition, async (_values, ctx) => ({ output: ctx.input ?? {} }), {
  loaders: { onedriveDriveNames },
  syncReader: onedriveReader,
});
