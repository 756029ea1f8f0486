/**
 * @module runtime/http/routes/logs — a project's production log records, newest first:
 * GET /api/projects/:projectId/logs?flowId&severity&from&to&cursor&limit → {items, nextCursor}.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { projectAccessGuard } from '../../services/auth/access.ts';
import { severities, type LogQuery, type Severity } from '../../../contract/logs.ts';
import { InvalidCursorError, type LogStore } from '../../services/stores/logs.ts';
import { badRequest } from '../errors.ts';

export const DEFAULT_LOG_PAGE = 50;
export const MAX_LOG_PAGE = 200;

const one = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** A time given as milliseconds since 1970 or as an ISO 8601 date. */
function timeParam(ctx: Context, name: 'from' | 'to'): number | undefined {
  const text = one(ctx.query[name]);
  if (text === undefined || text === '') return undefined;
  const ms = /^\d+$/.test(text) ? Number(text) : /^\d{4}-\d\d-\d\d/.test(text) ? Date.parse(text) : NaN;
  if (!Number.isFinite(ms)) throw badRequest(`${name} must be a time: an ISO 8601 date or milliseconds since 1970 (got '${text.slice(0, 40)}')`);
  return ms;
}

export function logQueryOf(ctx: Context): LogQuery & { limit: number } {
  const flowId = one(ctx.query.flowId) || undefined;
  if (flowId !== undefined && !/^[\w-]{1,128}$/.test(flowId)) throw badRequest('flowId must be a flow id');
  const severityText = one(ctx.query.severity) || undefined;
  const severity = severityText?.toUpperCase() as Severity | undefined;
  if (severity !== undefined && !severities.includes(severity)) throw badRequest(`severity must be one of ${severities.join(', ')}`);
  const from = timeParam(ctx, 'from');
  const to = timeParam(ctx, 'to');
  if (from !== undefined && to !== undefined && from > to) throw badRequest('from must not be after to');
  const limitText = one(ctx.query.limit);
  const limit = limitText === undefined || limitText === '' ? DEFAULT_LOG_PAGE : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LOG_PAGE) throw badRequest(`limit must be a whole number from 1 to ${MAX_LOG_PAGE}`);
  return { flowId, severity, from, to, limit, cursor: one(ctx.query.cursor) || undefined };
}

export function logsRouter(deps: { logs: LogStore }): Router {
  const router = new Router();
  // only members of the project's organisation; another organisation's project is 404
  router.get('/api/projects/:projectId/logs', projectAccessGuard, async function projectLogs(ctx) {
    const query = logQueryOf(ctx);
    ctx.set('cache-control', 'no-store');
    try {
      ctx.body = await deps.logs.query(ctx.params.projectId, query);
    } catch (error) {
      if (error instanceof InvalidCursorError) throw badRequest(error.message);
      throw error;
    }
  });
  return router;
}
