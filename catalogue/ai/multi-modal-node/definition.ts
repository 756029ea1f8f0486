/** @module catalogue/ai/multi-modal-node/definition — a chat model's answer about images. */
import type { NodeDefinition } from '../../types.ts';
import { attachmentsField, DEFAULT_SYSTEM_PROMPT, memoriesField, messagesField, chatTextOutputs, modelField, promptsField, serverToolsField, streamField, toolServerField, toolsField } from '../fields.ts';

export const definition = {
  name: 'multiModalNode',
  label: 'Multi-modal',
  type: 'dynamicNode',
  category: 'AI',
  status: 'Enabled',
  icon: 'eye',
  docs: '/docs/nodes/multiModalNode',
  services: ['models', 'mcp', 'flows'],
  description:
    'Asks a vision-capable chat model about the attached images (URLs or data URLs, sent with the last user ' +
    'message) and the prompts. Attachments are a pro feature.',
  inputs: [
    modelField('generativeModelName', 'Model', 'text'),
    promptsField(DEFAULT_SYSTEM_PROMPT, 'Describe what you see.'),
    { ...attachmentsField, required: true },
    toolsField,
    toolServerField,
    serverToolsField,
    messagesField,
    memoriesField,
    streamField,
  ],
  closedOutputs: true,
  outputs: [
    ...chatTextOutputs,
  ],
  metadata: { author: 'weft', tags: ['ai', 'llm', 'vision', 'image', 'photo', 'describe'] },
} as const satisfies NodeDefinition;
