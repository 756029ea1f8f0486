/**
 * @module catalogue/interface/chat-trigger-node/definition — a flow started by a message in the
 * chat widget (spec 000 §3 "Chat trigger"). The fields after `domains` are the spec's
 * `chatConfig`; the widget reads them from GET /widgets/chat/:flowId/config.
 */
import type { InputField, NodeDefinition } from '../../types.ts';

/** spec 000 §8 "Chat default error text" */
export const CHAT_DEFAULT_ERROR = 'Oops! Something went wrong. Please try again.';

/** The chatConfig fields, in the spec's order: everything here is public (sent to the widget). */
export const chatConfigFields = [
  { name: 'botName', label: 'Bot name', type: 'text', defaultValue: 'Assistant' },
  {
    name: 'suggestions',
    label: 'Suggestions',
    type: 'list',
    defaultValue: [],
    description: 'Questions offered as buttons before the first message; a click sends one.',
  },
  { name: 'greetingMessage', label: 'Greeting message', type: 'textarea', defaultValue: 'Hi! How can I help you today?' },
  { name: 'imageUrl', label: 'Avatar image URL', type: 'text', defaultValue: '', placeholder: 'https://example.com/bot.png' },
  {
    name: 'position',
    label: 'Position',
    type: 'select',
    defaultValue: 'right',
    values: [
      { label: 'Right', value: 'right' },
      { label: 'Left', value: 'left' },
    ],
  },
  { name: 'primaryColor', label: 'Primary colour', type: 'text', defaultValue: '#4f46e5' },
  { name: 'suggestionColor', label: 'Suggestion colour', type: 'text', defaultValue: '#eef2ff' },
  { name: 'headerColor', label: 'Header colour', type: 'text', defaultValue: '#4f46e5' },
  { name: 'userMessageColor', label: 'User message colour', type: 'text', defaultValue: '#4f46e5' },
  { name: 'agentMessageColor', label: 'Agent message colour', type: 'text', defaultValue: '#f3f4f6' },
  { name: 'errorMessage', label: 'Error message', type: 'text', defaultValue: CHAT_DEFAULT_ERROR, description: 'Shown when a run fails.' },
  { name: 'policyUrl', label: 'Policy URL', type: 'text', defaultValue: '', description: 'A privacy policy linked under the message box.' },
  { name: 'placeholder', label: 'Placeholder', type: 'text', defaultValue: 'Type your message…' },
  { name: 'hideBranding', label: 'Hide branding', type: 'boolean', defaultValue: false },
  { name: 'showEmojiButton', label: 'Show emoji button', type: 'boolean', defaultValue: true },
  {
    name: 'allowVoiceInput',
    label: 'Allow voice input',
    type: 'boolean',
    defaultValue: false,
    description: 'A microphone button that fills the message box by speech recognition, where the browser offers it.',
  },
  {
    name: 'displayMode',
    label: 'Display mode',
    type: 'select',
    defaultValue: 'popup',
    values: [
      { label: 'Popup (a bubble in the corner)', value: 'popup' },
      { label: 'Dialog (centred over the page)', value: 'dialog' },
      { label: 'Embedded (inside the page)', value: 'embedded' },
    ],
  },
] as const satisfies readonly InputField[];

export const domainsField = {
  name: 'domains',
  label: 'Allowed domains',
  type: 'list',
  defaultValue: ['*'],
  description:
    'Pages allowed to use the widget: `*` (all, the default), an origin (https://shop.example.com), a host ' +
    '(example.com, any scheme and port) or a wildcard host (*.example.com). Other origins are refused.',
} as const satisfies InputField;

export const definition = {
  name: 'chatTriggerNode',
  label: 'Chat',
  type: 'triggerNode',
  category: 'Interface',
  status: 'Enabled',
  icon: 'chat',
  docs: '/docs/nodes/chatTriggerNode',
  description:
    'Starts the flow when a visitor sends a message in the chat widget (<script src="/widgets/chat.js" ' +
    'data-flow="{flowId}">). Outputs the message, the session’s earlier messages (chatHistory, kept by weft), the ' +
    'visitor and session ids and the page’s metadata. Paired with a Chat Response node, whose content is streamed ' +
    'back to the widget.',
  isTrigger: true,
  isWidget: true,
  responseNode: 'chatResponseNode',
  inputs: [{ name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'Chat' }, domainsField, ...chatConfigFields],
  closedOutputs: true,
  outputs: [
    { name: 'chatMessage', type: 'string', description: 'what the visitor wrote' },
    { name: 'chatHistory', type: 'array', description: 'earlier messages of the session: [{ role: user | assistant, content }]' },
    { name: 'userId', type: 'string', description: 'the visitor (kept in the browser’s localStorage)' },
    { name: 'sessionId', type: 'string', description: 'the conversation' },
    { name: 'metadata', type: 'object', description: 'the page: url, title, referrer, language, and what the embedding page added' },
  ],
  metadata: { author: 'weft', tags: ['trigger', 'chat', 'widget', 'bot', 'start'] },
} as const satisfies NodeDefinition;
