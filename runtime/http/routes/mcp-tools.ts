/**
 * @module runtime/services/mcp-client/mcp-tools-route — the tools of a project's MCP server, for the
 * MCP node's form (its Tools multi-select): `GET /api/projects/:projectId/mcp-servers/:name/tools`
 * → `{ tools: [{ name, description }] }`, `:name` an "MCP server" credential of the project.
 * A credential not there is 404; a server that cannot be reached or refuses is 502 with its reason.
 */
import Router from '@koa/router';
import { mcpServerOf, type McpAccess } from '../../../catalogue/services/mcp.ts';
import { isNodeError } from '../../../catalogue/errors.ts';
import { projectAccessGuard } from '../../services/auth/access.ts';
import { HttpError, notFound } from '../errors.ts';
import { credentialAccess } from '../../services/secrets/credential-access.ts';
import type { CredentialStore } from '../../services/stores/credentials.ts';

export function mcpToolsRouter(deps: { credentials: CredentialStore; mcp: McpAccess }): Router {
  const router = new Router();
  router.get('/api/projects/:projectId/mcp-servers/:name/tools', projectAccessGuard, async function listMcpTools(ctx) {
    const credential = await credentialAccess(deps.credentials, ctx.params.projectId)
      .get(ctx.params.name)
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        throw message.startsWith('No credentials') ? notFound(message) : error;
      });
    try {
      const session = await deps.mcp.connect(mcpServerOf(credential));
      try {
        ctx.body = { tools: (await session.listTools()).map(({ name, description }) => ({ name, description: description ?? '' })) };
      } finally {
        await session.close().catch(() => undefined);
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new HttpError(isNodeError(error) && error.kind === 'user' ? 400 : 502, 'mcp_server', `The MCP server could not list its tools: ${reason}`);
    }
  });
  return router;
}
