/**
 * @module runtime/integrations/widgets/routes — what the embeddable widgets call, and the widget scripts.
 *
 *   GET  /widgets/chat.js, /widgets/search.js        the built widget scripts (compressed, ETag)
 *   GET  /widgets/chat/:flowId/config                the chat trigger's chatConfig (public fields)
 *   GET  /widgets/chat/:flowId/history?sessionId=    the session's messages
 *   POST /widgets/chat/:flowId/messages              {sessionId, userId, message, metadata} → SSE
 *   GET  /widgets/search/:flowId/config              the search trigger's searchConfig
 *   POST /widgets/search/:flowId/query               {query} → {results, runId}
 *
 * Widgets are public: no API key, no session. The trigger's `domains` guard them: a request
 * whose Origin is not allowed answers 403 'origin_not_allowed' (with CORS headers, so the
 * widget can read why and say so). Messages and searches are production calls
 * (runtime/core/calls/production-call.ts): counted, logged, only for active flows.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import { chatConfigFields, definition as chatTrigger } from '../../../catalogue/interface/chat-trigger-node/definition.ts';
import { definition as searchTrigger, searchConfigFields } from '../../../catalogue/interface/search-trigger-node/definition.ts';
import type { NodeDefinition, InputField } from '../../../catalogue/types.ts';
import { applyDefaults } from '../../../catalogue/values.ts';
import type { CallAccess } from '../../core/calls/admission.ts';
import type { ProductionCalls } from '../../core/calls/production-call.ts';
import { ValidationError } from '../../services/domain-errors.ts';
import { objectBody } from '../body.ts';
import { sendAsset } from '../send-asset.ts';
import { HttpError, runFailure } from '../errors.ts';
import type { ChatHistoryStore } from '../../integrations/widgets/chat-history.ts';
import { answerChatMessage, SESSION_ID_RULE, WIDGET_ID } from './widget-chat.ts';

export interface WidgetRoutesDeps {
  calls: ProductionCalls;
  history: ChatHistoryStore;
  /** where the built widget scripts are (dist/widgets) */
  scriptsDir: string;
  /** how long a search waits for its response node; default 15 s */
  searchTimeoutMs?: number;
  chatTimeoutMs?: number;
}

const MAX_QUERY = 1000;
const SEARCH_TIMEOUT_MS = 15_000;

type Kind = 'chat' | 'search';
const triggers: Record<Kind, { definition: NodeDefinition; fields: readonly InputField[] }> = {
  chat: { definition: chatTrigger, fields: chatConfigFields },
  search: { definition: searchTrigger, fields: searchConfigFields },
};

/** CORS for the calling page: any origin may ask (preflight); the route itself decides. */
function allowCaller(ctx: Context): void {
  const origin = ctx.get('origin');
  ctx.set('Vary', 'Origin');
  if (!origin) return;
  ctx.set('Access-Control-Allow-Origin', origin);
  ctx.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  ctx.set('Access-Control-Allow-Headers', 'content-type');
  ctx.set('Access-Control-Max-Age', '600');
}

/** A widget is public: the page's Origin, checked against the trigger's domains, is its access. */
const pageOf = (ctx: Context): CallAccess => ({ by: 'origin', origin: ctx.get('origin') });

export function widgetsRouter(deps: WidgetRoutesDeps): Router {
  const { calls, history } = deps;
  const router = new Router();

  /** The widget flow's public fields with their defaults, after the same checks a call passes (never `domains`). */
  async function publicConfig(ctx: Context & { params: Record<string, string> }, kind: Kind) {
    const { flow, compiled } = await calls.admit(kind, ctx.params.flowId, pageOf(ctx));
    const values = applyDefaults(triggers[kind].definition, compiled.trigger.values ?? {});
    return { flowId: flow.id, config: Object.fromEntries(triggers[kind].fields.map((field) => [field.name, values[field.name]])) };
  }

  for (const kind of ['chat', 'search'] as const) {
    router.options(`/widgets/${kind}/:flowId/:action`, async function preflight(ctx) {
      allowCaller(ctx);
      ctx.status = 204;
    });
    router.get(`/widgets/${kind}.js`, async function widgetScript(ctx) {
      const file = join(deps.scriptsDir, `${kind}.js`);
      if (!existsSync(file)) throw new HttpError(404, 'not_built', `The ${kind} widget is not built: run npm run build:widgets`);
      // sites embed this stable name: every load revalidates (a 304 while unchanged)
      await sendAsset(ctx, file, 'revalidate');
    });
  }

  router.get('/widgets/chat/:flowId/config', async function chatConfig(ctx) {
    allowCaller(ctx);
    const { flowId, config } = await publicConfig(ctx, 'chat');
    ctx.body = { flowId, chatConfig: config };
  });

  router.get('/widgets/chat/:flowId/history', async function chatHistory(ctx) {
    allowCaller(ctx);
    const { flow } = await calls.admit('chat', ctx.params.flowId, pageOf(ctx));
    const sessionId = String(ctx.query.sessionId ?? '');
    if (!WIDGET_ID.test(sessionId)) throw new HttpError(400, 'bad_request', SESSION_ID_RULE);
    ctx.body = { messages: await history.read(flow.id, sessionId) };
  });

  router.post('/widgets/chat/:flowId/messages', async function chatMessage(ctx) {
    allowCaller(ctx);
    await answerChatMessage(ctx, { calls, history, timeoutMs: deps.chatTimeoutMs });
  });

  router.get('/widgets/search/:flowId/config', async function searchConfig(ctx) {
    allowCaller(ctx);
    const { flowId, config } = await publicConfig(ctx, 'search');
    ctx.body = { flowId, searchConfig: config };
  });

  router.post('/widgets/search/:flowId/query', async function searchQuery(ctx) {
    allowCaller(ctx);
    const body = objectBody(ctx);
    const query = typeof body.query === 'string' ? body.query.trim() : '';
    if (!query) {
      // nothing to search: no run, nothing counted, but the same refusals as a search
      await calls.admit('search', ctx.params.flowId, pageOf(ctx));
      ctx.body = { results: [] };
      return;
    }
    const outcome = await calls.call({
      flowId: ctx.params.flowId,
      policy: { door: 'search', access: pageOf(ctx), waitMs: deps.searchTimeoutMs ?? SEARCH_TIMEOUT_MS, late: 'fail' },
      request: { method: ctx.method, path: ctx.path, body },
      input() {
        if (query.length > MAX_QUERY) throw new ValidationError(`query must be at most ${MAX_QUERY} characters`);
        return { searchQuery: query };
      },
      variant: ({ compiled }) => ({ plan: compiled.plan, async: false }),
    });
    ctx.set('X-Weft-Run-Id', outcome.runId);
    if (outcome.status === 'failed') throw runFailure(outcome.runId, outcome.failure);
    const output = (outcome.status === 'answered' ? outcome.output : null) as { results?: unknown } | null;
    ctx.body = { runId: outcome.runId, results: Array.isArray(output?.results) ? output.results : [] };
  });

  return router;
}
