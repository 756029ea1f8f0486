/** @module catalogue/logic/for-loop-end-node/run — hand on what the engine gathered from the iterations. */
import type { Executor } from '../../types.ts';

export const run: Executor = async (values) => ({
  output: { condition: 'Loop End', loopOutput: Array.isArray(values.loopOutput) ? values.loopOutput : [] },
});
