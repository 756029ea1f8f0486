/**
 * @module runtime/services/credential-tests/test-credentials-route — `POST /api/testCreds/{provider}`
 * (spec 002 §2): does a credential work? `{provider}` is the credential type (smtp,
 * messagingProvider, mcpServer, webSearch, crawlService, postgres, teamsOauth's GET /me of spec 002 §7
 * and s3's ListBuckets of spec 001 §2: one tester each in this folder). The spec's own paths for one type answer the same
 * (`specTestPaths`: POST /api/postgres/testConnection, spec 001 §2, §7).
 *
 * Body `{payload: {projectId, name?, credentials?}}`:
 * - `projectId`: the project the credential belongs to (the signed-in user must see it, as on
 *   every credential route: another organisation's project is 404 'Project not found');
 * - `name`: a saved credential of that project and type, tested as stored;
 * - `credentials`: the form's fields. With `name` too, masked values ('••••…', as the API
 *   shows saved secrets) stand for the stored ones, so an edit form tests what it would save.
 *
 * Answer 200 `{success: true, message}` when the service accepted the credential, 200
 * `{success: false, message}` with the service's own words when it did not (or could not be
 * reached); no secret of the credential is in either. A form that is incomplete is 400 with the
 * same text a save gives ('Invalid SMTP credentials: Port is required').
 */
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { publicCredentialFields } from '../../../catalogue/credentials/index.ts';
import { normalizeCredentials } from '../../../catalogue/credentials/normalize.ts';
import type { ServiceUrls } from '../../../catalogue/service-urls.ts';
import type { TestCredentialsAnswer } from '../../../contract/credentials.ts';
import { requireProjectAccess } from '../../services/auth/access.ts';
import { NotFoundError } from '../../services/domain-errors.ts';
import { objectBody } from '../body.ts';
import { badRequest, notFound } from '../errors.ts';
import { checkAgainstForm, noStore, secretErrors } from './credentials.ts';
import type { Outbound } from '../../services/outbound/client.ts';
import { containsMasked, isPlainObject, MaskedValueError, mergeMasked } from '../../services/secrets/mask.ts';
import { SecretRedactor, secretValuesOf } from '../../../catalogue/secrets/redact.ts';
import type { CredentialStore } from '../../services/stores/credentials.ts';
import { CREDENTIAL_TEST_TIMEOUT_MS } from '../../../catalogue/credential-test.ts';
import { credentialTests } from '../../services/credential-tests/index.ts';
import { credentialAccess } from '../../services/secrets/credential-access.ts';
import { servicesFor, type ProjectServiceProviders } from '../../core/node-services.ts';

export interface TestCredentialsDeps {
  credentials: CredentialStore;
  outbound: Outbound;
  serviceUrls: ServiceUrls;
  /** the services testers declare, from the same providers as a node's */
  services: ProjectServiceProviders;
  /** an OAuth credential's secrets with its access token refreshed (runtime/integrations/oauth/refresh.ts) */
  fresh?: Parameters<typeof credentialAccess>[3];
}

/** The spec's test routes of one credential type, by path. */
export const specTestPaths: Record<string, string> = {
  '/api/postgres/testConnection': 'postgres',
};

const SHAPE = 'Send {"payload": {"projectId": "…", "name": "a saved credential", "credentials": {…the form’s fields}}} (name or credentials, or both)';

export function testCredentialsRouter(deps: TestCredentialsDeps): Router {
  const router = new Router();
  router.use(['/api/testCreds', ...Object.keys(specTestPaths)], noStore(), secretErrors());
  router.post('/api/testCreds/:provider', async function testCredential(ctx) {
    await testAndAnswer(ctx, ctx.params.provider);
  });
  for (const [path, provider] of Object.entries(specTestPaths)) {
    router.post(path, async function testCredentialBySpecPath(ctx) {
      await testAndAnswer(ctx, provider);
    });
  }
  return router;

  async function testAndAnswer(ctx: Context, provider: string): Promise<void> {
    const payload = objectBody(ctx).payload;
    if (!isPlainObject(payload) || typeof payload.projectId !== 'string' || !payload.projectId) throw badRequest(SHAPE);
    const projectId = payload.projectId;
    await requireProjectAccess(ctx, projectId);
    const tester = credentialTests[provider];
    if (!tester) throw notFound(`No credential test for ${provider}: one of ${Object.keys(credentialTests).join(', ')}`);
    const fields = normalizeCredentials(provider, await fieldsToTest(deps.credentials, projectId, provider, payload));
    checkAgainstForm(provider, fields);

    const redactor = new SecretRedactor();
    redactor.add(secretValuesOf(fields, publicCredentialFields(provider)));
    const signal = AbortSignal.timeout(CREDENTIAL_TEST_TIMEOUT_MS);
    const http = deps.outbound.forActor({ idempotencyKey: `testCreds/${randomUUID()}`, signal: () => signal });
    let answer: TestCredentialsAnswer;
    try {
      const services = servicesFor(deps.services, tester.services, { projectId, credentials: credentialAccess(deps.credentials, projectId, undefined, deps.fresh) });
      const note = await tester(fields, { http, serviceUrl: (name) => deps.serviceUrls[name], services, signal });
      answer = { success: true, message: note ? `The credential works: ${note}` : 'The credential works' };
    } catch (error) {
      const reason = signal.aborted ? `No answer within ${CREDENTIAL_TEST_TIMEOUT_MS / 1000} s` : error instanceof Error ? error.message : String(error);
      answer = { success: false, message: reason };
    }
    ctx.body = { success: answer.success, message: redactor.text(answer.message) } satisfies TestCredentialsAnswer;
  }
}

/** The fields to test: the saved credential's, the form's, or the form's with masked values taken from the saved one. */
export async function fieldsToTest(store: CredentialStore, projectId: string, provider: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  const sent = payload.credentials;
  if (sent !== undefined && !isPlainObject(sent)) throw badRequest('payload.credentials must be a JSON object of the form’s fields');
  let stored: Record<string, unknown> | undefined;
  if (payload.name !== undefined) {
    if (typeof payload.name !== 'string' || !payload.name.trim()) throw badRequest('payload.name must be the name of a saved credential');
    const saved = await store.reveal(projectId, payload.name.trim()).catch((error: unknown) => {
      throw error instanceof NotFoundError ? notFound(error.message) : error;
    });
    if (saved.credential_type !== provider) throw badRequest(`${saved.name} is a ${saved.credential_type} credential, not ${provider}`);
    stored = saved.credentials;
  }
  if (!sent) {
    if (!stored) throw badRequest(SHAPE);
    return stored;
  }
  if (!stored) {
    if (containsMasked(sent)) throw badRequest('The credentials hold a masked value: send the real value, or the name of the saved credential');
    return sent;
  }
  try {
    return mergeMasked(sent, stored) as Record<string, unknown>;
  } catch (error) {
    throw error instanceof MaskedValueError ? badRequest(error.message) : error;
  }
}
