import { describe, expect, it } from 'vitest';
import { runNode, testContext } from '../../testing/node-harness.ts';
import mailTrigger from '../mail-trigger-node/run.ts';
import notesTrigger from '../notes-workspace-trigger-node/run.ts';
import { triggerSetupOf } from './trigger-table.ts';

describe('app trigger subscriptions', () => {
  it('give trigger_config interval 1; mail adds labelIds INBOX and userId me; notes the id each event watches', () => {
    expect(triggerSetupOf('mailTriggerNode', {})).toEqual({ slug: 'GMAIL_NEW_GMAIL_MESSAGE', config: { interval: 1, labelIds: 'INBOX', userId: 'me' } });
    const notes = (event: string) => triggerSetupOf('notesWorkspaceTriggerNode', { event, database_id: 'db1', page_id: 'pg1' });
    expect(notes('allPageEvents')).toEqual({ slug: 'NOTION_ALL_PAGE_EVENTS_TRIGGER', config: { interval: 1, database_id: 'db1' } });
    expect(notes('newComment')).toEqual({ slug: 'NOTION_COMMENTS_ADDED_TRIGGER', config: { interval: 1, block_id: 'pg1' } });
    expect(notes('newPageInDatabase')).toEqual({ slug: 'NOTION_PAGE_ADDED_TRIGGER', config: { interval: 1, database_id: 'db1' } });
    expect(notes('pageAddedToPage')).toEqual({ slug: 'NOTION_PAGE_ADDED_TO_PAGE_TRIGGER', config: { interval: 1, parent_page_id: 'pg1' } });
    expect(notes('pageUpdated')).toEqual({ slug: 'NOTION_PAGE_UPDATED_TRIGGER', config: { interval: 1, page_id: 'pg1' } });
    expect(triggerSetupOf('webhookTriggerNode', {})).toBeUndefined();
  });

  it('pass the event on as the trigger output', async () => {
    const mail = await runNode(mailTrigger, { credentials: 'gmail' }, testContext({ input: { message_text: 'Hi', sender: 'a@b.c', attachment_list: [] } }));
    expect(mail.output).toEqual({ message_text: 'Hi', sender: 'a@b.c', attachment_list: [] });
    const notes = await runNode(notesTrigger, { credentials: 'n', event: 'newComment', page_id: 'p' }, testContext({ input: { comment: { id: 'c1' }, other: 1 } }));
    expect(notes.output).toEqual({ comment: { id: 'c1' }, event_type: 'newComment' });
  });
});
