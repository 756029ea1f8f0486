/**
 * @module runtime/integrations/teams/teams-hook-route — the Teams trigger's inbound endpoint, the bot's
 * messaging endpoint: `POST /hook/teams/:flowId` with a Bot Framework activity. The caller is
 * checked as the Bot Framework authenticates (bot-framework-auth.ts) against the App ID of the
 * trigger's credential; a message the trigger asks for starts a production run of the flow's
 * deployed version through the one production-call path, answered at once (200 `{runId}`) while
 * the run goes on; any other activity is acknowledged (200 `{ignored: true}`) and starts nothing.
 * A call that is not the Bot Framework's is 401.
 */
import Router from '@koa/router';
import { activityMatches } from '../../../catalogue/app/teams-trigger-node/activity-filter.ts';
import { teamsCredentialOf } from '../../../catalogue/app/teams-node/teams-credential.ts';
import type { ProductionCalls } from '../../core/calls/production-call.ts';
import { UnauthorizedError } from '../../services/domain-errors.ts';
import { objectBody } from '../body.ts';
import { credentialAccess } from '../../services/secrets/credential-access.ts';
import type { CredentialStore } from '../../services/stores/credentials.ts';
import type { BotFrameworkAuth } from '../../integrations/teams/bot-framework-auth.ts';

export interface TeamsHookDeps {
  calls: ProductionCalls;
  credentials: CredentialStore;
  auth: BotFrameworkAuth;
}

export function teamsHookRouter(deps: TeamsHookDeps): Router {
  const router = new Router();
  router.post('/hook/teams/:flowId', async function teamsActivity(ctx) {
    const activity = objectBody(ctx);
    const authorization = ctx.get('authorization');
    const admitted = await deps.calls
      .admit('teams', ctx.params.flowId, {
        by: 'signed',
        async verify(flow, trigger) {
          const name = typeof trigger.values?.credentials === 'string' ? trigger.values.credentials : '';
          const appId = await credentialAccess(deps.credentials, flow.projectId)
            .get(name)
            .then((fields) => teamsCredentialOf(fields).clientId)
            .catch(() => '');
          await deps.auth.verify(authorization, activity, appId);
        },
      })
      .catch((error: unknown) => {
        if (error instanceof UnauthorizedError) ctx.set('WWW-Authenticate', 'Bearer');
        throw error;
      });
    if (!activityMatches(admitted.compiled.trigger.values ?? {}, activity)) {
      ctx.body = { ignored: true, reason: 'The trigger does not ask for this activity' };
      return;
    }
    const outcome = await deps.calls.call({
      flowId: admitted.flow.id,
      version: admitted.version,
      policy: { door: 'teams', access: { by: 'project', projectId: admitted.flow.projectId }, waitMs: 0, late: 'follow' },
      input: () => activity,
      request: { method: ctx.method, path: ctx.path, body: activity },
      // the Bot Framework wants its answer within seconds: the run goes on without it
      variant: ({ compiled }) => ({ plan: compiled.plan, async: true }),
    });
    ctx.set('X-Weft-Run-Id', outcome.runId);
    ctx.body = { runId: outcome.runId };
  });
  return router;
}
