/**
 * @module catalogue/logic/execute-flow-node/run — start the child run and suspend on it; the
 * engine completes this node with `{ flowOutput }` when the child finishes.
 */
import { parseJsonish } from '../../coerce.ts';
import { userError } from '../../errors.ts';
import type { Executor } from '../../types.ts';

export const run: Executor = async (values, ctx) => {
  const flowId = typeof values.flowId === 'string' ? values.flowId.trim() : '';
  if (!flowId) throw userError('Workflow not found');
  if (values.requestInput === undefined || values.requestInput === null || values.requestInput === '') {
    throw userError('Request input is required');
  }
  // JSON text becomes data; other text (a resolved template, say) is passed on as it is.
  const parsed = parseJsonish(values.requestInput);
  const input = parsed.ok ? parsed.value : values.requestInput;
  const child = await ctx.startChildRun(flowId, input);
  return { output: null, awaitRun: child };
};
