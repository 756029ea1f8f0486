/**
 * @module catalogue/response/automation-response-node/definition — what the calling n8n
 * workflow receives (spec 000 §3 "Automation-service response: outputMapping").
 */
import { outputMappingField } from '../api-response-node/definition.ts';
import type { NodeDefinition } from '../../types.ts';

export const definition = {
  name: 'automationResponseNode',
  label: 'Automation service response',
  type: 'responseNode',
  category: 'Response',
  status: 'Enabled',
  pure: true,
  icon: 'send',
  docs: '/docs/nodes/automationResponseNode',
  description:
    'Builds the answer the calling n8n workflow receives from an output mapping: each row’s key gets its value, ' +
    'usually a template such as {{api_1.output.data}}. Keys are kept flat; a value that resolves to nothing becomes ' +
    'null. Placeholders using parentheses or __proto__/constructor/prototype are blanked.',
  inputs: [
    outputMappingField,
  ],
  // One property per mapping key: the builder names them.
  outputs: [],
  metadata: { author: 'weft', tags: ['response', 'n8n', 'automation', 'reply', 'return'] },
} as const satisfies NodeDefinition;
