/** @module catalogue/logic/for-loop-end-node/definition — where a For Loop's iterations meet. */
import type { NodeDefinition } from '../../types.ts';

export const LOOP_END_CONDITION = 'Loop End';

export const definition = {
  name: 'forLoopEndNode',
  label: 'Loop End',
  type: 'forLoopEndNode',
  category: 'Logic',
  status: 'Restricted',
  icon: 'loop-end',
  docs: '/docs/nodes/forLoopEndNode',
  description:
    'Closes a For Loop. After the last iteration it outputs condition "Loop End" and loopOutput: one entry per ' +
    'iteration, { index, currentValue, output }, in order. Nodes after it run once.',
  // loopOutput is not configured: the engine gathers it and sets it as a value.
  inputs: [],
  closedOutputs: true,
  outputs: [
    { name: 'condition', type: 'string', description: "always 'Loop End'" },
    { name: 'loopOutput', type: 'array', description: 'each iteration: { index, currentValue, output }' },
  ],
  metadata: { author: 'weft', tags: ['logic', 'loop', 'end', 'collect', 'aggregate'] },
} as const satisfies NodeDefinition;
