/**
 * @module catalogue/app/tool-service/trigger-table — the app triggers that run through the
 * tool-execution service's trigger subscriptions (spec 002 §4, §7 "Trigger setup"): for each
 * trigger node, the service's trigger slug and its `trigger_config` (interval 1; mail adds
 * labelIds INBOX and userId me; the notes workspace block_id, database_id, parent_page_id or
 * page_id). The runtime subscribes when a flow with such a trigger is deployed
 * (runtime/integrations/tool-service/trigger-subscriptions.ts). Browser-safe: data and pure functions.
 */
import type { OutputField } from '../../types.ts';

export interface TriggerSetup {
  slug: string;
  config: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The service's trigger of a notes workspace event, and the id it watches. */
const notesTriggers: Record<string, (values: Record<string, unknown>) => TriggerSetup> = {
  allPageEvents: (v) => ({ slug: 'NOTION_ALL_PAGE_EVENTS_TRIGGER', config: { database_id: text(v.database_id) } }),
  newComment: (v) => ({ slug: 'NOTION_COMMENTS_ADDED_TRIGGER', config: { block_id: text(v.page_id) } }),
  newPageInDatabase: (v) => ({ slug: 'NOTION_PAGE_ADDED_TRIGGER', config: { database_id: text(v.database_id) } }),
  pageAddedToPage: (v) => ({ slug: 'NOTION_PAGE_ADDED_TO_PAGE_TRIGGER', config: { parent_page_id: text(v.page_id) } }),
  pageUpdated: (v) => ({ slug: 'NOTION_PAGE_UPDATED_TRIGGER', config: { page_id: text(v.page_id) } }),
};

/** trigger node type → its subscription, from the node's values; undefined: not such a trigger */
export function triggerSetupOf(nodeType: string, values: Record<string, unknown>): TriggerSetup | undefined {
  if (nodeType === 'mailTriggerNode') return { slug: 'GMAIL_NEW_GMAIL_MESSAGE', config: { interval: 1, labelIds: 'INBOX', userId: 'me' } };
  if (nodeType === 'notesWorkspaceTriggerNode') {
    const setup = notesTriggers[text(values.event) || 'pageUpdated'];
    return setup && { slug: setup(values).slug, config: { interval: 1, ...setup(values).config } };
  }
  return undefined;
}

/** the trigger node types subscribed through the service */
export const TOOL_SERVICE_TRIGGERS = ['mailTriggerNode', 'notesWorkspaceTriggerNode'] as const;

/** The declared outputs read from the event's payload (missing ones left out). */
export function pickOutputs(outputs: readonly OutputField[], input: unknown): Record<string, unknown> {
  const payload = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  return Object.fromEntries(outputs.filter((o) => payload[o.name] !== undefined).map((o) => [o.name, payload[o.name]]));
}
