/**
 * @module scripts/bench/chat — time to the first streamed chat token through the widget
 * endpoint (`POST /widgets/chat/:flowId/messages`, SSE), from sending the message to reading
 * the first `token` event, with `clients` visitors each sending the next message as soon as
 * the last answer ended. Two flows: chat trigger → a node streaming 20 chunks 20 ms apart (as
 * an AI node streams) → chat response; and chat trigger → chat response (the content is the
 * one token); and chat trigger → Generate text (a project credential pointing at a loopback
 * OpenAI server that streams three pieces at once) → chat response: the real AI path, without
 * a model's own think time. The server, its workers and the clients share this process.
 */
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { fixed, percentile, type Row } from './stats.ts';

export interface ChatShapeFigures {
  firstToken: { p50: number; p99: number };
  answer: { p50: number; p99: number };
  tokens: number;
  messages: number;
}

export interface ChatFigures {
  streamed: ChatShapeFigures;
  direct: ChatShapeFigures;
  model: ChatShapeFigures;
  clients: number;
}

const at = { x: 0, y: 0 };
const WORDS = Array.from({ length: 20 }, (_, i) => `word${i}`);

function flows() {
  const trigger = { id: 'chatTrigger_1', type: 'chatTriggerNode', position: at, values: {} };
  return {
    streamed: {
      name: 'chat bench (streamed)',
      nodes: [
        trigger,
        { id: 'stream_1', type: 'streamTestNode', position: at, values: { words: WORDS, delayMs: 20 } },
        { id: 'chatResponse_1', type: 'chatResponseNode', position: at, values: { content: '{{stream_1.output.text}}' } },
      ],
      edges: [
        { id: 'e1', source: 'chatTrigger_1', sourceHandle: 'out', target: 'stream_1', targetHandle: 'in' },
        { id: 'e2', source: 'stream_1', sourceHandle: 'out', target: 'chatResponse_1', targetHandle: 'in' },
      ],
    },
    model: {
      name: 'chat bench (Generate text)',
      nodes: [
        trigger,
        {
          id: 'generateText_1',
          type: 'generateTextNode',
          position: at,
          values: {
            generativeModelName: { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'llm' },
            prompts: [{ role: 'user', content: '{{trigger.output.chatMessage}}' }],
          },
        },
        { id: 'chatResponse_1', type: 'chatResponseNode', position: at, values: { content: '{{generateText_1.output.generatedResponse}}' } },
      ],
      edges: [
        { id: 'e1', source: 'chatTrigger_1', sourceHandle: 'out', target: 'generateText_1', targetHandle: 'in' },
        { id: 'e2', source: 'generateText_1', sourceHandle: 'out', target: 'chatResponse_1', targetHandle: 'in' },
      ],
    },
    direct: {
      name: 'chat bench (direct)',
      nodes: [trigger, { id: 'chatResponse_1', type: 'chatResponseNode', position: at, values: { content: 'You said {{trigger.output.chatMessage}}' } }],
      edges: [{ id: 'e1', source: 'chatTrigger_1', sourceHandle: 'out', target: 'chatResponse_1', targetHandle: 'in' }],
    },
  };
}

