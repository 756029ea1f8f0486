/**
 * @module runtime/integrations/graphql/route — GraphQL over HTTP at `/graphql` (GET and POST), served by
 * graphql-http's Koa handler over the caller's project schema (project-schemas.ts).
 *
 * Every request is a production call: `x-project-id` names the project (or `x-workflow-id` a
 * flow of it; neither: 'Atleast provide Workflow or Project ID', spec 000 §5) and
 * `Authorization: Bearer <API key>` must hold a live key of it (runtime/services/auth/api-key-check.ts);
 * refusals answer GraphQL-shaped (`errors[0].message`). The body is read here, not by the
 * app's JSON parser (runtime/http/middleware.ts leaves /graphql alone), so graphql-http sees
 * it as sent and answers every case of the GraphQL over HTTP spec itself (it passes
 * graphql-http's server audits: graphql.audit.test.ts). Bodies past MAX_BODY_BYTES answer
 * 413; documents, variables or extensions nested past MAX_BODY_DEPTH answer 400
 * (runtime/http/body-limits.ts) before GraphQL parses or runs anything.
 */
import type { IncomingMessage } from 'node:http';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import Router from '@koa/router';
import { parseRequestParams, type Request as GraphqlRequest, type RequestParams, type Response as GraphqlResponse } from 'graphql-http';
import { createHandler } from 'graphql-http/lib/use/koa';
import type { Context } from 'koa';
import { idempotencyKeyOf } from '../../core/calls/idempotency.ts';
import { checkProjectKey } from '../../services/auth/api-key-check.ts';
import { checkBody, checkTextDepth, MAX_BODY_BYTES, tooLarge } from '../body-limits.ts';
import { HttpError, httpErrorOf } from '../errors.ts';
import type { ApiKeyStore } from '../../services/stores/api-keys.ts';
import type { ProjectSchemas } from '../../integrations/graphql/project-schemas.ts';
import type { GraphqlContext } from '../../integrations/graphql/schema.ts';
import { GRAPHQL_PATH } from '../../integrations/graphql/workflow-calls.ts';

export const MISSING_PROJECT_MESSAGE = 'Atleast provide Workflow or Project ID';

export interface GraphqlRouteDeps {
  apiKeys: Pick<ApiKeyStore, 'live' | 'confirm'>;
  schemas: ProjectSchemas;
  /** the project of a flow, or 404 'Workflow not found' */
  projectOfFlow(flowId: string): Promise<string>;
}

export function graphqlRouter(deps: GraphqlRouteDeps): Router {
  // What the checks before the handler found out, by request.
  const callers = new WeakMap<IncomingMessage, { projectId: string; schema: GraphQLSchema; idempotencyKey?: string }>();
  const callerOf = (raw: IncomingMessage) => {
    const caller = callers.get(raw);
    if (!caller) throw new Error('GraphQL request reached the handler unchecked');
    return caller;
  };
  const handle = createHandler<GraphqlContext>({
    schema: (req) => callerOf(req.raw).schema,
    context: (req) => {
      const { projectId, idempotencyKey } = callerOf(req.raw);
      return { projectId, ...(idempotencyKey ? { idempotencyKey } : {}) };
    },
    formatError: hideUnexpected,
    parseRequestParams: paramsWithinDepth,
  });
  const router = new Router();
  // Every method: graphql-http answers 405 (Allow: GET, POST) to the others itself.
  router.all(GRAPHQL_PATH, async function graphql(ctx, next) {
    try {
      const workflowId = ctx.get('x-workflow-id').trim();
      const projectId = ctx.get('x-project-id').trim() || (workflowId ? await deps.projectOfFlow(workflowId) : '');
      if (!projectId) throw new HttpError(400, 'missing_project', MISSING_PROJECT_MESSAGE);
      await checkProjectKey(deps.apiKeys, projectId, ctx.get('authorization')).catch((error: unknown) => {
        ctx.set('WWW-Authenticate', 'Bearer');
        throw error;
      });
      const idempotencyKey = idempotencyKeyOf(ctx.get('idempotency-key') || undefined);
      callers.set(ctx.req, { projectId, schema: await deps.schemas.forProject(projectId), ...(idempotencyKey ? { idempotencyKey } : {}) });
      if (ctx.method === 'POST') (ctx.request as { body?: unknown }).body = await readBody(ctx);
      await handle(ctx, next);
    } catch (error) {
      const known = httpErrorOf(error);
      if (!known) console.error(`[weft] ${ctx.method} ${ctx.path} (request ${ctx.state.requestId}):`, error);
      answerError(ctx, known?.status ?? 500, known?.message ?? 'Internal server error', known?.code ?? 'internal');
    }
  });
  return router;
}

/** A refusal before GraphQL runs, in GraphQL's shape, in the media type the caller accepts. */
function answerError(ctx: Context, status: number, message: string, code: string): void {
  ctx.status = status;
  ctx.type = ctx.accepts('application/json', 'application/graphql-response+json') === 'application/graphql-response+json'
    ? 'application/graphql-response+json; charset=utf-8'
    : 'application/json; charset=utf-8';
  ctx.body = JSON.stringify({ errors: [{ message, extensions: { code } }] });
}

/** The raw body as text, at most MAX_BODY_BYTES (413 past that); graphql-http parses it. */
async function readBody(ctx: Context): Promise<string> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * graphql-http's own request parsing, then the depth checks: the document is scanned as text
 * (GraphQL's parser recurses), variables and extensions are walked as the values they are.
 * Too deep answers 400 `too_deep` in the shape of the route's other refusals.
 */
async function paramsWithinDepth<Raw, Ctx>(req: GraphqlRequest<Raw, Ctx>): Promise<GraphqlResponse | RequestParams> {
  const params = await parseRequestParams(req);
  if (Array.isArray(params)) return params; // a Response: graphql-http answers it as it is
  const { query, variables, extensions } = params as RequestParams;
  try {
    checkTextDepth(query);
    checkBody(variables);
    checkBody(extensions);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const body = JSON.stringify({ errors: [{ message: error.message, extensions: { code: error.code } }] });
    const accept = typeof req.headers.get === 'function' ? req.headers.get('accept') : (req.headers as Record<string, unknown>).accept;
    const graphqlJson = /application\/graphql-response\+json/.test(String(accept ?? ''));
    const type = graphqlJson ? 'application/graphql-response+json; charset=utf-8' : 'application/json; charset=utf-8';
    return [body, { status: error.status, statusText: 'Bad Request', headers: { 'content-type': type } }];
  }
  return params;
}
/** Errors a resolver did not mean for the caller (Redis down, a bug) keep their text in the log only. */
function hideUnexpected(error: Readonly<GraphQLError | Error>): GraphQLError | Error {
  if (!(error instanceof GraphQLError) || !error.originalError || error.originalError instanceof GraphQLError) return error as GraphQLError;
  console.error('[weft] GraphQL resolver failed:', error.originalError);
  return new GraphQLError('Internal server error', { nodes: error.nodes, path: error.path, extensions: { code: 'internal' } });
}
