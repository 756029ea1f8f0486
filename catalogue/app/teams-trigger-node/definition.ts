/**
 * @module catalogue/app/teams-trigger-node/definition — the team messaging trigger (spec 002 §3
 * "Team messaging node", its trigger inputs and outputs): a flow started by a Microsoft Teams
 * message to the bot, as the Bot Framework delivers it to `POST /hook/teams/{flowId}`
 * (runtime/integrations/teams/). Its output is the activity.
 */
import type { NodeDefinition } from '../../types.ts';
import { conversationTypeField, teamsCredentialField } from '../teams-node/definition.ts';

export const definition = {
  name: 'teamsTriggerNode',
  label: 'Team messaging trigger',
  type: 'triggerNode',
  category: 'App',
  status: 'Enabled',
  icon: 'chat',
  docs: '/docs/nodes/teamsTriggerNode',
  integrationId: 11,
  isIntegration: true,
  isTrigger: true,
  authTypes: ['oauth'],
  description:
    "Starts the flow when someone messages your Teams bot. Set the bot's messaging endpoint (Azure Bot → Configuration) " +
    "to https://<your weft>/hook/teams/{flowId}; the credential's client id is the bot's Microsoft App ID. weft checks " +
    'that each call is signed by the Bot Framework, answers it at once, and runs the flow with the message activity as ' +
    'the output ({{trigger.output.text}}, {{trigger.output.conversation.id}} for a reply with the Team messaging node). ' +
    'Messages from other conversations than the one chosen here are acknowledged and left alone.',
  inputs: [
    { name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'Team messaging trigger' },
    teamsCredentialField('A "Team messaging service (OAuth)" (teamsOauth) credential whose client id is the bot’s Microsoft App ID.'),
    conversationTypeField(
      [
        { label: 'Chat with the bot', value: 'botChat' },
        { label: 'Group chat', value: 'groupChat' },
        { label: 'Channel', value: 'channel' },
      ],
      'botChat',
    ),
    {
      name: 'chatId',
      label: 'Chat',
      type: 'text',
      loadOptionsMethod: 'teamsGetChats',
      actionField: 'conversationType',
      actionValue: 'groupChat',
      description: 'Only this group chat (the bot must be added to it); empty: every group chat the bot is in.',
    },
    {
      name: 'teamId',
      label: 'Team',
      type: 'text',
      loadOptionsMethod: 'teamsGetTeams',
      actionField: 'conversationType',
      actionValue: 'channel',
      description: 'Only this team (the bot’s app must be installed in it); empty: every team.',
    },
    {
      name: 'channelId',
      label: 'Channel',
      type: 'text',
      loadOptionsMethod: 'teamsGetChannels',
      actionField: 'conversationType',
      actionValue: 'channel',
      description: 'Only this channel of the team; empty: every channel. In a channel the bot hears messages that @mention it.',
    },
    {
      name: 'teamsAppId',
      label: 'Teams app id (app catalog)',
      type: 'text',
      description:
        "Optional: the id of your bot's Teams app in your organisation's app catalog (Teams admin center → Manage apps, " +
        'published there by an admin; not the Microsoft App ID). With a group chat or a team chosen above, deploying the ' +
        'flow installs the app there through Microsoft Graph (unless it is installed already) and stopping the flow ' +
        'uninstalls what weft installed. Empty: add the bot yourself.',
    },
  ],
  outputs: [
    { name: 'channelData', type: 'object', description: 'Teams data: tenant, team and channel' },
    { name: 'channelId', type: 'string', description: "the Bot Framework channel: 'msteams'" },
    { name: 'conversation', type: 'object', description: 'id, conversationType (personal, groupChat, channel), tenantId' },
    { name: 'entities', type: 'array' },
    { name: 'from', type: 'object', description: 'the sender: id, name, aadObjectId' },
    { name: 'id', type: 'string', description: "the activity's id (a channel message's id, to reply to)" },
    { name: 'recipient', type: 'object', description: 'the bot' },
    { name: 'serviceUrl', type: 'string' },
    { name: 'text', type: 'string', description: 'the message' },
    { name: 'textFormat', type: 'string' },
    { name: 'timestamp', type: 'string' },
    { name: 'type', type: 'string', description: "'message'" },
  ],
  metadata: { author: 'weft', tags: ['teams', 'microsoft', 'bot', 'trigger', 'message', 'chat', 'channel'] },
} as const satisfies NodeDefinition;
