/**
 * @module catalogue/app/teams-node/definition — the team messaging node (spec 002 §3 "Team
 * messaging node", integration 11, OAuth `teamsOauth`): a message to a chat or a reply in a
 * channel through Microsoft Graph as the connected user, or a message into a bot conversation
 * through the Bot Framework as the credential's app.
 */
import type { NodeDefinition } from '../../types.ts';

/** spec 002 §3: "message (required, default greeting)" */
export const DEFAULT_MESSAGE = 'Hello from weft! 👋';

const sendOnly = [{ label: 'Send a message', value: 'sendMessage' }] as const;

/** the conversation-type select of the node and of its trigger: their own kinds and default */
export const conversationTypeField = <const V extends readonly { label: string; value: string }[], const D extends V[number]['value']>(values: V, defaultValue: D) =>
  ({ name: 'conversationType', label: 'Conversation type', type: 'select', required: true, defaultValue, invalidMessage: 'Invalid conversation type', values }) as const;

/** the teamsOauth credential field of the node and of its trigger, with what each wants of it */
export const teamsCredentialField = (description: string) =>
  ({ name: 'credentials', label: 'Credential', type: 'credential', required: true, isCredential: true, requiredMessage: 'Invalid or Missing teams credentials', description }) as const;

/** the operation select shown for one conversation type */
const operationField = <const N extends string, const V extends readonly { label: string; value: string }[], const D extends V[number]['value'], const C extends string>(name: N, values: V, defaultValue: D, conversationType: C) =>
  ({ name, label: 'Operation', type: 'select', defaultValue, invalidMessage: 'Invalid or not supported chat operation', values, actionField: 'conversationType', actionValue: conversationType }) as const;

export const definition = {
  name: 'teamsNode',
  label: 'Team messaging',
  type: 'dynamicNode',
  category: 'App',
  status: 'Enabled',
  icon: 'chat-reply',
  docs: '/docs/nodes/teamsNode',
  sideEffects: 'messaging',
  integrationId: 11,
  isIntegration: true,
  authTypes: ['oauth'],
  description:
    'Sends a message to a Microsoft Teams chat, replies to a message in a channel (both through Microsoft Graph as the ' +
    'user who connected the "Team messaging service (OAuth)" credential), or sends into a bot conversation (through ' +
    "the Bot Framework as the credential's app, whose token weft caches until five minutes before it expires). " +
    'Messages to chats and channels are HTML, bot messages markdown.',
  inputs: [
    { name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'Team messaging' },
    teamsCredentialField('The name of a "Team messaging service (OAuth)" (teamsOauth) credential of the project.'),
    conversationTypeField(
      [
        { label: 'Chat', value: 'chat' },
        { label: 'Channel', value: 'channel' },
        { label: 'Bot conversation', value: 'bot' },
      ],
      'chat',
    ),
    operationField('chatOperation', sendOnly, 'sendMessage', 'chat'),
    {
      ...operationField('channelOperation', [...sendOnly, { label: 'Reply to a message', value: 'replyToMessage' }], 'replyToMessage', 'channel'),
      description: 'Posting a new message to a channel is not supported yet: reply to a message of it instead.',
    },
    operationField('botOperation', sendOnly, 'sendMessage', 'bot'),
    {
      name: 'chatId',
      label: 'Chat',
      type: 'template',
      loadOptionsMethod: 'teamsGetChats',
      actionField: 'conversationType',
      actionValue: 'chat',
      placeholder: '19:2da4c29f6d7041eca70b638b43d45437@thread.v2',
      description: 'Required: pick one of your chats, or give its id (or a template).',
    },
    {
      name: 'teamId',
      label: 'Team',
      type: 'template',
      loadOptionsMethod: 'teamsGetTeams',
      actionField: 'conversationType',
      actionValue: 'channel',
      description: 'Required: pick one of your teams, or give its id.',
    },
    {
      name: 'channelId',
      label: 'Channel',
      type: 'template',
      loadOptionsMethod: 'teamsGetChannels',
      actionField: 'conversationType',
      actionValue: 'channel',
      placeholder: '19:561fbdbbfca848a484f0a6f00ce9dbbd@thread.tacv2',
      description: "Required: pick one of the team's channels, or give its id.",
    },
    {
      name: 'messageId',
      label: 'Message ID',
      type: 'template',
      actionField: 'conversationType',
      actionValue: 'channel',
      description: 'Required for a reply: the id of the channel message to reply to, e.g. {{trigger.output.id}}.',
    },
    {
      name: 'conversationId',
      label: 'Conversation ID',
      type: 'template',
      actionField: 'conversationType',
      actionValue: 'bot',
      description: 'Required: the bot conversation, e.g. {{trigger.output.conversation.id}} from the Teams trigger.',
    },
    {
      name: 'message',
      label: 'Message',
      type: 'template',
      required: true,
      defaultValue: DEFAULT_MESSAGE,
      requiredMessage: 'Message is required',
    },
    {
      name: 'includePoweredBy',
      label: 'Include "Powered by weft"',
      type: 'boolean',
      defaultValue: true,
      description: 'Appends a line "Powered by weft" to the message.',
    },
    {
      name: 'notify',
      label: 'Notify the chat members',
      type: 'boolean',
      defaultValue: false,
      actionField: 'conversationType',
      actionValue: 'chat',
      description:
        "After sending, also sends the chat's members a Teams activity notification (their activity feed) with the " +
        'message text (its first 150 characters). Needs the TeamsActivity.Send permission.',
    },
  ],
  outputs: [
    { name: 'id', type: 'string' },
    { name: 'replyToId', type: 'string' },
    { name: 'etag', type: 'string' },
    { name: 'messageType', type: 'string' },
    { name: 'createdDateTime', type: 'string' },
    { name: 'lastModifiedDateTime', type: 'string' },
    { name: 'lastEditedDateTime', type: 'string' },
    { name: 'deletedDateTime', type: 'string' },
    { name: 'subject', type: 'string' },
    { name: 'summary', type: 'string' },
    { name: 'chatId', type: 'string' },
    { name: 'importance', type: 'string' },
    { name: 'locale', type: 'string' },
    { name: 'webUrl', type: 'string' },
    { name: 'policyViolation', type: 'object' },
    { name: 'eventDetail', type: 'object' },
    { name: 'from', type: 'object' },
    { name: 'body', type: 'object' },
    { name: 'channelIdentity', type: 'object' },
    { name: 'attachments', type: 'array' },
    { name: 'mentions', type: 'array' },
  ],
  metadata: { author: 'weft', tags: ['teams', 'microsoft', 'team messaging', 'message', 'chat', 'channel', 'bot'] },
} as const satisfies NodeDefinition;
