/**
 * @module catalogue/ai/tool-loop — a conversation with tools: call the model; while it asks
 * for tools, run them, hand their answers back and call again — at most MAX_TOOL_ROUNDS
 * rounds, the last one without tools so the model must answer in text. Usage adds up.
 * Each call shows in the run as two `node.progress` events: 'Calling tool {name} with {arguments}'
 * and 'Tool {name} answered: {result}' (contract/tool-progress.ts; the studio lists them).
 */
import { toolAnswerMessage, toolCallMessage } from '../../contract/tool-progress.ts';
import type { NodeContext } from '../types.ts';
import { callLLM } from './llm-call.ts';
import type { ChatMessage, ChatReply, UsageMeta } from '../services/models.ts';
import { callTool, toolSpecs, type Tool, type ToolCallRecord } from './tools.ts';
import { addUsage } from './usage-meta.ts';

export const MAX_TOOL_ROUNDS = 5;

export interface Conversation {
  reply: ChatReply;
  meta: UsageMeta;
  toolCalls: ToolCallRecord[];
  /** every message sent and received, the final answer last */
  messages: ChatMessage[];
}

export async function converse(
  ctx: NodeContext<'models'>,
  model: unknown,
  start: ChatMessage[],
  options: { tools: Tool[]; stream: boolean; json?: boolean; /** names this conversation's tool calls when a node holds several */ turn?: number },
): Promise<Conversation> {
  const messages = [...start];
  const toolCalls: ToolCallRecord[] = [];
  let meta: UsageMeta | undefined;
  for (let round = 1; ; round++) {
    const offerTools = options.tools.length > 0 && round < MAX_TOOL_ROUNDS;
    const reply = await callLLM(ctx, model, { messages, tools: offerTools ? toolSpecs(options.tools) : undefined, json: options.json }, options.stream);
    meta = addUsage(meta, reply.meta);
    if (!offerTools || reply.tool_calls.length === 0) {
      messages.push({ role: 'assistant', content: reply.content });
      return { reply, meta, toolCalls, messages };
    }
    messages.push({ role: 'assistant', content: reply.content || null, tool_calls: reply.tool_calls });
    for (const [index, call] of reply.tool_calls.entries()) {
      await ctx.progress(toolCallMessage(call.function.name, call.function.arguments || '{}'));
      const { record, content } = await callTool(options.tools, call, `t${options.turn ?? 0}r${round}c${index}`);
      await ctx.progress(toolAnswerMessage(record.name, record.result));
      toolCalls.push(record);
      messages.push({ role: 'tool', tool_call_id: call.id, content });
    }
  }
}
