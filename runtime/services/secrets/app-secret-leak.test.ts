/**
 * The app nodes' secrets never leave the server (#17): team chat and Teams OAuth tokens (with
 * their refresh tokens and the app's client secret), the table database's and the notes
 * workspace's own tokens, the tool-execution service's key (mail), the crawl service's and
 * the file-parsing service's keys, an MCP server's header, the cloud drive's OAuth tokens. One loopback server plays every
 * service, and it is hostile: whatever it answers (a success, then a refusal) repeats the
 * headers it got, so a node that passes an answer on would hand the secret back. Each flow runs
 * in production both ways, each credential is tested; then the answers, run snapshots and
 * events, actors, history, logs, credential routes, everything printed and every Redis key of
 * the test are searched for every secret.
 */
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLoopbackApi, type LoopbackApi, type SeenRequest } from '../../../catalogue/testing/loopback-api.ts';
import { capturePrinted, expectNoSecretIn, runTraces } from '../../testing/leak-check.ts';
import { redisDump } from '../../testing/redis-dump.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

const SECRETS = {
  slack: 'xoxb-leak-check-slack-3f9a1c7e',
  slackRefresh: 'xoxe-leak-check-refresh-8b2d4f60',
  teams: 'eyJleak-check-graph-access-5c1e9a2b',
  teamsRefresh: 'leak-check-graph-refresh-7d3f0b4a',
  clientSecret: 'leak~check~client~secret~2e6a9c1f',
  airtable: 'patLeakCheck.0a1b2c3d4e5f6a7b8c9d',
  notion: 'ntn_leak_check_9e8d7c6b5a4f3e2d',
  toolService: 'ak_leak_check_tool_service_4c3b2a19',
  crawl: 'fc-leak-check-crawl-6b5a4f3e',
  parser: 'leak-check-parser-key-1a2b3c4d',
  mcp: 'Bearer leak-check-mcp-header-0f1e2d3c',
  drive: 'ya29.leak-check-drive-2b4d6f80',
  driveRefresh: '1//leak-check-drive-refresh-3c5e7a91',
};

let weft: TestWeft;
let redis: Redis;
let hostile: LoopbackApi;
let projectId = '';
let apiKey = '';
let printed: string[] = [];
const at = { x: 0, y: 0 };
const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });

/** an answer repeating every header it got, as data and as an error text */
const echo = (status: number) => (request: SeenRequest) => ({
  status,
  body: { ok: status < 400, success: status < 400, error: `refused ${JSON.stringify(request.headers)}`, message: JSON.stringify(request.headers), echoed: request.headers, id: 'x1' },
});

beforeAll(async () => {
  printed = capturePrinted();
  hostile = await startLoopbackApi(echo(200));
  const url = hostile.url;
  weft = await startTestWeft({
    serviceUrls: { slack: url, graph: url, msLogin: url, botFramework: url, toolService: url, airtable: url, notion: url, googleDrive: url },
    outboundAllow: [hostile.hostPort],
    toolService: { apiKey: SECRETS.toolService, authConfigs: {} },
  });
  await weft.accounts.organisations.update(weft.admin.organisation.id, { plan: 'team' }); // OAuth credentials are pro
  redis = new Redis(process.env.REDIS_URL!);
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'App secrets leak check' })).id;
  apiKey = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'leak' })).key;
  const credential = (name: string, credential_type: string, credentials: Record<string, unknown>) =>
    weft.api('POST', `/api/projects/${projectId}/credentials`, { name, credential_type, credentials });
  await credential('slack', 'slackOauth', { access_token: SECRETS.slack, refresh_token: SECRETS.slackRefresh, token_type: 'bot', client_secret: SECRETS.clientSecret });
  await credential('teams', 'teamsOauth', {
    access_token: SECRETS.teams, refresh_token: SECRETS.teamsRefresh, tenant_id: 'contoso', client_id: 'app-id', client_secret: SECRETS.clientSecret, expires_at: Date.now() + 3600_000,
  });
  await credential('table', 'tableDatabaseOauth', { apiToken: SECRETS.airtable });
  await credential('notes', 'notesWorkspaceOauth', { apiToken: SECRETS.notion });
  await credential('mail', 'mailOauth', { composioId: 'ca_mail_1' });
  await credential('crawl', 'crawlService', { apiKey: SECRETS.crawl, hostUrl: url });
  await credential('parser', 'fileParsingService', { apiKey: SECRETS.parser, hostUrl: url });
  await credential('mcp', 'mcpServer', { hostUrl: `${url}/mcp`, type: 'http', headers: JSON.stringify({ authorization: SECRETS.mcp }) });
  await credential('drive', 'googleDriveOauth', { access_token: SECRETS.drive, refresh_token: SECRETS.driveRefresh, token_type: 'Bearer', expires_at: Date.now() + 3600_000 });
  await credential('llm', 'modelProvider', { apiKey: 'sk-not-reached', baseUrl: url });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await weft?.close();
  redis?.disconnect();
  await hostile?.close();
});

