/**
 * POST /api/testCreds/{provider} through the whole server, against real peers on loopback: a
 * real SMTP server (smtp-server), a server speaking the messaging provider's REST API, a real
 * MCP server (the SDK's), and servers speaking the web search and crawl services' documented
 * key checks. Good and bad credentials, saved ones by name with their masked secrets, the
 * project check, and no secret in any answer.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwilioLoopback, type TwilioLoopback } from '../../../catalogue/testing/twilio-loopback.ts';
import { startMcpTestServer, type McpTestServer } from '../../services/mcp-client/testing/mcp-test-server.ts';
import { startSmtpTestServer, type SmtpTestServer } from '../../services/smtp/testing/smtp-test-server.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

const SEARCH_KEY = 'tvly-search-key-9d8c7b6a5f4e';
const CRAWL_KEY = 'fc-crawl-key-1a2b3c4d5e6f';

let weft: TestWeft;
let smtp: SmtpTestServer;
let twilio: TwilioLoopback;
let mcp: McpTestServer;
let keyServer: Server;
let keyHost = '';
const keyRequests: Array<{ path: string; authorization: string }> = [];
let projectId = '';

/** GET /usage (web search) and GET /v1/team/credit-usage (crawl service), each with its Bearer key */
async function startKeyServer(): Promise<void> {
  keyServer = createServer((req, res) => {
    keyRequests.push({ path: req.url ?? '', authorization: req.headers.authorization ?? '' });
    res.setHeader('content-type', 'application/json');
    if (req.url === '/usage') {
      if (req.headers.authorization === `Bearer ${SEARCH_KEY}`) return res.end(JSON.stringify({ key: { usage: 3, limit: 1000 } }));
      res.statusCode = 401;
      // the worst case: a service that repeats the key it refuses
      return res.end(JSON.stringify({ detail: { error: `Unauthorized: invalid API key ${(req.headers.authorization ?? '').slice(7)}` } }));
    }
    if (req.url === '/v1/team/credit-usage') {
      if (req.headers.authorization === `Bearer ${CRAWL_KEY}`) return res.end(JSON.stringify({ success: true, data: { remaining_credits: 480 } }));
      res.statusCode = 401;
      return res.end(JSON.stringify({ success: false, error: 'Unauthorized: Invalid token' }));
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
  keyHost = `127.0.0.1:${(keyServer.address() as AddressInfo).port}`;
}

const test = (provider: string, payload: Record<string, unknown>) => weft.request('POST', `/api/testCreds/${provider}`, { payload: { projectId, ...payload } });
async function answer(provider: string, payload: Record<string, unknown>) {
  const response = await test(provider, payload);
  expect(response.status).toBe(200);
  return (await response.json()) as { success: boolean; message: string };
}

const smtpFields = (password = 'smtp-password-7f3a9c') => ({
  senderEmail: 'bot@weft.test', senderName: 'Weft Bot', host: '127.0.0.1', port: String(smtp.port), username: 'mailer', password,
});

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  twilio = await startTwilioLoopback();
  mcp = await startMcpTestServer();
  await startKeyServer();
  weft = await startTestWeft({
    smtpCa: smtp.ca,
    serviceUrls: { twilio: twilio.baseUrl, webSearch: `http://${keyHost}`, crawlService: `http://${keyHost}` },
    outboundAllow: [smtp.host, twilio.host, mcp.host, keyHost],
  });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Credential tests' })).id;
});
afterAll(async () => {
  await weft?.close();
  await smtp?.close();
  await twilio?.close();
  await mcp?.close();
  await new Promise((resolve) => keyServer?.close(resolve));
});

describe('POST /api/testCreds/{provider}', () => {
  it('SMTP: logs in with a good account; answers the server’s refusal for a bad password, without the password', async () => {
    expect(await answer('smtp', { credentials: smtpFields() })).toEqual({ success: true, message: `The credential works: Connected with STARTTLS to 127.0.0.1:${smtp.port}, logged in as mailer` });
    expect(smtp.logins.at(-1)).toEqual({ user: 'mailer', password: 'smtp-password-7f3a9c', secure: true });
    const bad = await answer('smtp', { credentials: smtpFields('not-the-password-42') });
    expect(bad.success).toBe(false);
    expect(bad.message).toMatch(/^SMTP error: Invalid login: 535 5\.7\.8 Authentication credentials invalid/);
    expect(bad.message).not.toContain('not-the-password-42');
  });

  it('SMTP: names the missing fields like a save does', async () => {
    const response = await test('smtp', { credentials: { host: '127.0.0.1' } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Invalid SMTP credentials: Sender email is required; Sender name is required; Port is required',
    );
  });

  it('the messaging provider: GETs the account with Basic auth; a wrong token answers the provider’s words', async () => {
    twilio.requests.length = 0;
    expect(await answer('messagingProvider', { credentials: { accountSid: twilio.accountSid, authToken: twilio.authToken } })).toEqual({
      success: true,
      message: 'The credential works: Account “Weft test account”',
    });
    expect(twilio.requests[0]).toMatchObject({
      method: 'GET',
      path: `/2010-04-01/Accounts/${twilio.accountSid}.json`,
      authorization: `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`,
    });
    expect(await answer('messagingProvider', { credentials: { accountSid: twilio.accountSid, authToken: 'wrong-token-31337' } })).toEqual({ success: false, message: '401 Authenticate' });
  });

  it('MCP: connects and lists the tools; an unreachable server answers why', async () => {
    const good = await answer('mcpServer', { credentials: { hostUrl: `${mcp.url}/mcp/`, type: 'http' } });
    expect(good).toEqual({ success: true, message: 'The credential works: 3 tools: get_weather, add, explode' });
    const sse = await answer('mcpServer', { credentials: { hostUrl: `${mcp.url}/sse`, type: 'sse', headers: '{"x-key":"mcp-header-secret-77"}' } });
    expect(sse.success).toBe(true);
    expect(mcp.headers.at(-1)?.['x-key']).toBe('mcp-header-secret-77');
    const missing = await answer('mcpServer', { credentials: { hostUrl: `${mcp.url}/nothing-here`, type: 'http' } });
    expect(missing.success).toBe(false);
    expect(missing.message).toMatch(/^Streamable HTTP error: Error POSTing to endpoint/);
  });

  it('web search and crawl service: their key checks with Bearer keys, and the services’ own refusals', async () => {
    keyRequests.length = 0;
    expect(await answer('webSearch', { credentials: { apiKey: SEARCH_KEY } })).toEqual({ success: true, message: 'The credential works' });
    expect(await answer('webSearch', { credentials: { apiKey: 'tvly-wrong-key-0000' } })).toEqual({ success: false, message: '401 Unauthorized: invalid API key ••••' });
    expect(await answer('crawlService', { credentials: { apiKey: CRAWL_KEY } })).toEqual({ success: true, message: 'The credential works: 480 credits left' });
    // a hostUrl of its own (trailing slash removed) wins over the public API
    expect(await answer('crawlService', { credentials: { apiKey: 'fc-wrong-key-0000', hostUrl: `http://${keyHost}/` } })).toEqual({ success: false, message: '401 Unauthorized: Invalid token' });
    expect(keyRequests).toEqual([
      { path: '/usage', authorization: `Bearer ${SEARCH_KEY}` },
      { path: '/usage', authorization: 'Bearer tvly-wrong-key-0000' },
      { path: '/v1/team/credit-usage', authorization: `Bearer ${CRAWL_KEY}` },
      { path: '/v1/team/credit-usage', authorization: 'Bearer fc-wrong-key-0000' },
    ]);
  });

  it('tests a saved credential by name, and an edit form whose secrets are still masked', async () => {
    const saved = await weft.api<{ credentials: Record<string, unknown> }>('POST', `/api/projects/${projectId}/credentials`, {
      name: 'Mail', credential_type: 'smtp', credentials: smtpFields(),
    });
    expect(saved.credentials.port).toBe(smtp.port); // stored as an integer
    expect(await answer('smtp', { name: 'Mail' })).toMatchObject({ success: true });
    // the form as the studio sends it: the masked password stands for the stored one
    expect(await answer('smtp', { name: 'Mail', credentials: { ...smtpFields(), password: saved.credentials.password } })).toMatchObject({ success: true });
    expect(await answer('smtp', { name: 'Mail', credentials: { ...smtpFields('typed-but-wrong-99') } })).toMatchObject({ success: false });
    // a mask without a saved credential, or a type that does not match, is refused
    expect((await test('smtp', { credentials: { ...smtpFields(), password: saved.credentials.password } })).status).toBe(400);
    expect((await test('webSearch', { name: 'Mail' })).status).toBe(400);
    expect((await test('smtp', { name: 'Nope' })).status).toBe(404);
  });

  it('checks the project like every credential route, and knows only its providers', async () => {
    const stranger = await weft.createUser({ name: 'Stranger', organisationName: 'Elsewhere' });
    const refused = await stranger.request('POST', '/api/testCreds/smtp', { payload: { projectId, name: 'Mail' } });
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('Project not found');
    expect((await weft.anonymous.request('POST', '/api/testCreds/smtp', { payload: { projectId, name: 'Mail' } })).status).toBe(401);
    const unknown = await test('httpHeader', { credentials: { headerName: 'x' } });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe(
      'No credential test for httpHeader: one of webSearch, smtp, messagingProvider, crawlService, mcpServer, teamsOauth, s3, postgres',
    );
    expect((await weft.request('POST', '/api/testCreds/smtp', { credentials: {} })).status).toBe(400);
  });
});
