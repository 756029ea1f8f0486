/**
 * @module catalogue/ai/generate-text-node/run — prompts + history + tools → the model's answer.
 * The tool server (`credentials`, an MCP server) adds its tools to the node's own; its session
 * is closed when the node is done, however it ends.
 */
import { defineNode } from '../../define-node.ts';
import { buildMessages } from '../chat-input.ts';
import { converse } from '../tool-loop.ts';
import { withNodeTools } from '../tool-server.ts';
import { definition } from './definition.ts';

export default defineNode(definition, async (values, ctx) =>
  withNodeTools(ctx, values, async (tools) => {
    const messages = buildMessages({ prompts: values.prompts, messages: values.messages, memories: values.memories, attachments: values.attachments });
    const { reply, meta, toolCalls } = await converse(ctx, values.generativeModelName, messages, { tools, stream: values.stream });
    return { output: { generatedResponse: reply.content, _meta: meta, tool_calls: toolCalls, images: reply.images } };
  }),
);
