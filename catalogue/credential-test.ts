/**
 * @module catalogue/credential-test — "does this credential work?" (spec 002 §2:
 * POST /api/testCreds/{provider} for the crawl service, web search, MCP, SMTP and the messaging
 * provider; spec 001 §2 for S3). One tester per credential type: in the folder of the node
 * that owns the credential, declared by it (`defineNode(…, { credentialTests })`), or, for a
 * credential no node uses (web search), in runtime/services/credential-tests/ and listed in
 * its `index.ts`. A tester resolves (optionally to a short note, e.g. what it found)
 * when the service accepts the credential, and throws an error carrying the service's own
 * message when it does not. A tester that needs runtime services (SMTP, MCP, Postgres) declares
 * them by name as a node does (`credentialTestUsing(['smtp'], …)`): `ctx.services` holds them, typed. The route (runtime/http/routes/credential-tests.ts) removes every secret of the
 * credential from what it answers.
 */
import type { NodeServiceName, ServicesOf } from './services/index.ts';
import type { OutboundClient, OutboundResponse } from './outbound.ts';
import type { ServiceName } from './service-urls.ts';

export interface CredentialTestContext<S extends NodeServiceName = never> {
  http: OutboundClient;
  serviceUrl(name: ServiceName): string;
  /** the services the tester declares (`credentialTestUsing`), built by the runtime from the same providers as a node's */
  services: ServicesOf<S>;
  /** the test's deadline */
  signal: AbortSignal;
}

/** `fields`: the credential's fields as the form holds them (cleaned as on save); `services`: the names it reads in `ctx.services` */
export interface CredentialTest {
  (fields: Record<string, unknown>, ctx: CredentialTestContext): Promise<string | void>;
  readonly services?: readonly NodeServiceName[];
}

/** A tester that reads runtime services, declared by name as a node declares its own: `ctx.services` is typed from `services`. */
export function credentialTestUsing<const S extends NodeServiceName>(services: readonly S[], test: (fields: Record<string, unknown>, ctx: CredentialTestContext<S>) => Promise<string | void>): CredentialTest {
  // the runtime builds ctx.services from `services` (runtime/core/node-services.ts `servicesFor`)
  return Object.assign((fields: Record<string, unknown>, ctx: CredentialTestContext) => test(fields, ctx as unknown as CredentialTestContext<S>), { services });
}

/** How long one test may take, all steps included. */
export const CREDENTIAL_TEST_TIMEOUT_MS = 30_000;

/**
 * A refusal by an HTTP API as an error carrying the service's own words: its JSON answer's
 * `message`, `error` (text or `{message}`), `detail` (text or `{error}`), else the answer's
 * text (its first 300 characters), else the status text — always after the status.
 */
export function refusal(response: OutboundResponse): Error {
  const text = response.text().trim();
  let said = '';
  try {
    said = wordsOf(JSON.parse(text));
  } catch {
    said = text.slice(0, 300);
  }
  return new Error(`${response.status} ${said || response.statusText}`.trim());
}

function wordsOf(answer: unknown): string {
  if (typeof answer === 'string') return answer;
  if (!answer || typeof answer !== 'object') return '';
  const record = answer as Record<string, unknown>;
  for (const key of ['message', 'error', 'detail', 'error_description']) {
    const words = wordsOf(record[key]);
    if (words) return words;
  }
  return '';
}
