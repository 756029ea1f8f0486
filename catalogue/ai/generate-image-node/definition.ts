/** @module catalogue/ai/generate-image-node/definition — an image from a prompt. */
import type { NodeDefinition } from '../../types.ts';
import { metaOutput, modelField } from '../fields.ts';

export const definition = {
  name: 'generateImageNode',
  label: 'Generate image',
  type: 'dynamicNode',
  category: 'AI',
  status: 'Enabled',
  icon: 'image',
  docs: '/docs/nodes/generateImageNode',
  services: ['models'],
  description: 'Asks an image model (OpenAI or an OpenAI-compatible endpoint) for an image of the prompt.',
  inputs: [
    modelField('imageGenModelName', 'Image model', 'image'),
    { name: 'prompts', label: 'Prompt', type: 'template', required: true, placeholder: 'A watercolour fox in the snow' },
    {
      name: 'size',
      label: 'Size',
      type: 'select',
      defaultValue: '1024x1024',
      values: ['1024x1024', '1024x1792', '1792x1024', '512x512', '256x256'].map((s) => ({ label: s, value: s })),
    },
  ],
  closedOutputs: true,
  outputs: [
    { name: 'imageUrl', type: 'string', description: 'the image (a URL, or a data URL)' },
    { name: 'revised_prompt', type: 'string', description: 'the prompt as the model rewrote it, if it did' },
    metaOutput,
  ],
  metadata: { author: 'weft', tags: ['ai', 'image', 'picture', 'draw'] },
} as const satisfies NodeDefinition;
