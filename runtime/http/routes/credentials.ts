/**
 * @module runtime/http/routes/credentials — a project's credentials over HTTP. Answers carry
 * masked values only (runtime/services/secrets/mask.ts); no route ever answers a secret.
 */
import Router from '@koa/router';
import { projectAccessGuard } from '../../services/auth/access.ts';
import type { Middleware } from 'koa';
import { smtpCredentialProblems } from '../../../catalogue/services/smtp.ts';
import { credentialFormOf, credentialForms } from '../../../catalogue/credentials/index.ts';
import { normalizeCredentials } from '../../../catalogue/credentials/normalize.ts';
import type { NodeDefinition } from '../../../catalogue/types.ts';
import { validateValues } from '../../../catalogue/values.ts';
import { SecretError } from '../../services/secrets/cipher.ts';
import { isPlainObject } from '../../services/secrets/mask.ts';
import type { CredentialInput, CredentialPatch } from '../../../contract/credentials.ts';
import type { CredentialStore } from '../../services/stores/credentials.ts';
import type { PlanOf } from '../../services/usage/plan-of.ts';
import { STARTER_PLAN } from '../../services/usage/plans.ts';
import { objectBody } from '../body.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';

export const MAX_NAME = 100;
/** the credentials object of one credential, as JSON */
export const MAX_CREDENTIALS_BYTES = 64 * 1024;

const editable = ['name', 'credential_type', 'marketplace_id', 'is_active', 'credentials'];
/** fields of an answer a client may send back in a PUT; they are not changed by it */
const readOnly = ['id', 'project_id', 'createdAt', 'updatedAt'];

function text(value: unknown, field: string, label: string): string {
  if (typeof value !== 'string' || !value.trim()) throw badRequest(`A credential needs a ${label} (${field}: a non-empty string)`);
  if (value.trim().length > MAX_NAME) throw badRequest(`${field} has at most ${MAX_NAME} characters`);
  return value.trim();
}

function credentialsObject(value: unknown): Record<string, unknown> {
  if (!isPlainObject(value) || Object.keys(value).length === 0) {
    throw badRequest('A credential needs its credentials: a JSON object with at least one field');
  }
  if (Buffer.byteLength(JSON.stringify(value)) > MAX_CREDENTIALS_BYTES) {
    throw badRequest(`credentials are at most ${MAX_CREDENTIALS_BYTES} bytes of JSON`);
  }
  return value;
}

function marketplaceId(value: unknown): number | string | null {
  if (value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 0)) return value;
  if (typeof value === 'string' && value.trim() && value.length <= MAX_NAME) return value.trim();
  throw badRequest('marketplace_id must be a whole number, a non-empty string or null');
}

function active(value: unknown): boolean {
  if (typeof value !== 'boolean') throw badRequest('is_active must be true or false');
  return value;
}

function unknownFields(body: Record<string, unknown>, allowed: string[]): void {
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length) throw badRequest(`Unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}: a credential has ${editable.join(', ')}`);
}

function credentialType(value: unknown): string {
  const type = text(value, 'credential_type', 'type');
  if (!credentialFormOf(type)) {
    throw badRequest(`Unknown credential_type ${type}: one of ${credentialForms.map((f) => f.type).join(', ')} (GET /api/catalogue/credentials)`);
  }
  return type;
}

/** an HTTP header name a server and the proxies before it take: a letter, then letters, digits, '-' or '_' */
const headerName = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/;
export const HEADER_NAME_MESSAGE = "Header name must start with a letter and hold only letters, digits, '-' and '_' (at most 100), e.g. Authorization or X-Api-Key";

/**
 * The credentials checked against the type's form (GET /api/catalogue/credentials): required
 * fields that the user types in (not the hidden ones an OAuth flow fills), numbers, selects.
 * The messages name fields only, never a value.
 */
export function checkAgainstForm(type: string, credentials: Record<string, unknown>): void {
  const form = credentialFormOf(type)!;
  const inputs = form.fields.filter((field) => !field.hidden);
  const problems = validateValues({ inputs } as unknown as NodeDefinition, credentials);
  if (type === 'httpHeader' && typeof credentials.headerName === 'string' && !headerName.test(credentials.headerName.trim())) {
    problems.push({ field: 'headerName', message: HEADER_NAME_MESSAGE });
  }
  if (type === 'smtp') problems.push(...smtpCredentialProblems(credentials));
  if (problems.length > 0) {
    throw badRequest(`Invalid ${form.label} credentials: ${problems.map((p) => p.message).join('; ')}`, { fields: problems.map((p) => p.field) });
  }
}

