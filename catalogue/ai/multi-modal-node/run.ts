/** @module catalogue/ai/multi-modal-node/run — Generate text with at least one image (tools and a tool server as its); failures as 'ERROR in running multiModalLLM Node: …'. */
import { defineNode } from '../../define-node.ts';
import { userError } from '../../errors.ts';
import { MULTI_MODAL_NODE, runningError } from '../node-errors.ts';
import { attachmentUrls, buildMessages } from '../chat-input.ts';
import { converse } from '../tool-loop.ts';
import { withNodeTools } from '../tool-server.ts';
import { definition } from './definition.ts';

export default defineNode(definition, async (values, ctx) => {
  // the values check saw Attachments given; here it must also hold a URL
  if (attachmentUrls(values.attachments).length === 0) throw userError('Attachments is required');
  return withNodeTools(ctx, values, async (tools) => {
    const messages = buildMessages({ prompts: values.prompts, messages: values.messages, memories: values.memories, attachments: values.attachments });
    try {
      const { reply, meta, toolCalls } = await converse(ctx, values.generativeModelName, messages, { tools, stream: values.stream });
      return { output: { generatedResponse: reply.content, _meta: meta, tool_calls: toolCalls } };
    } catch (error) {
      throw runningError(MULTI_MODAL_NODE, error);
    }
  });
});
