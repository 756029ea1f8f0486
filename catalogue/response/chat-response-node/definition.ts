/**
 * @module catalogue/response/chat-response-node/definition — the answer the chat widget shows
 * (spec 000 §3 "Chat response"), optionally copied to a conversation webhook (§7).
 */
import type { NodeDefinition } from '../../types.ts';

export const CONVERSATION_WEBHOOK_FAILED = 'Failed to send conversation to webhook';
export const REFERENCE_FAILED = 'Failed to process reference';

export const definition = {
  name: 'chatResponseNode',
  label: 'Chat Response',
  type: 'responseNode',
  category: 'Response',
  status: 'Enabled',
  icon: 'chat-reply',
  docs: '/docs/nodes/chatResponseNode',
  description:
    'The answer shown in the chat widget: content is a template such as {{generateText_1.output.generatedResponse}}. Text an AI ' +
    'node streams while it generates reaches the widget at once; this content replaces it when the node runs. ' +
    'References are shown under the answer; when the operator names a reference metadata service, each URL is ' +
    'described by it (title, description, image…). With a webhook URL, every exchange is also POSTed there as ' +
    '{ sessionId, userId, projectId, flowId, messsages }; a failing webhook never fails the chat.',
  inputs: [
    { name: 'content', label: 'Content', type: 'template', required: true, defaultValue: '', placeholder: '{{generateText_1.output.generatedResponse}}' },
    {
      name: 'references',
      label: 'References',
      // a list, JSON text of one, or links separated by commas or lines
      type: 'data',
      defaultValue: '',
      description:
        'A list of links shown under the answer: URLs, or objects with url (or link) and title, e.g. {{rag_1.output.references}}.',
    },
    { name: 'webhookUrl', label: 'Conversation webhook URL', type: 'text', defaultValue: '', placeholder: 'https://example.com/conversations' },
    {
      name: 'webhookHeaders',
      label: 'Webhook headers',
      type: 'json',
      defaultValue: '{}',
      description: 'A JSON object of header names to values sent with the conversation webhook.',
    },
  ],
  outputs: [
    { name: 'content', type: 'string', description: 'the answer text' },
    { name: 'references', type: 'array', description: '[{ title, url, metadata }]: metadata is what the reference metadata service answered' },
    { name: 'attachments', type: 'array', description: 'images and files of the answer: [{ type, url }]' },
    { name: 'timestamp', type: 'string', description: 'when the answer was made (ISO 8601)' },
    { name: 'type', type: 'string', description: 'chat_response, or error when the answer could not be made' },
  ],
  metadata: { author: 'weft', tags: ['response', 'chat', 'widget', 'reply', 'answer', 'respond'] },
} as const satisfies NodeDefinition;
