/**
 * @module catalogue/ai/llm-call — one model call as every AI node makes it: 'Calling the LLM'
 * before, 'LLM response received' after (spec 000 §7), and, when streaming, the generated
 * text in between as `node.progress` events whose `text` is the next piece of the answer
 * (message 'Streaming the LLM response'; pieces gathered to at least STREAM_PIECE_CHARS
 * characters or STREAM_PIECE_MS milliseconds, so a long answer is not one event a token).
 */
import type { NodeContext } from '../types.ts';
import type { ChatReply, ChatRequest } from '../services/models.ts';

export const CALLING_LLM = 'Calling the LLM';
export const LLM_RESPONSE_RECEIVED = 'LLM response received';
export const STREAMING = 'Streaming the LLM response';
export const STREAM_PIECE_CHARS = 24;
export const STREAM_PIECE_MS = 100;

export async function callLLM(ctx: NodeContext<'models'>, model: unknown, request: Omit<ChatRequest, 'onText' | 'signal'>, stream: boolean): Promise<ChatReply> {
  const models = ctx.services.models;
  await ctx.progress(CALLING_LLM);
  let pending = '';
  let last = Date.now();
  const flush = async () => {
    if (!pending) return;
    const piece = pending;
    pending = '';
    last = Date.now();
    await ctx.progress(STREAMING, { text: piece });
  };
  const onText = stream
    ? async (delta: string) => {
        pending += delta;
        if (pending.length >= STREAM_PIECE_CHARS || Date.now() - last >= STREAM_PIECE_MS) await flush();
      }
    : undefined;
  const reply = await models.chat(model, { ...request, onText, signal: ctx.signal });
  await flush();
  await ctx.progress(LLM_RESPONSE_RECEIVED);
  return reply;
}
