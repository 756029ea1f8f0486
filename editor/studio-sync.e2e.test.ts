/**
 * Browser test: a data-source flow's sync job in the Deploy tab. Deploying the flow (with the
 * test list source) shows its job: a progress bar while the first sync runs, then the last
 * sync's records read and written, the schedule and the next sync; Pause stops the schedule,
 * Resume brings it back, Run now starts a sync.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSourceNode, listSourceReader } from '../runtime/integrations/sync/testing/list-source.ts';
import { listSourceFlow } from '../runtime/integrations/sync/testing/sync-test-helpers.ts';
import type { SyncJobState } from '../contract/sync.ts';
import { openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;
let flowId = '';

beforeAll(async () => {
  studio = await openStudio('sync', { extraNodes: [listSourceNode], extraSourceReaders: [listSourceReader] });
  const projectId = (await studio.project('Syncs')).id;
  flowId = await studio.openFlow(projectId, { name: 'Synced list', ...listSourceFlow({ records: 6, batchSize: 1, delayMs: 400 }) });
}, 120_000);
afterAll(async () => studio?.close());

describe('the sync job in the studio', () => {
  it('shows the first sync’s progress, then its counts, the schedule and the next sync', async () => {
    const { page, shot } = studio;
    await page.getByTestId('tab-deploy').click();
    await page.getByTestId('deploy-button').click();
    await expect.poll(() => page.getByTestId('deploy-state').textContent()).toBe('deployed');
    await page.getByTestId('sync-progress').waitFor();
    expect(await page.getByTestId('sync-state').textContent()).toBe('syncing');
    await shot('first-sync-running');
    await expect.poll(() => page.getByTestId('sync-last-run').getAttribute('data-status'), { timeout: 15_000 }).toBe('succeeded');
    expect(await page.getByTestId('sync-records').textContent()).toBe('6 read, 6 written');
    expect(await page.getByTestId('sync-schedule').textContent()).toBe('0 0 00 ? * 1 * UTC');
    expect(await page.getByTestId('sync-next-run').textContent()).not.toContain('none');
    expect(await page.getByTestId('sync-progress').count()).toBe(0);
    await shot('first-sync-done');
  });

  it('pauses, resumes and runs a sync now', async () => {
    const { page, shot, weft } = studio;
    await page.getByTestId('sync-pause').click();
    await expect.poll(() => page.getByTestId('sync-state').textContent()).toBe('paused');
    expect(await page.getByTestId('sync-next-run').textContent()).toBe('none (paused)');
    expect((await weft.api<SyncJobState>('GET', `/api/flows/${flowId}/sync`)).config.status).toBe('inactive');
    await shot('paused');
    await page.getByTestId('sync-resume').click();
    await expect.poll(() => page.getByTestId('sync-state').textContent()).toBe('scheduled');
    const before = (await weft.api<SyncJobState>('GET', `/api/flows/${flowId}/sync`)).lastRun!.id;
    await page.getByTestId('sync-run').click();
    await expect.poll(async () => (await weft.api<SyncJobState>('GET', `/api/flows/${flowId}/sync`)).lastRun?.id, { timeout: 15_000 }).not.toBe(before);
    // incremental: nothing new since the first sync (the panel refreshes every 2 s while idle)
    await expect.poll(() => page.getByTestId('sync-records').textContent(), { timeout: 5_000 }).toBe('0 read, 0 written');
    await shot('ran-now');
    expect(studio.errors).toEqual([]);
  });
});
