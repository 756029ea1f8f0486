/** @module catalogue/ai/mcp-node/credential-test — an MCP server: connect over its transport with its headers and list its tools (runtime/mcp-client). */
import { mcpServerOf } from '../../services/mcp.ts';
import type { CredentialTest } from '../../credential-test.ts';

export const testMcpServer: CredentialTest = async (fields, ctx) => {
  const session = await ctx.mcp.connect(mcpServerOf(fields), ctx.signal);
  try {
    const tools = await session.listTools();
    return `${tools.length} tool${tools.length === 1 ? '' : 's'}${tools.length ? `: ${tools.map((t) => t.name).join(', ')}` : ''}`;
  } finally {
    await session.close().catch(() => undefined);
  }
};
