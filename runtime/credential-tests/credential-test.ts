/**
 * @module runtime/credential-tests/credential-test — "does this credential work?" (spec 002 §2:
 * POST /api/testCreds/{provider} for the crawl service, web search, MCP, SMTP and the messaging
 * provider; spec 001 §2 for S3). One tester per credential type, each in its own file here,
 * listed once in `index.ts`. A tester resolves when the service accepts the credential and
 * throws an error carrying the service's own message when it does not.
 */
import type { OutboundClient } from '../../catalogue/outbound.ts';
import type { ServiceName } from '../../catalogue/service-urls.ts';

export interface CredentialTestContext {
  http: OutboundClient;
  serviceUrl(name: ServiceName): string;
}

/** `fields`: the credential's fields as the form holds them (cleaned as on save) */
export type CredentialTest = (fields: Record<string, unknown>, ctx: CredentialTestContext) => Promise<void>;
