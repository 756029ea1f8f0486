/**
 * @module catalogue/app/teams-node/run — the team messaging node (spec 002 §3, §5, §7, §8):
 * - chat, sendMessage: `POST {graph}/chats/{chatId}/messages` as the connected user;
 * - channel, replyToMessage: `POST {graph}/teams/{teamId}/channels/{channelId}/messages/{messageId}/replies`;
 *   channel, sendMessage: 'Channel message is not supported yet' (the spec's product refuses it);
 * - bot, sendMessage: `POST {botFramework}/{tenant}/v3/conversations/{conversationId}/activities`
 *   with `{type: 'message', text, textFormat: 'markdown'}` and the app's Bot Framework token.
 * With includePoweredBy the line 'Powered by weft' is appended. A chat message with `notify` is
 * followed by `POST {graph}/chats/{chatId}/sendActivityNotification` (activity-notification.ts).
 */
import { defineNode } from '../../define-node.ts';
import { isNodeError, NodeError, kindOfStatus, userError } from '../../errors.ts';
import type { NodeContext } from '../../types.ts';
import { botToken } from './bot-token.ts';
import { definition } from './definition.ts';
import { testTeamsOauth } from './credential-test.ts';
import { teamsGetChannels, teamsGetChats, teamsGetTeams } from './loaders.ts';
import { notifyChat } from './activity-notification.ts';
import { graphCall, withoutAnnotations } from './graph.ts';
import { graphTokenOf, teamsCredentialOf, type TeamsCredential } from './teams-credential.ts';

export const POWERED_BY = 'Powered by weft';
export const BOT_ERROR = 'Bot API error';
export const MISSING_PARAMETERS = 'Missing required parameters';

const text = (value: string | undefined) => (value ?? '').trim();

export default defineNode(definition, async (values, ctx) => {
  const credential = teamsCredentialOf(await ctx.credentials.get(values.credentials));
  const poweredBy = values.includePoweredBy;
  switch (values.conversationType) {
    case 'chat': {
      const chatId = text(values.chatId);
      if (!chatId) throw userError('Conversation/Thread ID is required');
      if (values.chatOperation !== 'sendMessage') throw userError('Invalid or not supported chat operation');
      const graph = graphOf(ctx, credential);
      const sent = await graphCall(graph, 'POST', `/chats/${encodeURIComponent(chatId)}/messages`, htmlBody(values.message, poweredBy));
      if (values.notify) await notifyChat(graph, chatId, values.message, sent);
      return { output: withoutAnnotations(sent) };
    }
    case 'channel': {
      if (values.channelOperation === 'sendMessage') throw userError('Channel message is not supported yet');
      if (values.channelOperation !== 'replyToMessage') throw userError('Invalid or not supported chat operation');
      const channelId = text(values.channelId);
      const messageId = text(values.messageId);
      if (!channelId || !messageId || !values.message.trim()) throw userError('Channel ID, Message ID and message are required');
      const teamId = text(values.teamId);
      // spec 002 §8's text for it (Graph addresses a channel within its team)
      if (!teamId) throw userError(MISSING_PARAMETERS);
      const path = `/teams/${encodeURIComponent(teamId)}/channels/${encodeURIComponent(channelId)}/messages/${encodeURIComponent(messageId)}/replies`;
      const sent = await graphCall(graphOf(ctx, credential), 'POST', path, htmlBody(values.message, poweredBy));
      return { output: withoutAnnotations(sent) };
    }
    case 'bot': {
      const conversationId = text(values.conversationId);
      if (!conversationId) throw userError('Conversation/Thread ID is required');
      if (values.botOperation !== 'sendMessage') throw userError('Invalid or not supported chat operation');
      const message = poweredBy ? `${values.message}\n\n_${POWERED_BY}_` : values.message;
      return { output: await sendBotMessage(ctx, credential, conversationId, message) };
    }
    default:
      throw userError('Invalid conversation type');
  }
}, { credentialTests: { teamsOauth: testTeamsOauth }, loaders: { teamsGetChats, teamsGetTeams, teamsGetChannels } });

function graphOf(ctx: NodeContext, credential: TeamsCredential) {
  return { http: ctx.http, base: ctx.serviceUrl('graph'), token: graphTokenOf(credential), signal: ctx.signal };
}

/** Teams messages are HTML: the message is sent as written, the powered-by line as its own paragraph */
function htmlBody(message: string, poweredBy: boolean) {
  return { body: { contentType: 'html', content: poweredBy ? `${message}<p><em>${POWERED_BY}</em></p>` : message } };
}

async function sendBotMessage(ctx: NodeContext, credential: TeamsCredential, conversationId: string, message: string) {
  const token = await botToken(credential, { http: ctx.http, msLogin: ctx.serviceUrl('msLogin') });
  const url = `${ctx.serviceUrl('botFramework')}/${encodeURIComponent(credential.tenantId)}/v3/conversations/${encodeURIComponent(conversationId)}/activities`;
  const response = await ctx.http
    .request({
      url,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'message', text: message, textFormat: 'markdown' }),
    })
    .catch((error: unknown) => {
      throw isNodeError(error) ? new NodeError(`${BOT_ERROR}: ${error.message}`, error.kind, { cause: error }) : error;
    });
  const answer = response.text();
  if (!response.ok) throw new NodeError(`${BOT_ERROR}: ${response.status} ${answer.slice(0, 1000)}`.trim(), kindOfStatus(response.status));
  let id: unknown;
  try {
    id = (JSON.parse(answer) as { id?: unknown }).id;
  } catch {
    id = undefined;
  }
  // the connector answers the new activity's id (ResourceResponse); the rest is what was sent
  return { id: typeof id === 'string' ? id : null, chatId: conversationId, messageType: 'message', body: { contentType: 'markdown', content: message } };
}
