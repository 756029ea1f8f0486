/**
 * The tool-execution service end to end, against a loopback server speaking its API: connecting
 * an account (connected_accounts create and read, the landing endpoint, the stored credential),
 * trigger subscriptions made, updated with the stored id and deleted by deploy and undeploy, and
 * a signed trigger webhook starting a production run of the flow.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Credential } from '../../../contract/credentials.ts';
import type { RunSnapshot, RunSummary } from '../../../contract/runs.ts';
import { startRecordingServer, type RecordingServer } from '../../../catalogue/app/tool-service/testing/recording-server.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { signWebhook } from './webhook-signature.ts';

const KEY = 'tool-service-key-0123456789';
const SECRET = 'whsec-test-secret-0123456789';
let service: RecordingServer;
let weft: TestWeft;
let projectId: string;
let nextTrigger = 1;

beforeAll(async () => {
  service = await startRecordingServer((r) => {
    if (r.method === 'POST' && r.path === '/api/v3/connected_accounts') return { status: 201, body: { id: 'ca_new_1', status: 'INITIATED', redirect_url: 'https://accounts.example/authorize?x=1' } };
    if (r.method === 'GET' && r.path.startsWith('/api/v3/connected_accounts?')) {
      return { body: { items: [{ id: 'ca_new_1', status: 'ACTIVE', data: { access_token: 'ya29.secret-token-0123456789', token_type: 'Bearer' } }], next_cursor: null } };
    }
    if (r.method === 'POST' && r.path.endsWith('/upsert')) return { body: { trigger_id: `ti_${nextTrigger++}` } };
    if (r.path.startsWith('/api/v3/trigger_instances/manage/')) return { body: { status: 'success' } };
    return { status: 404, body: { error: { message: 'not found' } } };
  });
  weft = await startTestWeft({
    serviceUrls: { toolService: `${service.url}/api/v3` },
    outboundAllow: [service.host],
    toolService: { apiKey: KEY, webhookSecret: SECRET, authConfigs: { mailOauth: 'ac_mail', notesWorkspaceOauth: 'ac_notes' }, publicUrl: 'https://weft.example' },
  });
  await weft.accounts.organisations.update(weft.admin.organisation.id, { plan: 'team' }); // OAuth credentials are pro
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Apps' })).id;
});
afterAll(async () => {
  await weft?.close();
  await service?.close();
});
beforeEach(() => {
  service.requests.length = 0;
});

const node = (id: string, type: string, values: Record<string, unknown>) => ({ id, type, position: { x: 0, y: 0 }, values });

async function connect(name: string): Promise<Credential> {
  const started = await weft.api<{ redirectUrl: string; connectedAccountId: string }>('POST', `/api/projects/${projectId}/tool-connections`, { credential_type: 'mailOauth', name });
  expect(started).toEqual({ redirectUrl: 'https://accounts.example/authorize?x=1', connectedAccountId: 'ca_new_1' });
  const landing = await fetch(`${weft.url}/api/tool-connections/mail/callback?userId=${encodeURIComponent(`${projectId}_${name}`)}&connectedAccountId=ca_new_1&status=success`, { headers: weft.headers, redirect: 'manual' });
  expect(landing.status).toBe(302);
  expect(landing.headers.get('location')).toBe(`/projects/${projectId}/credentials?connected=${name}`);
  return weft.api<Credential>('GET', `/api/projects/${projectId}/credentials/by-name/${name}`);
}

describe('connecting an account through the tool-execution service', () => {
  it('creates the connection, lands, reads the account and stores it as the credential', async () => {
    const credential = await connect('gmail');
    expect(service.requests.map((r) => [r.method, r.path, r.headers['x-api-key'], r.body ?? null])).toEqual([
      ['POST', '/api/v3/connected_accounts', KEY, {
        auth_config: { id: 'ac_mail' },
        connection: { user_id: `${projectId}_gmail`, callback_url: `https://weft.example/api/tool-connections/mail/callback?userId=${encodeURIComponent(`${projectId}_gmail`)}` },
      }],
      ['GET', '/api/v3/connected_accounts?connected_account_ids=ca_new_1', KEY, null],
    ]);
    expect(credential).toMatchObject({ name: 'gmail', credential_type: 'mailOauth', marketplace_id: 13, project_id: projectId, is_active: true });
    expect(credential.credentials.composioId).toBe('ca_new_1');
    expect(JSON.stringify(credential)).not.toContain('secret-token');
  });

  it("refuses a landing without userId ('Missing userId in query params'), or one not started here", async () => {
    const missing = await weft.request('GET', '/api/tool-connections/mail/callback?connectedAccountId=ca_new_1');
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe('Missing userId in query params');
    const forged = await weft.request('GET', `/api/tool-connections/mail/callback?userId=${projectId}_other&connectedAccountId=ca_forged`);
    expect(forged.status).toBe(400);
    expect(service.requests).toHaveLength(0);
    const unconfigured = await weft.request('POST', `/api/projects/${projectId}/tool-connections`, { credential_type: 'tableDatabaseOauth', name: 'base' });
    expect(unconfigured.status).toBe(503);
  });
});

describe('trigger subscriptions and the trigger webhook', () => {
  it('subscribes on deploy, reuses the stored trigger id on redeploy, deletes on undeploy; a signed event runs the flow', async () => {
    await connect('inbox');
    service.requests.length = 0;
    const flow = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
      name: 'New mail',
      nodes: [node('trigger_1', 'mailTriggerNode', { credentials: 'inbox' })],
      edges: [],
    });
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    const calls = service.requests.map((r) => [r.method, r.path, r.body ?? null]);
    const triggerId = calls[0][1] === '/api/v3/trigger_instances/GMAIL_NEW_GMAIL_MESSAGE/upsert' ? `ti_${nextTrigger - 1}` : '';
    expect(calls).toEqual([
      ['POST', '/api/v3/trigger_instances/GMAIL_NEW_GMAIL_MESSAGE/upsert', { connected_account_id: 'ca_new_1', trigger_config: { interval: 1, labelIds: 'INBOX', userId: 'me' } }],
      ['PATCH', `/api/v3/trigger_instances/manage/${triggerId}`, { status: 'enable' }],
    ]);
    expect(service.requests.every((r) => r.headers['x-api-key'] === KEY)).toBe(true);

    const event = JSON.stringify({ type: 'composio.trigger.message', metadata: { trigger_id: triggerId, trigger_slug: 'GMAIL_NEW_GMAIL_MESSAGE' }, data: { message_text: 'Hello', sender: 'ada@example.com', subject: 'Hi', message_id: 'm1', thread_id: 't1', to: 'me@example.com', message_timestamp: '2026-11-25T04:00:00Z' } });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = (id: string, signature = signWebhook(SECRET, id, timestamp, event)) => ({ 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature });
    const bad = await weft.anonymous.request('POST', '/hooks/tool-service', event, headers('msg_1', 'v1,AAAA'));
    expect(bad.status).toBe(401);
    const old = await weft.anonymous.request('POST', '/hooks/tool-service', event, { ...headers('msg_0'), 'webhook-timestamp': '1000', 'webhook-signature': signWebhook(SECRET, 'msg_0', '1000', event) });
    expect(old.status).toBe(401);
    const good = await weft.anonymous.request('POST', '/hooks/tool-service', event, headers('msg_2'));
    expect(good.status).toBe(202);
    const again = await weft.anonymous.request('POST', '/hooks/tool-service', event, headers('msg_2'));
    expect(await again.json()).toEqual({ status: 'duplicate' });

    let runs: RunSummary[] = [];
    for (let i = 0; i < 100 && !runs.some((r) => r.status === 'completed'); i++) {
      await new Promise((ok) => setTimeout(ok, 50));
      runs = await weft.api<RunSummary[]>('GET', `/api/flows/${flow.id}/runs`);
    }
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'completed', mode: 'production', deployedVersion: 2 });
    const run = await weft.api<RunSnapshot>('GET', `/api/runs/${runs[0].runId}`);
    expect(run.nodes.trigger_1.output).toMatchObject({ message_text: 'Hello', sender: 'ada@example.com', subject: 'Hi' });

    service.requests.length = 0;
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'inactive' });
    expect(service.requests.map((r) => [r.method, r.path])).toEqual([['DELETE', `/api/v3/trigger_instances/manage/${triggerId}`]]);
    const afterStop = await weft.anonymous.request('POST', '/hooks/tool-service', event, headers('msg_3'));
    expect(await afterStop.json()).toMatchObject({ status: 'ignored' });
  });

  it('subscribes a notes workspace trigger with its id field, runs the flow on its signed event, and refuses to deploy one whose credential is not connected', async () => {
    await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'notion', credential_type: 'notesWorkspaceOauth', marketplace_id: 16, credentials: { composioId: 'ca_notes_9' } });
    await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'loose', credential_type: 'notesWorkspaceOauth', marketplace_id: 16, credentials: { apiToken: 'ntn_0123456789abcdef' } });
    const make = async (credentials: string) =>
      weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
        name: `Notes ${credentials}`,
        nodes: [node('trigger_1', 'notesWorkspaceTriggerNode', { credentials, event: 'newPageInDatabase', database_id: 'db_42' })],
        edges: [],
      });
    const notes = await make('notion');
    await weft.api('POST', `/api/flows/${notes.id}/deploy`, { status: 'active' });
    expect(service.requests.map((r) => [r.path, r.body])).toEqual([
      ['/api/v3/trigger_instances/NOTION_PAGE_ADDED_TRIGGER/upsert', { connected_account_id: 'ca_notes_9', trigger_config: { interval: 1, database_id: 'db_42' } }],
    ]);
    // the workspace event fires the flow: the trigger outputs its page
    const triggerId = `ti_${nextTrigger - 1}`;
    const page = { id: 'pg_7', parent: { database_id: 'db_42' }, properties: { Name: { title: [{ plain_text: 'Roadmap' }] } } };
    const event = JSON.stringify({ type: 'composio.trigger.message', metadata: { trigger_id: triggerId, trigger_slug: 'NOTION_PAGE_ADDED_TRIGGER' }, data: { page } });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const forged = await weft.anonymous.request('POST', '/hooks/tool-service', event, { 'webhook-id': 'msg_n0', 'webhook-timestamp': timestamp, 'webhook-signature': signWebhook('another-secret', 'msg_n0', timestamp, event) });
    expect(forged.status).toBe(401);
    const fired = await weft.anonymous.request('POST', '/hooks/tool-service', event, { 'webhook-id': 'msg_n1', 'webhook-timestamp': timestamp, 'webhook-signature': signWebhook(SECRET, 'msg_n1', timestamp, event) });
    expect(fired.status).toBe(202);
    let runs: RunSummary[] = [];
    for (let i = 0; i < 100 && !runs.some((r) => r.status === 'completed'); i++) {
      await new Promise((ok) => setTimeout(ok, 50));
      runs = await weft.api<RunSummary[]>('GET', `/api/flows/${notes.id}/runs`);
    }
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'completed', mode: 'production' });
    const run = await weft.api<RunSnapshot>('GET', `/api/runs/${runs[0].runId}`);
    expect(run.nodes.trigger_1.output).toEqual({ event_type: 'newPageInDatabase', page });
    const refused = await weft.request('POST', `/api/flows/${(await make('loose')).id}/deploy`, { status: 'active' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('is not connected through the tool-execution service');
  });
});
