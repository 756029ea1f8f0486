/**
 * Browser test: a field with `loadOptionsMethod` is a dropdown its loader fills for the form's
 * current values — the Teams node's Team lists the connected user's teams (a loopback server
 * speaking Microsoft Graph), and once a team is chosen, Channel lists that team's channels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackApi, type LoopbackApi } from '../catalogue/testing/loopback-api.ts';
import { pick } from './testing/canvas-actions.ts';
import { openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;
let graph: LoopbackApi;
let flowId = '';

beforeAll(async () => {
  graph = await startLoopbackApi((request) =>
    request.url === '/me/joinedTeams'
      ? { body: { value: [{ id: 'team-1', displayName: 'Engineering' }, { id: 'team-2', displayName: 'Sales' }] } }
      : request.url === '/teams/team-2/channels'
        ? { body: { value: [{ id: '19:deals@thread.tacv2', displayName: 'Deals' }] } }
        : { body: { value: [] } },
  );
  studio = await openStudio('loaded-options', { outboundAllow: [graph.hostPort], serviceUrls: { graph: graph.url } });
  await studio.weft.accounts.organisations.update(studio.weft.admin.organisation.id, { plan: 'team' });
  const projectId = (await studio.project('Teams in the studio')).id;
  await studio.weft.api('POST', `/api/projects/${projectId}/credentials`, {
    name: 'teams',
    credential_type: 'teamsOauth',
    credentials: { tenant_id: 'tenant-1', access_token: 'graph-token-for-the-studio-test-000000' },
  });
  const flow = await studio.weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
    name: 'Reply in Teams',
    nodes: [
      { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} },
      { id: 'teams_1', type: 'teamsNode', position: { x: 320, y: 0 }, values: { credentials: 'teams', conversationType: 'channel', messageId: '1' } },
    ],
    edges: [{ id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'teams_1', targetHandle: 'in' }],
  });
  flowId = flow.id;
}, 120_000);
afterAll(async () => {
  await studio?.close();
  await graph?.close();
});

describe('dropdowns loaded from the server', () => {
  it("lists the user's teams, then the chosen team's channels", async () => {
    const { page, weft, shot } = studio;
    await page.goto(`${weft.url}/flows/${flowId}`);
    await page.locator('[data-testid="canvas"][data-ready="true"]').waitFor();
    await pick(page, 'teams_1');
    const team = page.getByTestId('loaded-options-teamId').locator('select');
    await expect.poll(() => team.locator('option').allTextContents()).toEqual(['— choose —', 'Engineering', 'Sales']);
    await team.selectOption('team-2');
    const channel = page.getByTestId('loaded-options-channelId').locator('select');
    await expect.poll(() => channel.locator('option').allTextContents()).toEqual(['— choose —', 'Deals']);
    await channel.selectOption('19:deals@thread.tacv2');
    await shot('teams-channel');
    const asked = graph.seen.filter((r) => r.url === '/teams/team-2/channels');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0].headers.authorization).toBe('Bearer graph-token-for-the-studio-test-000000');
    expect(studio.errors).toEqual([]);
  });
});
