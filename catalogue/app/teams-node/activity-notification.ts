/**
 * @module catalogue/app/teams-node/activity-notification — a Teams activity-feed notification
 * to every member of a chat after a message was sent there (spec 002 §7 "Team messaging via
 * graph API"): `POST {graph}/chats/{chatId}/sendActivityNotification` with the documented
 * `systemDefault` activity type, whose text is the `systemDefaultText` template parameter
 * (at most 150 characters), for `chatMembersNotificationRecipient`. The topic is the sent
 * message (source `text`, linking to its webUrl); a message Graph answered without a webUrl
 * points at the chat itself (source `entityUrl`).
 */
import { NodeError } from '../../errors.ts';
import { graphCall, type GraphAccess } from './graph.ts';

/** Graph's limit for systemDefaultText */
export const NOTIFICATION_TEXT_MAX = 150;

/** The message as plain text: tags out, the common entities decoded, spaces folded, at most 150 characters. */
export function notificationText(message: string): string {
  const plain = message
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return [...plain].slice(0, NOTIFICATION_TEXT_MAX).join('');
}

export function activityNotification(base: string, chatId: string, message: string, sent: Record<string, unknown>) {
  const text = notificationText(message);
  const webUrl = typeof sent.webUrl === 'string' && sent.webUrl ? sent.webUrl : '';
  return {
    topic: webUrl ? { source: 'text', value: 'New message', webUrl } : { source: 'entityUrl', value: `${base}/chats/${encodeURIComponent(chatId)}` },
    activityType: 'systemDefault',
    previewText: { content: text },
    recipient: { '@odata.type': 'microsoft.graph.chatMembersNotificationRecipient', chatId },
    templateParameters: [{ name: 'systemDefaultText', value: text }],
  };
}

/** Notify the chat; the message is already sent, so a refusal says so. */
export async function notifyChat(graph: GraphAccess, chatId: string, message: string, sent: Record<string, unknown>): Promise<void> {
  const body = activityNotification(graph.base, chatId, message, sent);
  await graphCall(graph, 'POST', `/chats/${encodeURIComponent(chatId)}/sendActivityNotification`, body).catch((error: unknown) => {
    if (!(error instanceof NodeError)) throw error;
    throw new NodeError(`The message was sent, but the chat was not notified: ${error.message}`, error.kind, { cause: error });
  });
}
