/**
 * @module runtime/http/routes/transfer — export and import (contract/flow-export.ts):
 * `GET /api/flows/:flowId/export` and `GET /api/projects/:projectId/export` (`?versions=true`
 * adds the deployed versions) answer the document as a download; `POST
 * /api/projects/:projectId/import` takes one (any older flow format is migrated forward; a newer
 * one is 400 naming both versions) → 201 with the flows made and the credentials to fill in.
 * `GET /schemas/weft-export.json` is the document's JSON Schema, open to anyone.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { requireProjectAccess } from '../../services/auth/access.ts';
import { exportFlow, exportProject, type TransferDeps } from '../../services/flows/transfer/export-flows.ts';
import { EXPORT_SCHEMA_PATH, exportSchema } from '../../services/flows/transfer/export-schema.ts';
import { importExport } from '../../services/flows/transfer/import-flows.ts';
import type { PlanOf } from '../../services/usage/plan-of.ts';
import { objectBody } from '../body.ts';
import { badRequest } from '../errors.ts';
import { flowOfUser } from './flows.ts';

function withVersions(ctx: Context): boolean {
  const asked = ctx.query.versions;
  if (asked === undefined || asked === 'false') return false;
  if (asked === 'true') return true;
  throw badRequest('versions must be true or false');
}

/** a file name of letters, digits and dashes */
const fileName = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'weft'}.weft.json`;

function download(ctx: Context, name: string, body: unknown): void {
  ctx.set('Content-Disposition', `attachment; filename="${fileName(name)}"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

export function transferRouter(deps: TransferDeps & { planOf: PlanOf }): Router {
  const router = new Router();
  router.get(EXPORT_SCHEMA_PATH, function exportSchemaDocument(ctx) {
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.type = 'application/schema+json';
    ctx.body = JSON.stringify(exportSchema, null, 2);
  });
  router.get('/api/flows/:flowId/export', async function exportOneFlow(ctx) {
    const flow = await flowOfUser(ctx, deps.flows, ctx.params.flowId);
    download(ctx, flow.name, await exportFlow(deps, flow, withVersions(ctx)));
  });
  router.get('/api/projects/:projectId/export', async function exportAProject(ctx) {
    const project = await requireProjectAccess(ctx, ctx.params.projectId);
    download(ctx, project.name, await exportProject(deps, project, withVersions(ctx)));
  });
  router.post('/api/projects/:projectId/import', async function importDocument(ctx) {
    const project = await requireProjectAccess(ctx, ctx.params.projectId);
    const user = ctx.state.user as { id: string; email: string };
    ctx.status = 201;
    ctx.body = await importExport(deps, project.id, objectBody(ctx), { userId: user.id, email: user.email });
  });
  return router;
}
