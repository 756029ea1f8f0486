/** @module runtime/credential-tests — every credential tester, by credential type (credential-test.ts). One line a type. */
import type { CredentialTest } from './credential-test.ts';
import { testCrawlService } from './crawl-service.ts';

export const credentialTests: Record<string, CredentialTest> = {
  crawlService: testCrawlService,
};
