/** @module catalogue/app/api-node/definition — an outbound HTTP request. */
import { OUTBOUND_LIMITS } from '../../outbound.ts';
import type { NodeDefinition } from '../../types.ts';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;
export const API_MAX_RETRIES = 10;
export const API_MAX_RETRY_DELAY_SECONDS = 10;

export const definition = {
  name: 'apiNode',
  label: 'API Request',
  type: 'dynamicNode',
  category: 'App',
  status: 'Enabled',
  icon: 'globe',
  docs: '/docs/nodes/apiNode',
  sideEffects: 'http',
  description:
    'Calls an HTTP endpoint. Headers and body are JSON and may hold templates; GET and HEAD send no body. A JSON ' +
    'answer becomes the output, any other answer { message: text }. A network error, a timeout, a 5xx, 408, 425 or ' +
    '429 is retried up to "retries" times, waiting retry_deplay seconds between attempts, then fails the node; any ' +
    'other 4xx fails it at once. Every request carries Idempotency-Key: <runId>/<node> (the same when a crashed ' +
    'step is re-run). Private, loopback and cloud-metadata addresses are refused unless the operator allows them.',
  inputs: [
    { name: 'url', label: 'URL', type: 'template', required: true, placeholder: 'https://api.example.com/items' },
    {
      name: 'method',
      label: 'Method',
      type: 'select',
      defaultValue: 'POST',
      values: HTTP_METHODS.map((m) => ({ label: m, value: m })),
    },
    { name: 'headers', label: 'Headers', type: 'json', defaultValue: '{}', description: 'A JSON object of header names to values.' },
    {
      name: 'credentials',
      label: 'Credential',
      type: 'credential',
      isCredential: true,
      description:
        'Optional: the name of an "HTTP header" credential of the project. Its header (e.g. Authorization: Bearer …) is added ' +
        'to the request; the value never appears in outputs, run events or logs.',
    },
    { name: 'body', label: 'Body', type: 'json', description: 'Sent as JSON; ignored for GET and HEAD.' },
    { name: 'retries', label: 'Retries', type: 'number', defaultValue: 0, minValue: 0, maxValue: API_MAX_RETRIES, step: 1 },
    {
      // The catalogue's wire name is spelled retry_deplay (spec 000 §3); flows store it so.
      name: 'retry_deplay',
      label: 'Retry delay',
      type: 'number',
      defaultValue: 0,
      minValue: 0,
      maxValue: API_MAX_RETRY_DELAY_SECONDS,
      description: 'Seconds between retries.',
    },
    {
      name: 'timeout',
      label: 'Timeout',
      type: 'number',
      ...OUTBOUND_LIMITS.timeoutSeconds,
      description: 'Seconds the whole request may take, the answer included.',
    },
    {
      name: 'connectTimeout',
      label: 'Connect timeout',
      type: 'number',
      ...OUTBOUND_LIMITS.connectTimeoutSeconds,
      description: 'Seconds to reach the server (DNS, connection, TLS).',
    },
    {
      name: 'maxResponseSize',
      label: 'Maximum response size',
      type: 'number',
      ...OUTBOUND_LIMITS.maxResponseMB,
      description: 'Megabytes of answer; a larger answer fails the node.',
    },
  ],
  // A JSON answer is the output itself; only the text fallback has a fixed name.
  outputs: [{ name: 'message', type: 'string', description: 'the answer text, when it is not JSON' }],
  metadata: { author: 'weft', tags: ['http', 'api', 'rest', 'request', 'fetch', 'url', 'get', 'post', 'curl'] },
} as const satisfies NodeDefinition;
