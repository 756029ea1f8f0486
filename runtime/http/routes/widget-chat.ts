/**
 * @module runtime/integrations/widgets/chat-message — one chat widget message: a production call
 * (runtime/core/calls/production-call.ts) answered as Server-Sent Events. The stream opens when the
 * run is about to start (refusals before that answer JSON 4xx); every chunk of text a node
 * streams goes on at once as a `token`; the chat response node's output ends it (`done`), and
 * when no node streamed its content is sent as the one token first. A failure ends it with
 * `error`. The run goes on when the visitor leaves; its answer still joins the history.
 */
import type { Context } from 'koa';
import type { ChatStreamEvent } from '../../../contract/chat.ts';
import type { CallOutcome, ProductionCalls } from '../../core/calls/production-call.ts';
import { ValidationError } from '../../services/domain-errors.ts';
import { objectBody } from '../body.ts';
import { openSse, type SseChannel } from '../sse.ts';
import type { ChatHistoryStore } from '../../integrations/widgets/chat-history.ts';

/** How long a chat answer may take before the widget is told it failed. */
export const CHAT_TIMEOUT_MS = 120_000;
const MAX_MESSAGE = 8000;
export const WIDGET_ID = /^[A-Za-z0-9_-]{6,128}$/;
export const SESSION_ID_RULE = 'sessionId must be 6 to 128 letters, digits, - or _';

interface ChatResponseOutput {
  content?: unknown;
  references?: unknown;
  attachments?: unknown;
  timestamp?: unknown;
  type?: unknown;
}

/** The message's fields, checked. */
function chatRequest(body: Record<string, unknown>) {
  const message = typeof body.message === 'string' ? body.message.trim() : '';
  if (!message) throw new ValidationError('message is required');
  if (message.length > MAX_MESSAGE) throw new ValidationError(`message must be at most ${MAX_MESSAGE} characters`);
  const sessionId = String(body.sessionId ?? '');
  const userId = String(body.userId ?? '');
  if (!WIDGET_ID.test(sessionId)) throw new ValidationError(SESSION_ID_RULE);
  if (userId && !WIDGET_ID.test(userId)) throw new ValidationError('userId must be 6 to 128 letters, digits, - or _');
  const metadata = body.metadata && typeof body.metadata === 'object' && !Array.isArray(body.metadata) ? body.metadata : {};
  return { message, sessionId, userId, metadata };
}

/** Answer POST /widgets/chat/:flowId/messages; resolves once the stream is open (or throws a refusal). */
export async function answerChatMessage(
  ctx: Context & { params: Record<string, string> },
  deps: { calls: ProductionCalls; history: ChatHistoryStore; timeoutMs?: number },
): Promise<void> {
  const origin = ctx.get('origin');
  let sse: SseChannel | null = null;
  let streamed = false;
  let asked: { flowId: string; sessionId: string; message: string; at: number } | null = null;
  let opened: () => void = () => {};
  const started = new Promise<void>((ok) => (opened = ok));
  const send = (event: ChatStreamEvent) => sse?.send(event);
  const chatting = deps.calls
    .call({
      flowId: ctx.params.flowId,
      policy: { door: 'chat', access: { by: 'origin', origin }, waitMs: deps.timeoutMs ?? CHAT_TIMEOUT_MS, late: 'fail' },
      request: { method: ctx.method, path: ctx.path, body: (ctx.request as { body?: unknown }).body },
      async input({ flow }) {
        const { message, sessionId, userId, metadata } = chatRequest(objectBody(ctx));
        asked = { flowId: flow.id, sessionId, message, at: Date.now() };
        const earlier = await deps.history.read(flow.id, sessionId);
        return {
          chatMessage: message,
          chatHistory: earlier.map(({ role, content }) => ({ role, content })),
          userId,
          sessionId,
          metadata: { ...metadata, origin: origin || undefined },
        };
      },
      // a chat always waits for its answer, even from a flow without a chat response node
      variant: ({ compiled }) => ({ plan: compiled.plan, async: false }),
      onStart(runId) {
        sse = openSse(ctx);
        send({ type: 'start', runId });
        opened();
      },
      onText(text) {
        streamed = true;
        send({ type: 'token', text });
      },
    })
    .then(async (outcome) => {
      const content = finish(outcome, streamed, send);
      if (content !== null && asked) {
        await deps.history.append(asked.flowId, asked.sessionId, [
          { role: 'user', content: asked.message, ts: asked.at },
          { role: 'assistant', content, ts: Date.now() },
        ]);
      }
    })
    .catch((error: unknown) => {
      if (!sse) throw error; // refused before the stream opened: a JSON 4xx
      console.error(`[weft] chat widget run of ${ctx.params.flowId} failed:`, error);
      send({ type: 'error', runId: '', message: 'Internal server error' });
    })
    .finally(() => (sse as SseChannel | null)?.close());
  await Promise.race([started, chatting]);
}

/** Send the end of the stream; the answer's content when there is one to keep. */
function finish(outcome: CallOutcome, streamed: boolean, send: (event: ChatStreamEvent) => void): string | null {
  const { runId } = outcome;
  const fail = (message: string) => {
    send({ type: 'error', runId, message });
    return null;
  };
  if (outcome.status === 'failed') return fail(outcome.failure.message);
  if (outcome.status !== 'answered' || !outcome.responded) return fail('The flow ended without a chat response');
  const output = (outcome.output ?? {}) as ChatResponseOutput;
  const content = typeof output.content === 'string' ? output.content : output.content == null ? '' : JSON.stringify(output.content);
  if (output.type === 'error') return fail(content || 'The chat response failed');
  if (!streamed && content) send({ type: 'token', text: content });
  send({
    type: 'done',
    runId,
    content,
    references: Array.isArray(output.references) ? output.references : [],
    attachments: Array.isArray(output.attachments) ? output.attachments : [],
    timestamp: typeof output.timestamp === 'string' ? output.timestamp : new Date().toISOString(),
  });
  return content;
}
