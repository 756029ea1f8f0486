/**
 * @module runtime/http/routes/run-access — who may read a flow's runs: the run routes' checks.
 * A run and its events are also readable with an API key of the run's project.
 */
import type { Context } from 'koa';
import { RerunRefusal } from '../../../actors/engine.ts';
import { requireProjectAccess } from '../../services/auth/access.ts';
import { bearerToken, projectOfKey } from '../../services/auth/api-key-check.ts';
import type { ApiKeyStore } from '../../services/stores/api-keys.ts';
import { HttpError } from '../errors.ts';
import type { RunServices } from '../../core/run-services.ts';

export const runNotFound = () => new HttpError(404, 'not_found', 'Run not found');
const workflowNotFound = () => new HttpError(404, 'not_found', 'Workflow not found');

/** A re-run's refusal (actors/rerun-seed.ts) as its answer: 400 or 409, the message naming the field; anything else is thrown on. */
export function refusalAnswer(error: unknown): never {
  if (error instanceof RerunRefusal) throw new HttpError(error.status, error.status === 400 ? 'invalid_request' : 'conflict', error.message);
  throw error;
}

export function runAccess(services: RunServices, apiKeys: Pick<ApiKeyStore, 'projectOf'>) {
  const { engine } = services;
  const keyProjectOf = async (ctx: Context) => {
    const authorization = ctx.get('authorization');
    const projectId = await projectOfKey(apiKeys, authorization).catch((error: unknown) => {
      ctx.set('WWW-Authenticate', 'Bearer');
      throw error;
    });
    // an event stream read with a key ends soon after the key is revoked
    ctx.state.stillSignedIn = async () => (await apiKeys.projectOf(bearerToken(authorization))) === projectId;
    return projectId;
  };
  return {
    /** the flow, when the signed-in user may see its project (else 404 'Workflow not found') */
    async flowOf(ctx: Context, flowId: string) {
      const flow = await services.flow(flowId);
      await requireProjectAccess(ctx, flow.projectId, workflowNotFound);
      return flow;
    },
    /**
     * 404 'Run not found' unless the run exists and belongs to a project the user may see — or,
     * without a session (reads only: the session gate), to the project of the request's API key
     * (401 when it carries no live key).
     */
    async checkRun(ctx: Context, runId: string) {
      const keyProject = ctx.state.access ? null : await keyProjectOf(ctx);
      const meta = await engine.meta(runId);
      if (!meta) throw runNotFound();
      if (keyProject === null) await requireProjectAccess(ctx, meta.projectId, runNotFound);
      else if (keyProject !== meta.projectId) throw runNotFound();
      return meta;
    },
  };
}
