/**
 * @module catalogue/ai/mcp-node/run — connect to the MCP server of the credential, list its
 * tools, keep the selected ones, and let the model call them (the tool loop of every AI node,
 * catalogue/ai/tool-loop.ts) with callTool on the server. Spec 002 §8 texts: a failing tool
 * 'Error calling MCP tool: {cause}'; the server or the model failing 'ERROR in running LLM
 * Agent: {message}'; a model that gives no answer 'Failure in executing the node, Please try again'.
 */
import { defineNode } from '../../define-node.ts';
import { operationalError } from '../../errors.ts';
import { buildMessages } from '../chat-input.ts';
import { mcpServerOf } from '../../services/mcp.ts';
import { runningError } from '../node-errors.ts';
import { converse } from '../tool-loop.ts';
import { mcpTools } from '../tool-server.ts';
import { ToolError } from '../tools.ts';
import { definition } from './definition.ts';
import { testMcpServer } from './credential-test.ts';

export const LLM_AGENT = 'LLM Agent';
export const NODE_FAILURE = 'Failure in executing the node, Please try again';

export default defineNode(definition, async (values, ctx) => {
  const server = mcpServerOf(await ctx.credentials.get(values.credentials));
  const messages = buildMessages({ prompts: [{ role: 'user', content: values.promptTemplate }], messages: values.messages, memories: values.memories, attachments: values.attachments });
  const session = await ctx.services.mcp.connect(server, ctx.signal).catch((error: unknown) => {
    throw runningError(LLM_AGENT, error);
  });
  try {
    const listed = await session.listTools().catch((error: unknown) => {
      throw runningError(LLM_AGENT, error);
    });
    // the node's selectedTools is required: never empty here, so exactly those are offered
    const tools = mcpTools(listed, values.selectedTools.map(String), session);
    const conversation = await converse(ctx, values.generativeModelName, messages, { tools, stream: false }).catch((error: unknown) => {
      throw error instanceof ToolError ? error : runningError(LLM_AGENT, error);
    });
    const { reply, meta, toolCalls } = conversation;
    if (!reply.content.trim()) throw operationalError(NODE_FAILURE);
    return { output: { generatedResponse: reply.content, _meta: meta, tool_calls: toolCalls } };
  } finally {
    await session.close().catch(() => undefined);
  }
}, { credentialTests: { mcpServer: testMcpServer } });
