/**
 * @module catalogue/app/teams-trigger-node/activity-filter — whether a Bot Framework activity is
 * one the trigger's fields ask for: a message (other activities — a member added, a reaction —
 * start nothing) in a conversation of the chosen type (botChat: Teams' `personal`), and in the
 * chosen chat, team and channel when those are set. A team is matched by its Graph id
 * (channelData.team.aadGroupId, what the Team dropdown lists) or its Bot Framework id.
 */
type Activity = Record<string, unknown>;

const conversationTypes: Record<string, string> = { botChat: 'personal', groupChat: 'groupChat', channel: 'channel' };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const objectOf = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

export interface TeamsTriggerValues {
  conversationType?: unknown;
  chatId?: unknown;
  teamId?: unknown;
  channelId?: unknown;
}

export function activityMatches(values: TeamsTriggerValues, activity: Activity): boolean {
  if (activity.type !== 'message') return false;
  const conversation = objectOf(activity.conversation);
  const wanted = conversationTypes[text(values.conversationType) || 'botChat'];
  if (!wanted || text(conversation.conversationType) !== wanted) return false;
  const channelData = objectOf(activity.channelData);
  if (wanted === 'groupChat') {
    const chatId = text(values.chatId);
    return !chatId || text(conversation.id) === chatId;
  }
  if (wanted === 'channel') {
    const team = objectOf(channelData.team);
    const teamId = text(values.teamId);
    if (teamId && teamId !== text(team.aadGroupId) && teamId !== text(team.id)) return false;
    const channelId = text(values.channelId);
    // a channel message's conversation id is `<channel id>;messageid=<thread>`
    return !channelId || text(objectOf(channelData.channel).id) === channelId || text(conversation.id).split(';')[0] === channelId;
  }
  return true;
}
