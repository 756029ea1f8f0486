/** @module catalogue/ai/generate-json-node/definition — a chat model's answer as JSON that fits a schema. */
import type { NodeDefinition } from '../../types.ts';
import { chatContextFields, metaOutput, modelField, promptsField, toolCallsOutput } from '../fields.ts';

export const JSON_RETRIES = 3;

export const definition = {
  name: 'generateJsonNode',
  label: 'Generate JSON',
  type: 'dynamicNode',
  category: 'AI',
  status: 'Enabled',
  icon: 'json',
  docs: '/docs/nodes/generateJsonNode',
  services: ['models', 'mcp', 'flows'],
  description:
    'Asks a chat model for a JSON object that fits the schema. The answer is checked against the schema; an answer ' +
    `that is not JSON or does not fit is sent back to the model with the problem, up to ${JSON_RETRIES} more times.`,
  inputs: [
    modelField('generativeModelName', 'Model', 'text'),
    {
      name: 'schema',
      label: 'Schema',
      type: 'json',
      required: true,
      defaultValue: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] },
      description: 'A JSON schema of the answer (type, properties, required, items, enum, minimum, maximum, …).',
    },
    promptsField(),
    ...chatContextFields,
  ],
  closedOutputs: true,
  outputs: [
    { name: 'generatedResponse', type: 'object', description: 'the JSON answer, checked against the schema' },
    metaOutput,
    toolCallsOutput,
  ],
  metadata: { author: 'weft', tags: ['ai', 'llm', 'json', 'extraction', 'structured', 'extract', 'schema'] },
} as const satisfies NodeDefinition;
