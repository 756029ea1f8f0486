/** @module catalogue/logic/variables-node/definition — named, typed values for later nodes. */
import { MAPPING_TYPES } from '../../field-shapes.ts';
import type { NodeDefinition } from '../../types.ts';

export const definition = {
  name: 'variablesNode',
  label: 'Variables',
  type: 'dynamicNode',
  category: 'Logic',
  status: 'Enabled',
  pure: true,
  icon: 'variable',
  docs: '/docs/nodes/variablesNode',
  description:
    'Sets variables from a mapping of { key, type, value } rows. Types: string (data is written as JSON), number, ' +
    'boolean (true exactly when the value reads "true"), array and object (from JSON text or from data; an object ' +
    'may also be given as nested mapping rows). The output has one property per key.',
  inputs: [
    {
      name: 'mapping',
      label: 'Mapping',
      type: 'mapping',
      required: true,
      requiredMessage: 'Mapping is not found',
      // `values` lists the row types: the editor shows a type column for a typed mapping.
      values: MAPPING_TYPES.map((t) => ({ label: t, value: t })),
      defaultValue: [{ key: 'name', type: 'string', value: '' }],
      description: 'Rows of { key, type, value }; values may be templates.',
    },
  ],
  outputs: [],
  metadata: { author: 'weft', tags: ['logic', 'variables', 'mapping', 'set', 'assign', 'variable'] },
} as const satisfies NodeDefinition;
