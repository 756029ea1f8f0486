/** @module catalogue/app/notes-workspace-trigger-node/run — the workspace event the tool-execution service reported, as the trigger's outputs. */
import { defineNode } from '../../define-node.ts';
import { pickOutputs } from '../tool-service/trigger-table.ts';
import { definition } from './definition.ts';

export default defineNode(definition, async (values, ctx) => {
  const output = pickOutputs(definition.outputs, ctx.input);
  return { output: { ...output, event_type: output.event_type ?? values.event } };
});