/** One message: ms to the first token and to the end of the answer, and how many tokens came. */
async function ask(url: string, sessionId: string, n: number): Promise<{ first: number; end: number; tokens: number }> {
  const sent = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:1' },
    body: JSON.stringify({ sessionId, userId: 'visitor_bench', message: `message ${n}` }),
  });
  if (!response.ok || !response.body) throw new Error(`the chat endpoint answered ${response.status}: ${await response.text()}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let first = 0;
  let tokens = 0;
  let done = false;
  let buffer = '';
  for (;;) {
    const { value, done: closed } = await reader.read();
    if (closed) break;
    buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const data = buffer.slice(0, cut).split('\n').find((l) => l.startsWith('data: '));
      buffer = buffer.slice(cut + 2);
      if (!data) continue;
      const event = JSON.parse(data.slice(6)) as { type: string; message?: string };
      if (event.type === 'token' && ++tokens === 1) first = performance.now() - sent;
      if (event.type === 'error') throw new Error(`the chat answered an error: ${event.message}`);
      if (event.type === 'done') done = true;
    }
  }
  if (!done || tokens === 0) throw new Error('the chat stream ended without an answer');
  return { first, end: performance.now() - sent, tokens };
}

async function drive(url: string, messages: number, clients: number): Promise<ChatShapeFigures> {
  const firsts: number[] = [];
  const ends: number[] = [];
  let tokens = 0;
  let next = 0;
  const client = async (c: number) => {
    const sessionId = `session_bench_${c}_${randomBytes(4).toString('hex')}`;
    while (next < messages) {
      const result = await ask(url, sessionId, next++);
      firsts.push(result.first);
      ends.push(result.end);
      tokens = Math.max(tokens, result.tokens);
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
  return {
    firstToken: { p50: percentile(firsts, 50), p99: percentile(firsts, 99) },
    answer: { p50: percentile(ends, 50), p99: percentile(ends, 99) },
    tokens,
    messages,
  };
}

export async function chatFigures(redisUrl: string, messages: number, clients: number, concurrency: number): Promise<ChatFigures> {
  const { startWeft } = await import('../../runtime/server.ts');
  const { staticKeyring } = await import('../../runtime/services/secrets/server-secret.ts');
  const { streamTestNode } = await import('../../runtime/integrations/widgets/testing/fixtures.ts');
  const { testAccounts } = await import('../../runtime/testing/test-accounts.ts');
  const { chatStream, startOpenAILoopback } = await import('../../runtime/services/models/testing/openai-loopback.ts');
  const loopback = await startOpenAILoopback();
  // three pieces of 24+ characters: Generate text streams each on its own
  const pieces = ['We serve black and green tea, ', 'fresh lemon cake every morning, ', 'and scones with cream on Sundays.'];
  loopback.handle(() => ({ sse: chatStream('gpt-4o-mini', pieces) }));
  const starterLimits = { requests: Number.MAX_SAFE_INTEGER, records: Number.MAX_SAFE_INTEGER };
  const prefix = 'bench-chat:';
  const keyring = staticKeyring(randomBytes(32).toString('hex'));
  const weft = await startWeft({ redisUrl, prefix, host: '127.0.0.1', port: 0, concurrency, retentionSeconds: 600, starterLimits, keyring, extraNodes: [streamTestNode], outboundAllow: [loopback.host] });
  const redis = new Redis(redisUrl);
  try {
    const builder = await testAccounts(redis, prefix, weft.url).createUser({ name: 'Chat bench' });
    const project = await builder.api<{ id: string }>('POST', '/api/projects', { name: 'Chat bench' });
    await builder.api('POST', `/api/projects/${project.id}/credentials`, {
      name: 'llm',
      credential_type: 'modelProvider',
      credentials: { apiKey: 'sk-bench', baseUrl: loopback.baseUrl },
    });
    const urls: Record<string, string> = {};
    for (const [shape, flow] of Object.entries(flows())) {
      const created = await builder.api<{ id: string }>('POST', `/api/projects/${project.id}/flows`, flow);
      await builder.api('POST', `/api/flows/${created.id}/deploy`, { status: 'active' });
      urls[shape] = `${weft.url}/widgets/chat/${created.id}/messages`;
    }
    await drive(urls.direct, 20, clients); // warm-up
    const direct = await drive(urls.direct, messages, clients);
    const streamed = await drive(urls.streamed, messages, clients);
    const model = await drive(urls.model, messages, clients);
    return { streamed, direct, model, clients };
  } finally {
    await loopback.close();
    redis.disconnect();
    await weft.close();
  }
}

export function chatRows(figures: ChatFigures | Error, clients: number): Row[] {
  const rows: Row[] = [{ what: `weft chat widget: POST /widgets/chat/:flowId/messages (SSE), time to the first streamed token, ${clients} visitors` }];
  if (figures instanceof Error) return [...rows, { what: 'first token', figure: 'failed', detail: figures.message }];
  const { streamed, direct, model } = figures;
  return [
    ...rows,
    {
      what: 'first token p50 (streaming node)',
      figure: `${fixed(streamed.firstToken.p50, 1)} ms`,
      detail: `p99 ${fixed(streamed.firstToken.p99, 1)} ms; whole answer p50 ${fixed(streamed.answer.p50, 1)} ms (${streamed.tokens} tokens 20 ms apart); ${streamed.messages} messages`,
    },
    {
      what: 'first token p50 (Generate text, loopback model)',
      figure: `${fixed(model.firstToken.p50, 1)} ms`,
      detail: `p99 ${fixed(model.firstToken.p99, 1)} ms; whole answer p50 ${fixed(model.answer.p50, 1)} ms (${model.tokens} tokens); ${model.messages} messages`,
    },
    {
      what: 'first token p50 (response node only)',
      figure: `${fixed(direct.firstToken.p50, 1)} ms`,
      detail: `p99 ${fixed(direct.firstToken.p99, 1)} ms; chat trigger → chat response, the content is the one token; ${direct.messages} messages`,
    },
  ];
}
