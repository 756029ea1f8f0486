/** @module catalogue/data-source/s3-trigger-node/run — a data-source trigger passes its input (one synced document) through as its output. */
import { defineNode } from '../../define-node.ts';
import { definition } from './definition.ts';
import { s3Reader } from './sync-reader.ts';
import { testS3 } from './credential-test.ts';
import { s3ListBuckets } from './loaders.ts';

export default defineNode(definition, async (_values, ctx) => ({ output: ctx.input ?? {} }), {
  credentialTests: { s3: testS3 },
  loaders: { s3ListBuckets },
  syncReader: s3Reader,
});
