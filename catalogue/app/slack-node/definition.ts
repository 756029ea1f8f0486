/**
 * @module catalogue/app/slack-node/definition — the team-chat message node (spec 000 §3:
 * "action postMessage with project_id, channel_name, text"; integration id 1, OAuth). The
 * spec's project_id is the flow's own project, whose credential is used: not a field.
 */
import type { NodeDefinition } from '../../types.ts';

export const definition = {
  name: 'slackNode',
  label: 'Team chat message',
  type: 'dynamicNode',
  category: 'App',
  status: 'Enabled',
  icon: 'send',
  docs: '/docs/nodes/slackNode',
  sideEffects: 'messaging',
  integrationId: 1,
  isIntegration: true,
  authTypes: ['oauth'],
  description:
    'Posts a message to a channel of the team chat workspace (Slack) a "Team chat (OAuth)" credential connects, ' +
    "through the Slack Web API's chat.postMessage. A refusal of Slack (channel_not_found, not_in_channel, invalid_auth…) " +
    'fails the node with its code; when Slack limits the rate, the node waits as long as Slack asks (Retry-After).',
  inputs: [
    { name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'Team chat message' },
    {
      name: 'credentials',
      label: 'Credential',
      type: 'credential',
      required: true,
      isCredential: true,
      requiredMessage: 'No credentials provided',
      description: 'The name of a "Team chat (OAuth)" (slackOauth) credential of the project: the connected workspace.',
    },
    {
      name: 'action',
      label: 'Action',
      type: 'select',
      required: true,
      defaultValue: 'postMessage',
      values: [{ label: 'Post a message', value: 'postMessage' }],
    },
    {
      name: 'channel_name',
      label: 'Channel',
      type: 'template',
      required: true,
      placeholder: '#general',
      description: 'The channel: its name (#general), or its id (C0123456789). The app must be a member of a private channel.',
    },
    {
      name: 'text',
      label: 'Text',
      type: 'template',
      required: true,
      description: "The message, in Slack's mrkdwn (e.g. *bold*, <https://example.com|a link>).",
    },
  ],
  outputs: [
    { name: 'ok', type: 'boolean', description: 'true: Slack accepted the message' },
    { name: 'channel', type: 'string', description: 'the id of the channel posted to' },
    { name: 'ts', type: 'string', description: "the message's timestamp (its id within the channel)" },
    { name: 'message', type: 'object', description: 'the message as Slack stored it' },
  ],
  closedOutputs: true,
  metadata: { author: 'weft', tags: ['slack', 'team chat', 'message', 'post', 'channel', 'notify'] },
} as const satisfies NodeDefinition;
