/** @module catalogue/logic/branch-node/definition — run the branches whose name equals a value. */
import type { NodeDefinition } from '../../types.ts';

export const definition = {
  name: 'branchNode',
  label: 'Branch',
  type: 'conditionNode',
  category: 'Logic',
  status: 'Enabled',
  pure: true,
  icon: 'branch',
  docs: '/docs/nodes/branchNode',
  description:
    'Runs the child branches whose name equals the value (compared as text). When the value is a list, every ' +
    'branch named by one of its items runs. When no branch matches, everything downstream is skipped.',
  inputs: [
    { name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'Branching' },
    {
      name: 'value',
      label: 'Value',
      // a list value selects every branch it names
      type: 'data',
      required: true,
      description: 'What to compare with the branch names, e.g. {{trigger.output.kind}}.',
    },
    {
      name: 'branches',
      label: 'Branches',
      type: 'branches',
      required: true,
      defaultValue: ['Branch 1', 'Branch 2'],
      description: 'The branch names; each is an output handle.',
    },
  ],
  closedOutputs: true,
  outputs: [
    { name: 'value', type: 'any', description: 'the compared value' },
    { name: 'branches', type: 'array', description: 'the names of the branches that run' },
  ],
  handles: { fromField: 'branches' },
  metadata: { author: 'weft', tags: ['logic', 'router', 'switch', 'case', 'route'] },
} as const satisfies NodeDefinition;
