/** @module catalogue/response/api-response-node/definition — what a webhook caller receives. */
import type { InputField, NodeDefinition } from '../../types.ts';

/** The output mapping of the response nodes that answer with a mapped object (API, GraphQL, automation service). */
export const outputMappingField = {
  name: 'outputMapping',
  label: 'Output mapping',
  type: 'mapping',
  required: true,
  requiredMessage: 'Mapping is not found',
  defaultValue: [{ key: 'result', value: '' }],
  description: 'Rows of { key, value }; values are templates resolved against earlier outputs.',
} as const satisfies InputField;

export const definition = {
  name: 'apiResponseNode',
  label: 'API Response',
  type: 'responseNode',
  category: 'Response',
  status: 'Enabled',
  pure: true,
  icon: 'send',
  docs: '/docs/nodes/apiResponseNode',
  description:
    'Builds the answer of the flow from an output mapping: each row’s key gets its value, usually a template such ' +
    'as {{api_1.output.data}}. A realtime webhook caller receives this object. Keys are kept flat (a key ' +
    '"a.b" stays one key). A value that resolves to nothing becomes null. Placeholders using parentheses or ' +
    '__proto__/constructor/prototype are blanked.',
  inputs: [
    outputMappingField,
  ],
  // One property per mapping key: the builder names them.
  outputs: [],
  metadata: { author: 'weft', tags: ['response', 'webhook', 'respond', 'reply', 'return'] },
} as const satisfies NodeDefinition;
