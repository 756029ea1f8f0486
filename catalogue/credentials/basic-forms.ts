/**
 * @module catalogue/credentials/basic-forms — credential types typed in by the user (spec 002
 * §1: "Basic: relational database, automation service, crawl service, web search, MCP, SMTP,
 * messaging provider"; "Pro: object storage"), plus weft's own types for the API Request node
 * and AI model providers. Fields as spec 001 §3 and 002 §3 list them. A form one node owns is in
 * that node's folder (`credential-form.ts`); those several nodes share (the crawl service's, the
 * model provider's) or no node uses (web search: the test route's) are here.
 */
import { postgresCredentialForm } from '../data-source/postgres-node/credential-form.ts';
import { s3CredentialForm } from '../data-source/s3-trigger-node/credential-form.ts';
import { automationServiceCredentialForm } from '../interface/automation-trigger-node/credential-form.ts';
import { fileParsingServiceCredentialForm } from '../app/extract-file-node/credential-form.ts';
import { mcpServerCredentialForm } from '../ai/mcp-node/credential-form.ts';
import { smtpCredentialForm } from '../app/smtp-node/credential-form.ts';
import { messagingProviderCredentialForm } from '../app/messaging-node/credential-form.ts';
import { httpHeaderCredentialForm } from '../app/api-node/credential-form.ts';
import type { CredentialForm } from './types.ts';

export const basicForms: CredentialForm[] = [
  postgresCredentialForm,
  s3CredentialForm,
  automationServiceCredentialForm,
  {
    type: 'crawlService',
    testable: true,
    label: 'Crawl service',
    description: 'The crawl and scrape service of the crawler, scraper and crawl-service nodes.',
    authType: 'basic',
    fields: [
      { name: 'apiKey', label: 'API key', type: 'text', required: true, isPrivate: true },
      { name: 'hostUrl', label: 'Host URL', type: 'text', description: 'Leave empty for the provider’s public API; a trailing slash is removed.' },
    ],
  },
  fileParsingServiceCredentialForm,
  {
    type: 'webSearch',
    testable: true,
    label: 'Web search service',
    description: 'The web search service’s API key.',
    authType: 'basic',
    fields: [{ name: 'apiKey', label: 'API key', type: 'text', required: true, isPrivate: true }],
  },
  mcpServerCredentialForm,
  smtpCredentialForm,
  messagingProviderCredentialForm,
  httpHeaderCredentialForm,
  {
    // spec 000 §3 "Model param": credential_name; 'API key and Gateway URL must be set' (§8)
    type: 'modelProvider',
    label: 'AI model provider',
    description: 'The key (and, for a gateway or self-hosted provider, the URL) the AI nodes call models with.',
    authType: 'basic',
    fields: [
      { name: 'apiKey', label: 'API key', type: 'text', required: true, isPrivate: true },
      { name: 'baseUrl', label: 'Gateway URL', type: 'text', description: 'Leave empty for the provider’s own API.' },
    ],
  },
];
