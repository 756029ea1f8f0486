import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode, testContext } from '../../testing/node-harness.ts';
import { startRecordingServer, type RecordingServer } from '../tool-service/testing/recording-server.ts';
import mailNode from './run.ts';

const KEY = 'tool-service-key-0123456789';
let service: RecordingServer;
let reply: { status?: number; body?: unknown } = { body: { data: { id: 'msg_1' }, error: null, successful: true } };

beforeAll(async () => {
  service = await startRecordingServer(() => reply);
});
afterAll(() => service.close());

const ctx = (credential: Record<string, unknown> = { composioId: 'ca_mail_1' }, key: string | undefined = KEY) =>
  testContext({
    serviceUrls: { toolService: `${service.url}/api/v3` },
    allowOutbound: [service.host],
    toolServiceKey: key,
    credentials: { get: async (name) => (name === 'gmail' ? credential : Promise.reject(new Error(`No credentials found for ${name}`))) },
  });

describe('mail node (tool-execution service)', () => {
  it('sends an email: POST tools/execute/GMAIL_SEND_EMAIL with x-api-key and {connected_account_id, arguments}', async () => {
    service.requests.length = 0;
    const result = await runNode(mailNode, { credentials: 'gmail', action: 'sendEmail', recipient_email: 'ada@example.com', cc: 'b@example.com, c@example.com', subject: 'Hi', body: '<b>Hello</b>', is_html: true }, ctx());
    expect(result.output).toEqual({ data: { id: 'msg_1' }, successful: true });
    const [request] = service.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/v3/tools/execute/GMAIL_SEND_EMAIL');
    expect(request.headers['x-api-key']).toBe(KEY);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      connected_account_id: 'ca_mail_1',
      arguments: { recipient_email: 'ada@example.com', subject: 'Hi', body: '<b>Hello</b>', is_html: true, cc: ['b@example.com', 'c@example.com'] },
    });
  });

  it('creates a draft without cc and bcc when none are given; is_html defaults to false', async () => {
    service.requests.length = 0;
    await runNode(mailNode, { credentials: 'gmail', action: 'createEmailDraft', recipient_email: 'ada@example.com', subject: 'Draft', body: 'text' }, ctx());
    expect(service.requests[0].path).toBe('/api/v3/tools/execute/GMAIL_CREATE_EMAIL_DRAFT');
    expect(service.requests[0].body).toEqual({ connected_account_id: 'ca_mail_1', arguments: { recipient_email: 'ada@example.com', subject: 'Draft', body: 'text', is_html: false } });
  });

  it("fetches emails with max_results (default 10) and the query 'from:X to:Y'", async () => {
    service.requests.length = 0;
    reply = { body: { data: { messages: [{ subject: 'a' }] }, error: null, successful: true } };
    const result = await runNode(mailNode, { credentials: 'gmail', action: 'fetchEmails', from_user: 'boss@example.com', to_user: 'me@example.com' }, ctx());
    expect(service.requests[0].path).toBe('/api/v3/tools/execute/GMAIL_FETCH_EMAILS');
    expect(service.requests[0].body).toEqual({ connected_account_id: 'ca_mail_1', arguments: { max_results: 10, query: 'from:boss@example.com to:me@example.com' } });
    expect(result.output).toEqual({ data: { messages: [{ subject: 'a' }] }, successful: true });
  });

  it("reads the reply for an error: 'Failed to send email: …'", async () => {
    reply = { body: { data: null, error: 'Recipient address rejected', successful: false } };
    await expect(runNode(mailNode, { credentials: 'gmail', action: 'sendEmail', recipient_email: 'x@example.com' }, ctx())).rejects.toMatchObject({
      message: 'Failed to send email: Recipient address rejected',
      kind: 'user',
    });
    reply = { status: 503, body: { error: { message: 'Service unavailable' } } };
    await expect(runNode(mailNode, { credentials: 'gmail', action: 'createEmailDraft', recipient_email: 'x@example.com' }, ctx())).rejects.toMatchObject({
      message: 'Failed to execute GMAIL_CREATE_EMAIL_DRAFT: Service unavailable',
      kind: 'operational',
    });
    reply = { body: { data: { id: 'msg_1' }, error: null, successful: true } };
  });

  it('refuses a credential without a connected account, and a server without the service key', async () => {
    await expect(runNode(mailNode, { credentials: 'gmail', action: 'sendEmail', recipient_email: 'x@example.com' }, ctx({ access_token: 'tok' }))).rejects.toThrow('Invalid or Missing mail credentials');
    await expect(runNode(mailNode, { credentials: 'gmail', action: 'sendEmail', recipient_email: 'x@example.com' }, ctx(undefined, '')))
      .rejects.toThrow('Failed to send email: the tool-execution service is not configured on this server (WEFT_TOOL_SERVICE_API_KEY)');
    await expect(runNode(mailNode, { credentials: 'other', action: 'sendEmail', recipient_email: 'x@example.com' }, ctx())).rejects.toThrow('No credentials found for other');
    await expect(runNode(mailNode, { credentials: 'gmail', action: 'sendEmail' }, ctx())).rejects.toThrow('To is required');
  });
});
