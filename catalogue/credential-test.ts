/**
 * @module catalogue/credential-test — "does this credential work?" (spec 002 §2:
 * POST /api/testCreds/{provider} for the crawl service, web search, MCP, SMTP and the messaging
 * provider; spec 001 §2 for S3). One tester per credential type: in the folder of the node
 * that owns the credential, declared by it (`defineNode(…, { credentialTests })`), or, for a
 * credential no node uses (web search), in runtime/services/credential-tests/ and listed in
 * its `index.ts`. A tester resolves (optionally to a short note, e.g. what it found)
 * when the service accepts the credential, and throws an error carrying the service's own
 * message when it does not. The route (runtime/http/routes/credential-tests.ts) removes every secret of the
 * credential from what it answers.
 */
import type { McpAccess } from './services/mcp.ts';
import type { SmtpAccess } from './services/smtp.ts';
import type { PostgresAccess } from './services/postgres.ts';
import type { OutboundClient, OutboundResponse } from './outbound.ts';
import type { ServiceName } from './service-urls.ts';

export interface CredentialTestContext {
  http: OutboundClient;
  serviceUrl(name: ServiceName): string;
  /** SMTP servers under the address policy (runtime/services/smtp/) */
  smtp: SmtpAccess;
  /** MCP servers under the address policy (runtime/services/mcp-client/) */
  mcp: McpAccess;
  /** Postgres databases under the address policy (runtime/services/postgres/) */
  postgres?: PostgresAccess;
  /** the test's deadline */
  signal: AbortSignal;
}

/** `fields`: the credential's fields as the form holds them (cleaned as on save) */
export type CredentialTest = (fields: Record<string, unknown>, ctx: CredentialTestContext) => Promise<string | void>;

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
