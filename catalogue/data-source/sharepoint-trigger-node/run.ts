/** @module catalogue/data-source/sharepoint-trigger-node/run — a data-source trigger passes its input (one synced document) through as its output. */
import { defineNode } from '../../define-node.ts';
import { definition } from './definition.ts';
import { sharepointReader } from './sync-reader.ts';
import { sharepointSiteUrls } from './loaders.ts';

export default defineNode(definition, async (_values, ctx) => ({ output: ctx.input ?? {} }), {
  loaders: { sharepointSiteUrls },
  syncReader: sharepointReader,
});
