/** @module catalogue/logic/execute-flow-node/definition — run another flow of the project and use its answer. */
import type { NodeDefinition } from '../../types.ts';

export const definition = {
  name: 'executeFlowNode',
  label: 'Execute Flow',
  type: 'dynamicNode',
  category: 'Logic',
  status: 'Enabled',
  icon: 'subflow',
  docs: '/docs/nodes/executeFlowNode',
  sideEffects: 'flow',
  description:
    'Runs another flow of the project as a child run with the given request input (its trigger output) and waits ' +
    'for it without holding a worker. The output is { flowOutput }: the child flow’s response.',
  inputs: [
    { name: 'flowId', label: 'Flow', type: 'flow', required: true },
    {
      name: 'requestInput',
      label: 'Request input',
      type: 'json',
      required: true,
      defaultValue: '{}',
      description: 'JSON (templates allowed) given to the child flow as its trigger input.',
    },
  ],
  outputs: [{ name: 'flowOutput', type: 'any', description: 'the child flow’s output' }],
  metadata: { author: 'weft', tags: ['logic', 'subflow', 'sub-flow', 'call', 'workflow', 'run flow'] },
} as const satisfies NodeDefinition;
