/**
 * @module catalogue/ai/agent-classifier-node/definition — a chat model picks one agent path
 * (name and description); the run follows that path's edge, the other paths are skipped, as
 * for the classifier (spec 000 §3 node type agentClassifierNode, role router).
 */
import type { NodeDefinition } from '../../types.ts';
import { CLASSIFIER_RETRIES } from '../classifier-node/definition.ts';
import { metaOutput, modelField, promptsField } from '../fields.ts';

export const definition = {
  name: 'agentClassifierNode',
  label: 'Agent classifier',
  type: 'agentClassifierNode',
  category: 'AI',
  status: 'Enabled',
  icon: 'branch',
  docs: '/docs/nodes/agentClassifierNode',
  services: ['models'],
  description:
    'Asks a chat model which agent path should handle the request — each path has a name and a description of ' +
    "what its agent does — and continues along that path's edge only (the other paths are skipped). An answer " +
    `that is not one of the paths is sent back, up to ${CLASSIFIER_RETRIES} more times.`,
  inputs: [
    { name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'Agent classifier' },
    modelField('generativeModelName', 'Model', 'text'),
    promptsField('Choose the agent that should handle the user\'s request.', '{{trigger.output.chatMessage}}'),
    {
      name: 'agents',
      label: 'Agent paths',
      type: 'agentPaths',
      required: true,
      defaultValue: [
        { name: 'Agent 1', description: 'What this agent does, so the model knows when to choose it.' },
        { name: 'Agent 2', description: 'What this agent does, so the model knows when to choose it.' },
      ],
      description: 'Each agent path is an output handle: connect the nodes of that agent to it.',
    },
  ],
  closedOutputs: true,
  outputs: [
    { name: 'agent', type: 'string', description: 'the name of the agent path the model chose' },
    { name: 'condition', type: 'string', description: 'the same name: the handle whose edges run' },
    metaOutput,
  ],
  handles: { fromField: 'agents' },
  metadata: { author: 'weft', tags: ['ai', 'llm', 'agent', 'router', 'route', 'classifier', 'intent', 'supervisor'] },
} as const satisfies NodeDefinition;
