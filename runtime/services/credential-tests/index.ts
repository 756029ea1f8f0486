/**
 * @module runtime/credential-tests — every credential tester, by credential type
 * (catalogue/credential-test.ts): those the nodes declare (catalogue/nodes.ts), and one line a
 * type for the credentials no single node owns.
 */
import type { CredentialTest } from '../../../catalogue/credential-test.ts';
import { nodeCredentialTests } from '../../../catalogue/nodes.ts';
import { testCrawlService } from './crawl-service.ts';
import { testMcpServer } from './mcp-server.ts';
import { testMessagingProvider } from './messaging-provider.ts';
import { testS3 } from './s3.ts';
import { testSmtp } from './smtp.ts';
import { testTeamsOauth } from './teams-oauth.ts';
import { testWebSearch } from './web-search.ts';

export const credentialTests: Record<string, CredentialTest> = {
  smtp: testSmtp,
  messagingProvider: testMessagingProvider,
  mcpServer: testMcpServer,
  webSearch: testWebSearch,
  crawlService: testCrawlService,
  teamsOauth: testTeamsOauth,
  s3: testS3,
  ...nodeCredentialTests,
};
