import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode, testContext } from '../../testing/node-harness.ts';
import { definition } from './definition.ts';
import node from './run.ts';

const input = { chatMessage: 'What do you sell?', userId: 'visitor_1', sessionId: 'session_1', chatHistory: [], metadata: {} };
/** a context whose ctx.http may reach the test's receiver (and only it) */
const ctx = (allowOutbound = [new URL(base).host], serviceUrls = {}) =>
  testContext({
    serviceUrls,
    input,
    projectId: 'project_9',
    flowId: 'flow_9',
    idempotencyKey: 'run_9/chatResponse_1',
    allowOutbound,
    outputs: { trigger_1: input, llm_1: { text: 'Tea and cake.', refs: ['https://a.example/tea', { title: 'Cake', link: 'https://a.example/cake' }] } },
  });

let server: Server;
let base = '';
const received: Array<{ path: string; headers: IncomingHttpHeaders; body: unknown }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const body = JSON.parse(data || 'null');
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.statusCode = req.url === '/broken' ? 500 : 200;
      if (req.url === '/metadata') {
        // the reference metadata service: a page it knows, one it fails on, one it answers nonsense for
        const url = (body as { url: string }).url;
        if (url.endsWith('/gone')) res.statusCode = 502;
        res.end(url.endsWith('/odd') ? 'not json' : JSON.stringify({ title: `Page at ${new URL(url).pathname}`, description: 'About it', image: `${url}.png` }));
        return;
      }
      res.end('{}');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

describe('chatResponseNode', () => {
  it('declares content (required), references, webhookUrl, webhookHeaders and the spec’s outputs', () => {
    expect(definition.inputs.map((f) => f.name)).toEqual(['content', 'references', 'webhookUrl', 'webhookHeaders']);
    expect(definition.inputs[0]).toMatchObject({ required: true, type: 'template' });
    expect(definition.outputs.map((o) => o.name)).toEqual(expect.arrayContaining(['content', 'attachments', 'timestamp', 'type']));
  });

  it('answers the resolved content with its references, attachments and a timestamp', async () => {
    const { output } = await runNode(node, { content: 'We sell {{llm_1.output.text}} ![tea](https://a.example/tea.png)', references: '{{llm_1.output.refs}}' }, ctx());
    expect(output).toMatchObject({
      content: 'We sell Tea and cake. ![tea](https://a.example/tea.png)',
      references: [
        { title: 'https://a.example/tea', url: 'https://a.example/tea' },
        { title: 'Cake', url: 'https://a.example/cake' },
      ],
      attachments: [{ type: 'image', url: 'https://a.example/tea.png' }],
      type: 'chat_response',
    });
    expect(Date.parse((output as { timestamp: string }).timestamp)).toBeGreaterThan(Date.now() - 5000);
  });

  it('an answer without content is an output of type error carrying the message, not a failure', async () => {
    expect((await runNode(node, { content: ' ' }, ctx())).output).toMatchObject({ type: 'error', content: 'Content is required' });
    const { output } = await runNode(node, { content: '{{llm_1.output.missing}}' }, ctx());
    expect(output).toMatchObject({ type: 'error', content: "Content: {{llm_1.output.missing}} resolved to nothing (llm_1 has no output field 'missing')" });
  });

  it('asks the reference metadata service about each reference URL and keeps what it answers', async () => {
    received.length = 0;
    const { output } = await runNode(node, { content: 'Tea.', references: '{{llm_1.output.refs}}' }, ctx(undefined, { referenceMetadata: `${base}/metadata` }));
    expect(received.filter((r) => r.path === '/metadata').map((r) => r.body)).toEqual([{ url: 'https://a.example/tea' }, { url: 'https://a.example/cake' }]);
    expect(received[0].headers).toMatchObject({ 'content-type': 'application/json', 'idempotency-key': 'run_9/chatResponse_1' });
    expect((output as { references: unknown }).references).toEqual([
      // a bare URL takes the page's title; a title the flow gave wins
      { title: 'Page at /tea', url: 'https://a.example/tea', metadata: { title: 'Page at /tea', description: 'About it', image: 'https://a.example/tea.png' } },
      { title: 'Cake', url: 'https://a.example/cake', metadata: { title: 'Page at /cake', description: 'About it', image: 'https://a.example/cake.png' } },
    ]);
  });

  it('a reference the service cannot describe says "Failed to process reference" and stays as given', async () => {
    const context = ctx(undefined, { referenceMetadata: `${base}/metadata` });
    const { output } = await runNode(node, { content: 'Tea.', references: 'https://a.example/gone, https://a.example/odd' }, context);
    expect(output).toMatchObject({
      type: 'chat_response',
      references: [
        { title: 'https://a.example/gone', url: 'https://a.example/gone' },
        { title: 'https://a.example/odd', url: 'https://a.example/odd' },
      ],
    });
    expect((output as { references: object[] }).references.every((r) => !('metadata' in r))).toBe(true);
    expect(context.progressed.sort()).toEqual([
      'Failed to process reference https://a.example/gone: status 502 Bad Gateway',
      'Failed to process reference https://a.example/odd: the answer is not JSON',
    ]);
  });

  it('asks no metadata service when the operator named none', async () => {
    received.length = 0;
    const { output } = await runNode(node, { content: 'Tea.', references: 'https://a.example/tea' }, ctx());
    expect(received).toHaveLength(0);
    expect((output as { references: unknown }).references).toEqual([{ title: 'https://a.example/tea', url: 'https://a.example/tea' }]);
  });

  it('POSTs the exchange to the conversation webhook as spec 000 §7 shapes it, with the headers', async () => {
    received.length = 0;
    await runNode(node, { content: 'Tea.', webhookUrl: `${base}/conversations`, webhookHeaders: '{"x-api-key": "k_1", "x-session": "{{trigger.output.sessionId}}"}' }, ctx());
    expect(received).toHaveLength(1);
    expect(received[0].body).toEqual({
      sessionId: 'session_1',
      userId: 'visitor_1',
      projectId: 'project_9',
      flowId: 'flow_9',
      messsages: [
        { role: 'user', content: 'What do you sell?' },
        { role: 'assistant', content: 'Tea.' },
      ],
    });
    expect(received[0].headers).toMatchObject({
      'x-api-key': 'k_1',
      'x-session': 'session_1',
      'content-type': 'application/json',
      'idempotency-key': 'run_9/chatResponse_1',
    });
  });

  it('a failing webhook says "Failed to send conversation to webhook" and never fails the chat', async () => {
    for (const url of [`${base}/broken`, 'http://127.0.0.1:1/nothing-listens']) {
      const context = ctx([new URL(base).host, '127.0.0.1:1']);
      const { output } = await runNode(node, { content: 'Still here.', webhookUrl: url }, context);
      expect(output).toMatchObject({ content: 'Still here.', type: 'chat_response' });
      expect(context.progressed.some((m) => m.startsWith('Failed to send conversation to webhook'))).toBe(true);
    }
  });

  it('does not send the conversation to a loopback address the operator has not allowed', async () => {
    received.length = 0;
    const context = ctx([]);
    const { output } = await runNode(node, { content: 'Still here.', webhookUrl: `${base.replace('127.0.0.1', 'localhost')}/conversations` }, context);
    expect(output).toMatchObject({ type: 'chat_response' });
    expect(received).toHaveLength(0);
    expect(context.progressed).toEqual([expect.stringMatching(/^Failed to send conversation to webhook: Refused to call localhost/)]);
  });
});
