/** @module catalogue/ai/generate-text-node/run — prompts + history + tools → the model's answer. */
import type { Executor } from '../../types.ts';
import { buildMessages } from '../chat-input.ts';
import { converse } from '../tool-loop.ts';
import { parseTools } from '../tools.ts';

export const run: Executor = async (values, ctx) => {
  const tools = parseTools(values.tools);
  const messages = buildMessages({ prompts: values.prompts, messages: values.messages, memories: values.memories, attachments: values.attachments });
  const { reply, meta, toolCalls } = await converse(ctx, values.generativeModelName, messages, { tools, stream: values.stream !== false && values.stream !== 'false' });
  return { output: { generatedResponse: reply.content, _meta: meta, tool_calls: toolCalls, images: reply.images } };
};
