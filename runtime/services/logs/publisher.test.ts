import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogRecord } from '../../../contract/logs.ts';
import { severityOf } from './log-record.ts';
import { logPublisher } from './publisher.ts';

let server: Server;
let base = '';
let answer = 200;
let delayMs = 0;
const received: { url?: string; authorization?: string; body: unknown }[] = [];

const record = {
  id: 'log_1', timestamp: 1, severity: severityOf(200), projectId: 'p', flowId: 'f', flowName: 'F', runId: 'run_1', trigger: 'webhook',
  executionType: 'realtime', environment: 'production', request: { method: 'POST', path: '/hook/f', body: {} }, responseStatus: 200,
  runStatus: 'completed', durationMs: 3, nodeIds: ['webhookTrigger_1'], tokenUsage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, cost: 0, models: [],
} satisfies LogRecord;

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      received.push({ url: request.url, authorization: request.headers.authorization, body: JSON.parse(text) });
      setTimeout(() => {
        response.statusCode = answer;
        response.end();
      }, delayMs);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((ok) => server.close(ok)));

describe('logPublisher', () => {
  it('POSTs {credential_type, payload} to {url}/logs with the bearer key', async () => {
    await logPublisher({ url: `${base}/v1/`, key: 'k-123' })(record);
    expect(received.at(-1)).toEqual({ url: '/v1/logs', authorization: 'Bearer k-123', body: { credential_type: 'big-query', payload: record } });
  });

  it('throws on a non-2xx answer, a timeout or an unreachable publisher (the run logger swallows these)', async () => {
    answer = 500;
    await expect(logPublisher({ url: base })(record)).rejects.toThrow('the log publisher answered 500');
    answer = 200;
    delayMs = 300;
    await expect(logPublisher({ url: base, timeoutMs: 50 })(record)).rejects.toThrow();
    delayMs = 0;
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((ok) => closed.close(ok));
    await expect(logPublisher({ url: `http://127.0.0.1:${port}` })(record)).rejects.toThrow();
  });
});
