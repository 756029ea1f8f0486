/**
 * @module runtime/services/models/testing/openai-loopback — a loopback HTTP server that speaks the
 * OpenAI API (chat completions, as JSON or as SSE streams with tool calls; embeddings; image
 * generation; error answers), for tests. A test gives the answer for each request; the server
 * records every request (path, headers, body).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export type LoopbackAnswer =
  /** `headers` besides the content type (a redirect's `location`) */
  | { status?: number; json: unknown; headers?: Record<string, string> }
  /** an SSE stream: each chunk as one `data:` line, sent as it comes, then `data: [DONE]` */
  | { status?: number; sse: unknown[] | AsyncIterable<unknown> };

export type LoopbackHandler = (request: RecordedRequest) => LoopbackAnswer | Promise<LoopbackAnswer>;

export interface OpenAILoopback {
  /** base URL for the SDK: `http://127.0.0.1:PORT/v1` */
  baseUrl: string;
  /** `127.0.0.1:PORT`: the WEFT_OUTBOUND_ALLOW entry that lets weft call this server (and no other loopback one) */
  host: string;
  requests: RecordedRequest[];
  /** what the next requests get; the default answers from the request itself (see `echoAnswer`) */
  handle(handler: LoopbackHandler): void;
  close(): Promise<void>;
}

interface ToolCallSpec {
  id: string;
  name: string;
  arguments: string;
}

/** A chat completion as the API answers it. */
export function chatCompletion(model: string, content: string | null, options: { toolCalls?: ToolCallSpec[]; promptTokens?: number; completionTokens?: number } = {}) {
  const promptTokens = options.promptTokens ?? 10;
  const completionTokens = options.completionTokens ?? 5;
  return {
    id: 'chatcmpl-loopback',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [
      {
        index: 0,
        finish_reason: options.toolCalls?.length ? 'tool_calls' : 'stop',
        message: {
          role: 'assistant',
          content,
          refusal: null,
          ...(options.toolCalls?.length
            ? { tool_calls: options.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) }
            : {}),
        },
      },
    ],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  };
}

/** The same answer as stream chunks: text in pieces, tool-call arguments in pieces, usage last. */
export function chatStream(model: string, pieces: string[], options: { toolCalls?: ToolCallSpec[]; promptTokens?: number; completionTokens?: number } = {}) {
  const base = { id: 'chatcmpl-loopback', object: 'chat.completion.chunk', created: 1_700_000_000, model };
  const chunks: unknown[] = [{ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] }];
  for (const piece of pieces) chunks.push({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
  (options.toolCalls ?? []).forEach((call, index) => {
    const half = Math.ceil(call.arguments.length / 2);
    chunks.push({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments.slice(0, half) } }] }, finish_reason: null }] });
    chunks.push({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: call.arguments.slice(half) } }] }, finish_reason: null }] });
  });
  chunks.push({ ...base, choices: [{ index: 0, delta: {}, finish_reason: options.toolCalls?.length ? 'tool_calls' : 'stop' }] });
  const promptTokens = options.promptTokens ?? 10;
  const completionTokens = options.completionTokens ?? pieces.length;
  chunks.push({ ...base, choices: [], usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens } });
  return chunks;
}

/** An API error answer. */
export function apiError(status: number, message: string, type = 'invalid_request_error'): LoopbackAnswer {
  return { status, json: { error: { message, type, param: null, code: null } } };
}

/** Deterministic embeddings: each input becomes [length, vowels, index+1]. */
export function embeddingsAnswer(body: Record<string, unknown>): LoopbackAnswer {
  const input = Array.isArray(body.input) ? body.input.map(String) : [String(body.input)];
  return {
    json: {
      object: 'list',
      model: body.model,
      data: input.map((text, index) => ({ object: 'embedding', index, embedding: [text.length, (text.match(/[aeiou]/gi) ?? []).length, index + 1] })),
      usage: { prompt_tokens: input.join(' ').split(/\s+/).length, total_tokens: input.join(' ').split(/\s+/).length },
    },
  };
}

/** The default: chat echoes the last user message, embeddings and images answer from the input. */
export function echoAnswer(request: RecordedRequest): LoopbackAnswer {
  const { body, path } = request;
  const model = String(body.model ?? '');
  if (path.endsWith('/embeddings')) return embeddingsAnswer(body);
  if (path.endsWith('/images/generations')) {
    const n = typeof body.n === 'number' ? body.n : 1;
    return {
      json: { created: 1_700_000_000, data: Array.from({ length: n }, (_, i) => ({ url: `https://images.invalid/${i}.png`, revised_prompt: `revised: ${String(body.prompt)}` })) },
    };
  }
  const messages = Array.isArray(body.messages) ? (body.messages as { role: string; content: unknown }[]) : [];
  const last = [...messages].reverse().find((m) => m.role === 'user');
  const content = `echo: ${typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '')}`;
  if (body.stream) return { sse: chatStream(model, content.match(/.{1,4}/gs) ?? [content]) };
  return { json: chatCompletion(model, content) };
}

export async function startOpenAILoopback(): Promise<OpenAILoopback> {
  const requests: RecordedRequest[] = [];
  let handler: LoopbackHandler = echoAnswer;
  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', async () => {
      let body: Record<string, unknown> = {};
      try {
        body = parts.length ? JSON.parse(Buffer.concat(parts).toString('utf8')) : {};
      } catch {
        body = {};
      }
      const request: RecordedRequest = { path: req.url ?? '', headers: req.headers, body };
      requests.push(request);
      const answer = await handler(request);
      const status = answer.status ?? 200;
      if ('sse' in answer) {
        res.writeHead(status, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
        for await (const chunk of answer.sse) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
        res.end('data: [DONE]\n\n');
        return;
      }
      res.writeHead(status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    host: `127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
