/**
 * @module catalogue/interface/graphql-trigger-node/definition — a flow started over the
 * GraphQL API (spec 000 §3 "GraphQL trigger"), answered in the same call or, async, by a
 * POST to the caller's webhook.
 */
import type { NodeDefinition } from '../../types.ts';

export const GRAPHQL_MAX_RETRIES = 10;
export const GRAPHQL_MAX_RETRY_DELAY_SECONDS = 10;

/** the webhook's retries and the delay between them (this trigger's settings, and the GraphQL response node's own) */
export const webhookRetryFields = <const R extends string, const D extends string, const E extends object = {}>(retries: R, delay: D, shown: E = {} as E) =>
  [
    { name: 'retries', label: 'Retries', type: 'number', defaultValue: 0, minValue: 0, maxValue: GRAPHQL_MAX_RETRIES, step: 1, description: retries, ...shown },
    { name: 'retry_delay', label: 'Retry delay', type: 'number', defaultValue: 0, minValue: 0, maxValue: GRAPHQL_MAX_RETRY_DELAY_SECONDS, description: delay, ...shown },
  ] as const;

/** The spec's "sample input": a small JSON schema of the payload callers send. */
export const SAMPLE_ADVANCE_SCHEMA = JSON.stringify(
  {
    type: 'object',
    properties: {
      message: { type: 'string', description: 'What the caller asks' },
      userId: { type: 'string', description: 'Who is asking' },
    },
    required: ['message'],
  },
  null,
  2,
);

const asyncOnly = { actionField: 'responeType', actionValue: 'async' } as const;

export const definition = {
  name: 'graphqlTriggerNode',
  label: 'GraphQL',
  type: 'triggerNode',
  category: 'Interface',
  status: 'Enabled',
  icon: 'graphql',
  docs: '/docs/nodes/graphqlTriggerNode',
  description:
    'Starts the flow from the GraphQL API (POST /graphql): executeWorkflow(workflowId, payload), or the flow’s own ' +
    'typed query built from its input schema. The output is the payload: read it as {{trigger.output.field}}. ' +
    'Realtime flows answer in the same call with the GraphQL Response node’s output; async flows answer at once with ' +
    'a requestId, which checkStatus(requestId) follows, and the response node POSTs { status, result, requestId } ' +
    'to the webhook URL (when one is set) as soon as it runs.',
  isTrigger: true,
  responseNode: 'graphqlResponseNode',
  inputs: [
    { name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'GraphQL' },
    {
      name: 'advance_schema',
      label: 'Input schema',
      type: 'json',
      defaultValue: SAMPLE_ADVANCE_SCHEMA,
      description:
        'A JSON schema of the payload (type, properties, required, items, enum), or a sample payload. It becomes the ' +
        'input type of the flow’s own GraphQL query, so integrators see it by introspection.',
    },
    {
      // Spelled responeType: the wire name of the original catalogue (spec 000 §3).
      name: 'responeType',
      label: 'Response type',
      type: 'select',
      defaultValue: 'realtime',
      values: [
        { label: 'Realtime', value: 'realtime' },
        { label: 'Async', value: 'async' },
      ],
    },
    {
      name: 'webhookUrl',
      label: 'Webhook URL',
      type: 'template',
      placeholder: 'https://example.com/weft-results',
      description: 'Where the result is POSTed. Without one, callers follow the run with checkStatus(requestId).',
      ...asyncOnly,
    },
    ...webhookRetryFields('How often a failed webhook call is repeated.', 'Seconds between webhook attempts.', asyncOnly),
    {
      name: 'headers',
      label: 'Headers',
      type: 'json',
      defaultValue: '{}',
      description: 'A JSON object of header names to values sent with the webhook call; {{trigger.output.x}} reads the payload.',
      ...asyncOnly,
    },
  ],
  // The output is the payload itself, whose properties the input schema describes.
  outputs: [],
  metadata: { author: 'weft', tags: ['trigger', 'graphql', 'api', 'query', 'start'] },
} as const satisfies NodeDefinition;
