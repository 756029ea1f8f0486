/**
 * @module runtime/http/routes/automation-workflows — spec 000 §7 `POST /api/n8nworkflow`: the
 * workflows of the project's n8n instance that call weft, for the automation-service trigger's
 * form. Body `{ projectId, credentials }`: `credentials` is the name of an automation service
 * credential of the project, or the form's fields `{ hostUrl, apiKey }` before it is saved.
 * Answer `{ data: [{ id, name, nodes }] }`. A credential not there is 404; an instance that
 * cannot be reached or refuses is 502 with its reason (its status text).
 */
import Router from '@koa/router';
import { randomUUID } from 'node:crypto';
import { isNodeError } from '../../../catalogue/errors.ts';
import { automationCredentialOf, weftWorkflows } from '../../../catalogue/interface/automation-trigger-node/n8n-workflows.ts';
import { requireProjectAccess } from '../../services/auth/access.ts';
import type { Outbound } from '../../services/outbound/client.ts';
import { credentialAccess } from '../../services/secrets/credential-access.ts';
import type { CredentialStore } from '../../services/stores/credentials.ts';
import { objectBody } from '../body.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';

export function automationWorkflowsRouter(deps: { credentials: CredentialStore; outbound: Outbound }): Router {
  const router = new Router();
  router.post('/api/n8nworkflow', async function listAutomationWorkflows(ctx) {
    const body = objectBody(ctx);
    if (typeof body.projectId !== 'string' || !body.projectId) throw badRequest('projectId is required: the project whose credential lists the workflows');
    const project = await requireProjectAccess(ctx, body.projectId);
    const fields = await credentialFields(deps.credentials, project.id, body.credentials);
    try {
      const credential = automationCredentialOf(fields);
      const http = deps.outbound.forActor({ idempotencyKey: `n8nworkflow/${randomUUID()}`, signal: () => AbortSignal.timeout(60_000) });
      const workflows = await weftWorkflows(http, credential);
      ctx.body = { data: workflows.map(({ id, name, nodes }) => ({ id, name, nodes })) };
    } catch (error) {
      if (!isNodeError(error)) throw error;
      throw new HttpError(error.kind === 'user' && !error.message.startsWith('The automation service refused') ? 400 : 502, 'automation_service', error.message);
    }
  });
  return router;
}

async function credentialFields(store: CredentialStore, projectId: string, given: unknown): Promise<Record<string, unknown>> {
  if (typeof given === 'object' && given !== null && !Array.isArray(given)) return given as Record<string, unknown>;
  if (typeof given !== 'string' || !given.trim()) throw badRequest('credentials is required: the name of an automation service credential, or its { hostUrl, apiKey }');
  return credentialAccess(store, projectId)
    .get(given.trim())
    .catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      throw message.startsWith('No credentials') ? notFound(message) : error;
    });
}
