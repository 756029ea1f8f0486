/** @module catalogue/interface/automation-trigger-node/run — the trigger's output is the payload the n8n workflow sent. */
import { defineNode } from '../../define-node.ts';
import { definition } from './definition.ts';
import { automationWorkflows } from './loaders.ts';

export default defineNode(definition, async (_values, ctx) => ({ output: ctx.input ?? {} }), {
  loaders: { automationWorkflows },
});
