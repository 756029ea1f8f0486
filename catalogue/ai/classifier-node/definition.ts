/** @module catalogue/ai/classifier-node/definition — a chat model picks one class; the flow follows that class's edge. */
import type { NodeDefinition } from '../../types.ts';
import { metaOutput, modelField, promptsField } from '../fields.ts';

export const CLASSIFIER_RETRIES = 3;

export const definition = {
  name: 'classifierNode',
  label: 'Classifier',
  // routes by handle like a condition node: one output handle a class
  type: 'conditionNode',
  category: 'AI',
  status: 'Enabled',
  icon: 'tag',
  docs: '/docs/nodes/classifierNode',
  services: ['models'],
  description:
    'Asks a chat model which one of the classes the text belongs to, and continues along that class\'s edge only ' +
    `(the others are skipped). An answer that is not one of the classes is sent back, up to ${CLASSIFIER_RETRIES} more times.`,
  inputs: [
    modelField('generativeModelName', 'Model', 'text'),
    promptsField('Classify the user\'s message.', '{{trigger.output.chatMessage}}'),
    {
      name: 'classifier',
      label: 'Classes',
      type: 'branches',
      required: true,
      defaultValue: ['Question', 'Complaint', 'Other'],
      description: 'The class labels; each is an output handle.',
    },
  ],
  closedOutputs: true,
  outputs: [
    { name: 'class', type: 'string', description: 'the class the model chose' },
    { name: 'condition', type: 'string', description: 'the same label: the handle whose edges run' },
    metaOutput,
  ],
  handles: { fromField: 'classifier' },
  metadata: { author: 'weft', tags: ['ai', 'llm', 'router', 'classification', 'classify', 'categorize', 'intent'] },
} as const satisfies NodeDefinition;