export function parseCredentialInput(body: Record<string, unknown>): CredentialInput {
  unknownFields(body, editable);
  const input: CredentialInput = {
    name: text(body.name, 'name', 'name'),
    credential_type: credentialType(body.credential_type),
    marketplace_id: body.marketplace_id === undefined ? (credentialFormOf(String(body.credential_type))?.marketplaceId ?? null) : marketplaceId(body.marketplace_id),
    is_active: body.is_active === undefined ? true : active(body.is_active),
    credentials: credentialsObject(body.credentials),
  };
  input.credentials = normalizeCredentials(input.credential_type, input.credentials);
  checkAgainstForm(input.credential_type, input.credentials);
  return input;
}

export function parseCredentialPatch(body: Record<string, unknown>): CredentialPatch {
  unknownFields(body, [...editable, ...readOnly]);
  const patch: CredentialPatch = {};
  if (body.name !== undefined) patch.name = text(body.name, 'name', 'name');
  if (body.credential_type !== undefined) patch.credential_type = credentialType(body.credential_type);
  if (body.marketplace_id !== undefined) patch.marketplace_id = marketplaceId(body.marketplace_id);
  if (body.is_active !== undefined) patch.is_active = active(body.is_active);
  if (body.credentials !== undefined) patch.credentials = credentialsObject(body.credentials);
  if (Object.keys(patch).length === 0) throw badRequest(`Nothing to change: send one of ${editable.join(', ')}`);
  return patch;
}

/**
 * Cipher failures answer their spec text: a stored credential that no longer opens is 422
 * 'Corrupted or invalid credential…'; a server without its secret is 500 'Missing credentials key'.
 */
export function secretErrors(): Middleware {
  return async function answerSecretErrors(ctx, next) {
    try {
      await next();
    } catch (error) {
      if (!(error instanceof SecretError)) throw error;
      throw new HttpError(error.code === 'corrupted' ? 422 : 500, error.code, error.message);
    }
  };
}

/** Answers that may hold even masked secrets are not kept by browsers or proxies. */
export function noStore(): Middleware {
  return async function forbidCaching(ctx, next) {
    await next();
    ctx.set('Cache-Control', 'no-store');
  };
}

/**
 * Pro credential types (spec 000 §6, 002 §1: OAuth, object storage, OneDrive, SharePoint, team
 * messaging) are for paid plans: a starter-plan project cannot create one or switch one to such
 * a type (403). Credentials made before a downgrade stay usable.
 */
export async function requirePlanFor(type: string, projectId: string, planOf: PlanOf): Promise<void> {
  const form = credentialFormOf(type)!;
  if (!form.isPro || (await planOf(projectId)) !== STARTER_PLAN) return;
  throw new HttpError(403, 'pro_required', `${form.label} credentials need a paid plan: this project's organisation is on the starter plan`);
}

export function credentialsRouter(deps: { credentials: CredentialStore; planOf: PlanOf }): Router {
  const router = new Router({ prefix: '/api/projects/:projectId/credentials' });
  router.use(noStore(), secretErrors());
  // only members of the project's organisation; another organisation's project is 404
  router.use(projectAccessGuard);

  router.get('/', async function listCredentials(ctx) {
    ctx.body = await deps.credentials.list(ctx.params.projectId);
  });

  router.post('/', async function createCredential(ctx) {
    const input = parseCredentialInput(objectBody(ctx));
    await requirePlanFor(input.credential_type, ctx.params.projectId, deps.planOf);
    ctx.status = 201;
    ctx.body = await deps.credentials.create(ctx.params.projectId, input);
  });

  /** found by name within the project (spec 000 §3), or the spec's not-found text */
  router.get('/by-name/:name', async function getCredentialByName(ctx) {
    ctx.body = await deps.credentials.getByName(ctx.params.projectId, ctx.params.name);
  });

  router.get('/:credentialId', async function getCredential(ctx) {
    const credential = await deps.credentials.get(ctx.params.projectId, ctx.params.credentialId);
    if (!credential) throw notFound('Credential not found');
    ctx.body = credential;
  });

  router.put('/:credentialId', async function updateCredential(ctx) {
    const patch = parseCredentialPatch(objectBody(ctx));
    if (patch.credentials || patch.credential_type) {
      const current = await deps.credentials.get(ctx.params.projectId, ctx.params.credentialId);
      if (!current) throw notFound('Credential not found');
      if (patch.credentials) patch.credentials = normalizeCredentials(patch.credential_type ?? current.credential_type, patch.credentials);
      checkAgainstForm(patch.credential_type ?? current.credential_type, patch.credentials ?? current.credentials);
      if (patch.credential_type && patch.credential_type !== current.credential_type) await requirePlanFor(patch.credential_type, ctx.params.projectId, deps.planOf);
    }
    ctx.body = await deps.credentials.update(ctx.params.projectId, ctx.params.credentialId, patch);
  });

  router.delete('/:credentialId', async function deleteCredential(ctx) {
    if (!(await deps.credentials.delete(ctx.params.projectId, ctx.params.credentialId))) throw notFound('Credential not found');
    ctx.status = 204;
  });

  return router;
}
