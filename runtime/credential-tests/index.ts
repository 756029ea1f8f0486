/** @module runtime/credential-tests — every credential tester, by credential type (credential-test.ts). One line a type. */
import type { CredentialTest } from './credential-test.ts';
import { testCrawlService } from './crawl-service.ts';
import { testMcpServer } from './mcp-server.ts';
import { testMessagingProvider } from './messaging-provider.ts';
import { testS3 } from './s3.ts';
import { testPostgres } from './postgres.ts';
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
  postgres: testPostgres,
};
