/**
 * @module runtime/integrations/mcp/route — weft as an MCP server: `POST /mcp/:projectId`, MCP's streamable
 * HTTP transport from the official SDK in stateless mode (a server and a transport per
 * request; JSON answers, no session), serving the project's flows as tools (server.ts).
 *
 * `Authorization: Bearer <API key>` must hold a live API key of the project, checked as the
 * webhook checks it (runtime/services/auth/api-key-check.ts): refusals answer 401 with the webhook's
 * texts before anything of MCP runs. The body is parsed by the app's JSON parser (its size and
 * depth limits) and handed to the transport. GET (a server-sent stream) and DELETE (ending a
 * session) have no meaning without sessions: 405, as the SDK's stateless examples answer.
 * `/mcp` alone answers 404 with a JSON error naming the path to use.
 */
import Router from '@koa/router';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { checkProjectKey } from '../../services/auth/api-key-check.ts';
import type { ProductionCalls } from '../../core/calls/production-call.ts';
import { UnauthorizedError } from '../../services/domain-errors.ts';
import { notFound } from '../errors.ts';
import type { ApiKeyStore } from '../../services/stores/api-keys.ts';
import { flowServer } from '../../integrations/mcp/server.ts';
import { liveFlows, type LiveFlowSources } from '../../services/flows/live-flows.ts';
import { flowTools } from '../../integrations/mcp/tool-list.ts';
import { idempotencyKeyOf } from '../../core/calls/idempotency.ts';

export const MCP_PATH = '/mcp/:projectId';
/** The answer to `/mcp` without a project: there is no server for all projects, and the caller is told the path to use. */
export const MCP_PATH_MESSAGE = 'MCP is served per project: use /mcp/<projectId> with an API key of that project';

export interface McpRouteDeps {
  apiKeys: Pick<ApiKeyStore, 'live' | 'confirm'>;
  /** where the project's flows and their deployed versions are read: tools are built from what production runs */
  live: LiveFlowSources;
  calls: Pick<ProductionCalls, 'call'>;
}

export function mcpRouter(deps: McpRouteDeps): Router {
  const router = new Router();
  router.post(MCP_PATH, async function mcp(ctx) {
    const { projectId } = ctx.params;
    await checkProjectKey(deps.apiKeys, projectId, ctx.get('authorization')).catch((error: unknown) => {
      if (error instanceof UnauthorizedError) ctx.set('WWW-Authenticate', 'Bearer');
      throw error;
    });
    const idempotencyKey = idempotencyKeyOf(ctx.get('idempotency-key') || undefined);
    const tools = flowTools(await liveFlows(deps.live, projectId));
    const server = flowServer({ projectId, tools, calls: deps.calls, path: ctx.path, ...(idempotencyKey ? { idempotencyKey } : {}) });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    ctx.res.on('close', () => void server.close());
    await server.connect(transport);
    ctx.respond = false; // the transport writes the answer itself
    await transport.handleRequest(ctx.req, ctx.res, (ctx.request as { body?: unknown }).body);
  });
  router.all('/mcp', function projectless() {
    throw notFound(MCP_PATH_MESSAGE);
  });
  router.all(MCP_PATH, function sessionless(ctx) {
    ctx.status = 405;
    ctx.set('Allow', 'POST');
    ctx.body = { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null };
  });
  return router;
}