/** webhook → the node → API response of its whole output */
async function deploy(type: string, values: Record<string, unknown>): Promise<string> {
  const { id } = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
    name: `${type} ${Math.random()}`,
    nodes: [
      { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: {} },
      { id: 'app_1', type, position: at, values },
      { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: [{ key: 'result', value: '{{app_1.output}}' }] } },
    ],
    edges: [edge('e1', 'webhookTrigger_1', 'app_1'), edge('e2', 'app_1', 'apiResponse_1')],
  });
  await weft.api('POST', `/api/flows/${id}/deploy`, { status: 'active' });
  return id;
}

const expectNoSecret = (where: Record<string, string>) => expectNoSecretIn(where, SECRETS);

/** the node, and the secret the hostile service must have been sent (so the check is not empty) */
const flows: Array<[string, Record<string, unknown>, string]> = [
  ['slackNode', { credentials: 'slack', channel_name: '#general', text: 'Hello' }, SECRETS.slack],
  ['teamsNode', { credentials: 'teams', conversationType: 'chat', chatId: '19:abc@thread.v2', message: 'Hi' }, SECRETS.teams],
  ['tableDatabaseNode', { credentials: 'table', action: 'getUserInfo' }, SECRETS.airtable],
  ['notesWorkspaceNode', { credentials: 'notes', action: 'getAboutMe' }, SECRETS.notion],
  ['mailNode', { credentials: 'mail', action: 'sendEmail', recipient_email: 'ada@example.com', subject: 'Hi', body: 'Hello' }, SECRETS.toolService],
  ['crawlServiceNode', { credentials: 'crawl', mode: 'syncSingleScrape', url: 'https://example.com/' }, SECRETS.crawl],
  ['crawlerNode', { credentials: 'crawl', url: 'https://example.com/', crawlMode: 'sync' }, SECRETS.crawl],
  ['scraperNode', { credentials: 'crawl', url: 'https://example.com/' }, SECRETS.crawl],
  ['extractFileNode', { credentials: 'parser', fileUrl: 'https://files.example.com/report.pdf', format: 'pdf' }, SECRETS.parser],
  ['cloudDriveReadNode', { credentials: 'drive', folderUrl: 'folder-1' }, SECRETS.drive],
  [
    'mcpNode',
    { credentials: 'mcp', promptTemplate: 'Hi', selectedTools: ['search'], generativeModelName: { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'llm' } },
    SECRETS.mcp,
  ],
];

describe('app node secrets never leave the server, even when a service repeats them', () => {
  for (const [type, values, secret] of flows) {
    it(`${type}: answered, then refused`, async () => {
      const flowId = await deploy(type, values);
      for (const status of [200, 401]) {
        hostile.respond(echo(status));
        hostile.seen.length = 0;
        const answer = await weft.request('POST', `/hook/${flowId}`, {}, { authorization: `Bearer ${apiKey}` });
        const body = await answer.text();
        expect(JSON.stringify(hostile.seen.map((r) => r.headers)), `${type} sent its secret`).toContain(secret);
        expectNoSecret({ answer: body, ...(await runTraces(weft, projectId, flowId, answer.headers.get('x-weft-run-id')!)) });
      }
    });
  }

  it('credential tests answer no secret; nothing printed and nothing in Redis holds one', async () => {
    for (const [provider, name] of [['teamsOauth', 'teams'], ['crawlService', 'crawl'], ['mcpServer', 'mcp']]) {
      for (const status of [200, 401]) {
        hostile.respond(echo(status));
        const answer = await (await weft.request('POST', `/api/testCreds/${provider}`, { payload: { projectId, name } })).text();
        expect(JSON.parse(answer)).toHaveProperty('success');
        expectNoSecret({ [`test of ${name}`]: answer });
      }
    }
    expectNoSecret({ redis: await redisDump(redis, weft.prefix), printed: printed.join('\n') || '(nothing printed)' });
  });
});
