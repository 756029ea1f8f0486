/**
 * @module catalogue/logic/code-node/run — refuse the spec's dangerous patterns, then run the
 * code in the sandbox with the trigger input and the visible outputs.
 */
import { defineNode } from '../../define-node.ts';
import { userError } from '../../errors.ts';
import { hasDangerousPattern } from './dangerous-patterns.ts';
import { definition } from './definition.ts';
import { runSandboxed } from './sandbox.ts';

export default defineNode(definition, async (values, ctx) => {
  if (hasDangerousPattern(values.code)) throw userError('Cannot execute code with dangerous patterns');
  const { value, logs } = await runSandboxed(values.code, { input: ctx.input ?? null, outputs: ctx.outputs }, { signal: ctx.signal, owner: ctx.projectId, offSlot: ctx.offSlot });
  for (const line of logs) await ctx.progress(line);
  return { output: value };
});
