/**
 * @module catalogue/app/teams-node/loaders — the Teams node's and trigger's dropdowns (spec 002
 * §2 /api/teams/get-chats, get-teams, get-channels; §7): the connected user's chats
 * (`GET /me/chats?$expand=members`), joined teams (`GET /me/joinedTeams`) and a team's channels
 * (`GET /teams/{id}/channels`). `input.credentials` names the teamsOauth credential; the channels
 * need `input.teamId`. Anything missing or refused: an empty list (the spec's rule).
 */
import type { FieldOption } from '../../types.ts';
import type { OptionLoader, OptionLoaderContext } from '../../option-loaders.ts';
import { graphList } from './graph.ts';
import { graphTokenOf, teamsCredentialOf } from './teams-credential.ts';

type Item = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

async function listed(input: Record<string, unknown>, ctx: OptionLoaderContext, path: string, option: (item: Item) => FieldOption | null) {
  try {
    const name = text(input.credentials);
    if (!name) return [];
    const token = graphTokenOf(teamsCredentialOf(await ctx.credentials.get(name)));
    const items = await graphList({ http: ctx.http, base: ctx.serviceUrl('graph'), token }, path);
    return items.map(option).filter((o): o is FieldOption => o !== null);
  } catch {
    return [];
  }
}

/** a chat's label: its topic, else its members' names, else its kind */
function chatLabel(chat: Item): string {
  const members = Array.isArray(chat.members) ? chat.members.map((m: Item) => text(m?.displayName)).filter(Boolean) : [];
  return text(chat.topic) || members.join(', ') || `${text(chat.chatType) || 'chat'} ${text(chat.id)}`;
}

const byId = (label: (item: Item) => string) => (item: Item) => (text(item.id) ? { label: label(item) || text(item.id), value: text(item.id) } : null);

export const teamsGetChats: OptionLoader = (input, ctx) => listed(input, ctx, '/me/chats?$expand=members', byId(chatLabel));

export const teamsGetTeams: OptionLoader = (input, ctx) => listed(input, ctx, '/me/joinedTeams', byId((team) => text(team.displayName)));

export const teamsGetChannels: OptionLoader = async (input, ctx) => {
  const teamId = text(input.teamId);
  if (!teamId) return [];
  return listed(input, ctx, `/teams/${encodeURIComponent(teamId)}/channels`, byId((channel) => text(channel.displayName)));
};
