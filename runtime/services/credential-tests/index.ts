/**
 * @module runtime/credential-tests — every credential tester, by credential type
 * (catalogue/credential-test.ts): those the nodes declare (catalogue/nodes.ts), and one line a
 * type for the credentials no node uses (web search).
 */
import type { CredentialTest } from '../../../catalogue/credential-test.ts';
import { nodeCredentialTests } from '../../../catalogue/nodes.ts';
import { testWebSearch } from './web-search.ts';

export const credentialTests: Record<string, CredentialTest> = {
  webSearch: testWebSearch,
  ...nodeCredentialTests,
};
