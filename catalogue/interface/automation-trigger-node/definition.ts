/**
 * @module catalogue/interface/automation-trigger-node/definition — a flow an automation
 * service (n8n) calls (spec 000 §3 "Automation-service trigger", integration id 6): the n8n
 * workflow's weft node (or an HTTP Request node) POSTs to the flow's `/hook/:flowId` with the
 * project's API key, and gets the Automation-service response's mapping back. The form lists
 * the service's workflows that contain weft's node (POST /api/n8nworkflow); an id can be typed.
 */
import { SAMPLE_ADVANCE_SCHEMA } from '../graphql-trigger-node/definition.ts';
import type { NodeDefinition } from '../../types.ts';

export const definition = {
  name: 'automationTriggerNode',
  label: 'Automation service (n8n)',
  type: 'triggerNode',
  category: 'App',
  status: 'Enabled',
  icon: 'plug',
  docs: '/docs/nodes/automationTriggerNode',
  description:
    'Starts the flow from an n8n workflow: its weft node (or an HTTP Request node) POSTs the payload to this flow’s ' +
    'URL (/hook/<flow id>) with the project’s API key as a bearer token, and receives the Automation service ' +
    'response’s mapping as the answer. The output is the payload: read it as {{trigger.output.field}}. The ' +
    'workflow list comes from the n8n instance of the credential (workflows that contain weft’s node).',
  isTrigger: true,
  isIntegration: true,
  integrationId: 6,
  authTypes: ['automationService'],
  responseNode: 'automationResponseNode',
  inputs: [
    { name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'Automation service' },
    {
      name: 'advance_schema',
      label: 'Input schema',
      type: 'json',
      defaultValue: SAMPLE_ADVANCE_SCHEMA,
      description: 'A JSON schema of the payload the n8n workflow sends (type, properties, required), or a sample payload.',
    },
    {
      name: 'credentials',
      label: 'Credentials',
      type: 'credential',
      isCredential: true,
      required: true,
      description: 'An automation service credential: the n8n instance’s URL and an API key of its public API.',
    },
    {
      name: 'workflowId',
      label: 'Workflow',
      type: 'text',
      loadOptionsMethod: 'automationWorkflows',
      description: 'The n8n workflow that calls this flow: chosen from the list, or its id typed in.',
    },
  ],
  // The output is the payload itself, whose properties the input schema describes.
  outputs: [],
  metadata: { author: 'weft', tags: ['trigger', 'n8n', 'automation', 'workflow', 'start'] },
} as const satisfies NodeDefinition;
