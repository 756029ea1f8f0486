/** @module catalogue/logic/for-loop-node/definition — run the loop body once per item. */
import type { NodeDefinition } from '../../types.ts';

export const MAX_LOOP_ITEMS = 100;
export const LOOP_WAIT_MAX_SECONDS = 30;
/** the condition a For Loop returns (spec 000 §4, 002 §4), as its Loop End returns 'Loop End' */
export const LOOP_CONDITION = 'Loop';

export const definition = {
  name: 'forLoopNode',
  label: 'For Loop',
  type: 'forLoopNode',
  category: 'Logic',
  status: 'Enabled',
  icon: 'loop',
  docs: '/docs/nodes/forLoopNode',
  description:
    'Runs the nodes between it and its Loop End once per item, each iteration in isolation; the Loop End gathers ' +
    'the results. Range: initial, initial + increment, … while below the end value (above it when the increment ' +
    'is negative), so 0, 1, 10 gives 0 to 9. List: the items of a list (or JSON text of one). At most 100 items; ' +
    'an optional wait of 0 to 30 seconds between iterations (not after the last). Loops cannot be nested.',
  inputs: [
    {
      name: 'iterateOver',
      label: 'Iterate over',
      type: 'select',
      defaultValue: 'range',
      values: [
        { label: 'Range', value: 'range' },
        { label: 'List', value: 'list' },
      ],
    },
    { name: 'initialValue', label: 'Initial value', type: 'number', defaultValue: 0, actionField: 'iterateOver', actionValue: 'range' },
    { name: 'increment', label: 'Increment value', type: 'number', defaultValue: 1, actionField: 'iterateOver', actionValue: 'range' },
    { name: 'endValue', label: 'End value', type: 'number', defaultValue: 10, actionField: 'iterateOver', actionValue: 'range' },
    {
      name: 'iteratorValue',
      label: 'Iterator value',
      // a list, or JSON text of one
      type: 'data',
      required: true,
      requiredMessage: 'Iterator value must be a list',
      actionField: 'iterateOver',
      actionValue: 'list',
      description: 'The list to iterate over, e.g. {{api_1.output.items}}.',
    },
    {
      name: 'wait',
      label: 'Wait',
      type: 'number',
      defaultValue: 0,
      minValue: 0,
      maxValue: LOOP_WAIT_MAX_SECONDS,
      description: 'Seconds between iterations.',
    },
  ],
  closedOutputs: true,
  outputs: [
    { name: 'condition', type: 'string', description: "always 'Loop'" },
    { name: 'items', type: 'array', description: 'the items iterated over' },
    { name: 'count', type: 'number', description: 'how many' },
    { name: 'currentValue', type: 'any', description: 'inside the loop: this iteration’s item' },
    { name: 'index', type: 'number', description: 'inside the loop: this iteration’s position, from 0' },
  ],
  metadata: { author: 'weft', tags: ['logic', 'loop', 'foreach', 'for each', 'iterate', 'each', 'repeat', 'map'] },
} as const satisfies NodeDefinition;
