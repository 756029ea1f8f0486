/** @module catalogue/ai/generate-text-node/run — prompts + history + tools → the model's answer. */
import { defineNode } from '../../define-node.ts';
import { buildMessages } from '../chat-input.ts';
import { converse } from '../tool-loop.ts';
import { prepareTools } from '../tools.ts';
import { definition } from './definition.ts';

export default defineNode(definition, async (values, ctx) => {
  const tools = await prepareTools(values.tools, ctx);
  const messages = buildMessages({ prompts: values.prompts, messages: values.messages, memories: values.memories, attachments: values.attachments });
  const { reply, meta, toolCalls } = await converse(ctx, values.generativeModelName, messages, { tools, stream: values.stream });
  return { output: { generatedResponse: reply.content, _meta: meta, tool_calls: toolCalls, images: reply.images } };
});
