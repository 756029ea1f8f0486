/** @module catalogue/ai/mcp-node/credential-test — an MCP server: connect over its transport with its headers and list its tools (runtime/mcp-client). */
import { mcpServerOf } from '../../services/mcp.ts';
import { credentialTestUsing } from '../../credential-test.ts';

export const testMcpServer = credentialTestUsing(['mcp'], async (fields, ctx) => {
  const session = await ctx.services.mcp.connect(mcpServerOf(fields), ctx.signal);
  try {
    const tools = await session.listTools();
    return `${tools.length} tool${tools.length === 1 ? '' : 's'}${tools.length ? `: ${tools.map((t) => t.name).join(', ')}` : ''}`;
  } finally {
    await session.close().catch(() => undefined);
  }
});
