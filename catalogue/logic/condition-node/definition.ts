/** @module catalogue/logic/condition-node/definition — route by the first matching condition. */
import { ELSE_LABEL } from '../../field-shapes.ts';
import type { NodeDefinition } from '../../types.ts';

export const definition = {
  name: 'conditionNode',
  label: 'Condition',
  type: 'conditionNode',
  category: 'Logic',
  status: 'Enabled',
  pure: true,
  icon: 'condition',
  docs: '/docs/nodes/conditionNode',
  description:
    'Routes the flow by the first condition that matches, else by "Else". Each condition joins comparisons with AND ' +
    'or OR; a comparison is left side (name, usually a template) operator right side (value). Operators: ==, !=, <, ' +
    '>, <=, >= compare numerically when both sides are numbers, else as text. "like" matches when the right side ' +
    'occurs in the left side, or, when it holds %, when the left side matches it as a pattern (% any text, _ one ' +
    'character), case-sensitively. "ilike" is the inverse match: true exactly when "like" is false.',
  inputs: [
    {
      name: 'conditions',
      label: 'Conditions',
      type: 'conditions',
      required: true,
      defaultValue: [
        { label: 'Condition 1', combinator: 'AND', operands: [{ name: '', operator: '==', value: '' }] },
        { label: ELSE_LABEL },
      ],
      description: "Rows 'Condition 1', 'Condition 2', … then 'Else'; each with combinator and operands.",
    },
  ],
  closedOutputs: true,
  outputs: [{ name: 'condition', type: 'string', description: 'the label of the condition that matched' }],
  handles: { fromField: 'conditions' },
  metadata: { author: 'weft', tags: ['logic', 'router', 'if', 'else', 'then', 'filter', 'compare'] },
} as const satisfies NodeDefinition;
