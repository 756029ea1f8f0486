/**
 * @module catalogue/response/graphql-response-node/definition — what a GraphQL caller gets
 * (spec 000 §3 "GraphQL response"): the mapped output, in the same call (realtime) or POSTed
 * to a webhook (async).
 */
import { webhookRetryFields } from '../../interface/graphql-trigger-node/definition.ts';
import { outputMappingField } from '../api-response-node/definition.ts';
import type { NodeDefinition } from '../../types.ts';

export const definition = {
  name: 'graphqlResponseNode',
  label: 'GraphQL Response',
  type: 'responseNode',
  category: 'Response',
  status: 'Enabled',
  icon: 'mail',
  docs: '/docs/nodes/graphqlResponseNode',
  description:
    'Builds the result of a GraphQL call from an output mapping: each row’s key gets its value, usually a template ' +
    'such as {{api_1.output.data}}. Realtime: the caller receives { status: "success", result }. Async (set on ' +
    'the GraphQL trigger): the node POSTs { status: "success", result, requestId } to the webhook URL with its ' +
    'headers, retrying as configured, and fails with "Error in running graphql response" when every attempt fails. ' +
    'The webhook settings here apply to async flows only; left empty, the GraphQL trigger’s apply. Placeholders ' +
    'using parentheses or __proto__/constructor/prototype are blanked.',
  inputs: [
    outputMappingField,
    {
      name: 'webhookUrl',
      label: 'Webhook URL',
      type: 'template',
      placeholder: 'https://example.com/weft-results',
      description: 'Async flows only: where the result is POSTed. Empty: the GraphQL trigger’s webhook settings apply.',
    },
    {
      name: 'headers',
      label: 'Headers',
      type: 'json',
      defaultValue: '{}',
      description: 'Async flows only: a JSON object of header names to values sent with the webhook call.',
    },
    ...webhookRetryFields('Async flows only: how often a failed webhook call is repeated.', 'Async flows only: seconds between webhook attempts.'),
  ],
  // One property per mapping key: the builder names them.
  outputs: [],
  metadata: { author: 'weft', tags: ['response', 'graphql', 'respond', 'reply', 'return'] },
} as const satisfies NodeDefinition;
