/**
 * @module catalogue/data-source/sync-descriptions.test — what a data-source trigger tells the
 * builder of its sync job matches what weft does (runtime/integrations/sync/sync-jobs.ts): stopping the
 * flow deletes the job (spec 001 §4 "delete"); only the Deploy tab's Pause pauses it.
 */
import { describe, expect, it } from 'vitest';
import { definitions } from '../nodes.ts';

const syncTriggers = definitions.filter((d) => d.isDataSource && d.isTrigger && /stopping the flow/.test(d.description));

describe('data-source trigger descriptions', () => {
  it('that speak of stopping include OneDrive and SharePoint', () => {
    expect(syncTriggers.map((d) => d.name)).toEqual(expect.arrayContaining(['onedriveTriggerNode', 'sharepointTriggerNode', 'googleDriveTriggerNode', 's3TriggerNode']));
  });

  it.each(syncTriggers.map((d) => [d.name, d.description]))('%s says stopping the flow deletes its job', (_name, description) => {
    expect(description).toContain('stopping the flow deletes it (Pause in the Deploy tab only pauses it).');
    expect(description).not.toMatch(/stopping the flow pauses/);
  });
});
