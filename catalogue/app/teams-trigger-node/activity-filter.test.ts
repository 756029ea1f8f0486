import { describe, expect, it } from 'vitest';
import { activityMatches } from './activity-filter.ts';

const personal = { type: 'message', conversation: { conversationType: 'personal', id: 'a:1' } };
const group = { type: 'message', conversation: { conversationType: 'groupChat', id: '19:g@thread.v2' } };
const channel = {
  type: 'message',
  conversation: { conversationType: 'channel', id: '19:c@thread.tacv2;messageid=1732' },
  channelData: { team: { id: '19:general@thread.tacv2', aadGroupId: 'team-guid' }, channel: { id: '19:c@thread.tacv2' } },
};

describe('which Teams activities start the trigger', () => {
  it('takes messages of the chosen conversation type only (botChat is Teams’ personal chat)', () => {
    expect(activityMatches({}, personal)).toBe(true);
    expect(activityMatches({ conversationType: 'botChat' }, group)).toBe(false);
    expect(activityMatches({ conversationType: 'groupChat' }, group)).toBe(true);
    expect(activityMatches({ conversationType: 'channel' }, channel)).toBe(true);
    expect(activityMatches({ conversationType: 'botChat' }, { ...personal, type: 'conversationUpdate' })).toBe(false);
    expect(activityMatches({ conversationType: 'meeting' }, personal)).toBe(false);
  });

  it('narrows to the chosen chat, team (Graph or Bot Framework id) and channel', () => {
    expect(activityMatches({ conversationType: 'groupChat', chatId: '19:g@thread.v2' }, group)).toBe(true);
    expect(activityMatches({ conversationType: 'groupChat', chatId: '19:other@thread.v2' }, group)).toBe(false);
    expect(activityMatches({ conversationType: 'channel', teamId: 'team-guid', channelId: '19:c@thread.tacv2' }, channel)).toBe(true);
    expect(activityMatches({ conversationType: 'channel', teamId: '19:general@thread.tacv2' }, channel)).toBe(true);
    expect(activityMatches({ conversationType: 'channel', teamId: 'another-team' }, channel)).toBe(false);
    expect(activityMatches({ conversationType: 'channel', channelId: '19:other@thread.tacv2' }, channel)).toBe(false);
  });
});
