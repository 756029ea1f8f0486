/**
 * @module catalogue/logic/code-node/run — refuse the spec's dangerous patterns, then run the
 * code in the sandbox with the trigger input and the visible outputs.
 */
import { userError } from '../../errors.ts';
import type { Executor } from '../../types.ts';
import { hasDangerousPattern } from './dangerous-patterns.ts';
import { runSandboxed } from './sandbox.ts';

export const run: Executor = async (values, ctx) => {
  const code = typeof values.code === 'string' ? values.code : '';
  if (!code.trim()) throw userError('No code found to execute');
  if (hasDangerousPattern(code)) throw userError('Cannot execute code with dangerous patterns');
  const { value, logs } = await runSandboxed(code, { input: ctx.input ?? null, outputs: ctx.outputs }, { signal: ctx.signal });
  for (const line of logs) await ctx.progress(line);
  return { output: value };
};
