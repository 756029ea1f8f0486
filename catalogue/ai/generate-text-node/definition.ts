/** @module catalogue/ai/generate-text-node/definition — a chat model's answer to prompts, history and tools. */
import type { NodeDefinition } from '../../types.ts';
import { chatContextFields, chatTextOutputs, modelField, promptsField, streamField } from '../fields.ts';

export const definition = {
  name: 'generateTextNode',
  label: 'Generate text',
  type: 'dynamicNode',
  category: 'AI',
  status: 'Enabled',
  icon: 'pen',
  docs: '/docs/nodes/generateTextNode',
  services: ['models', 'mcp', 'flows'],
  description:
    'Asks a chat model (OpenAI or any OpenAI-compatible endpoint) for an answer to the prompts, after the memories ' +
    'and the chat history. With tools (code, other flows, or the tools of an MCP tool server), the model may call ' +
    'them (up to 5 rounds) before it answers; each call and its answer show in the run. The text ' +
    'streams into the run view as it is generated.',
  inputs: [
    modelField('generativeModelName', 'Model', 'text'),
    promptsField(),
    ...chatContextFields,
    streamField,
  ],
  closedOutputs: true,
  outputs: [
    ...chatTextOutputs,
    { name: 'images', type: 'array', description: 'image URLs the model returned, if any' },
  ],
  metadata: { author: 'weft', tags: ['ai', 'llm', 'chat', 'gpt', 'prompt', 'completion', 'model', 'write'] },
} as const satisfies NodeDefinition;
