/**
 * @module catalogue/credentials/basic-forms — credential types typed in by the user (spec 002
 * §1: "Basic: relational database, automation service, crawl service, web search, MCP, SMTP,
 * messaging provider"; "Pro: object storage"), plus weft's own types for the API Request node
 * and AI model providers. Fields as spec 001 §3 and 002 §3 list them.
 */
import { SMTP_SECURITY_LABELS, SMTP_SECURITY_MODES, SMTP_TLS_MODES } from '../services/smtp-security.ts';
import { postgresCredentialForm } from '../data-source/postgres-node/credential-form.ts';
import type { CredentialForm } from './types.ts';

export const basicForms: CredentialForm[] = [
  postgresCredentialForm,
  {
    type: 's3',
    label: 'S3 (object storage)',
    description: 'An access key pair of an S3-compatible object store.',
    authType: 'basic',
    isPro: true,
    testable: true,
    fields: [
      { name: 'awsAccessKeyId', label: 'Access key id', type: 'text', required: true },
      { name: 'awsSecretAccessKey', label: 'Secret access key', type: 'text', required: true, isPrivate: true },
      { name: 'awsRegion', label: 'Region', type: 'text', required: true, defaultValue: 'us-east-1' },
    ],
  },
  {
    type: 'automationService',
    label: 'Automation service',
    description: 'The automation service whose workflows the automation-service trigger lists (integration 6).',
    authType: 'basic',
    fields: [
      { name: 'hostUrl', label: 'Host URL', type: 'text', required: true, placeholder: 'https://automation.example.com' },
      { name: 'apiKey', label: 'API key', type: 'text', required: true, isPrivate: true },
    ],
  },
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
  {
    type: 'fileParsingService',
    label: 'File parsing service',
    description: 'The remote file-parsing service of Extract from File (spec 002 §7: {hostUrl}/tools/{pdf|doc}/parse, pdf/to-images).',
    authType: 'basic',
    fields: [
      { name: 'hostUrl', label: 'Host URL', type: 'text', required: true, placeholder: 'https://utils.example.com', description: 'A trailing slash is removed.' },
      { name: 'apiKey', label: 'API key', type: 'text', required: true, isPrivate: true },
    ],
  },
  {
    type: 'webSearch',
    testable: true,
    label: 'Web search service',
    description: 'The web search service’s API key.',
    authType: 'basic',
    fields: [{ name: 'apiKey', label: 'API key', type: 'text', required: true, isPrivate: true }],
  },
  {
    type: 'mcpServer',
    testable: true,
    label: 'MCP server',
    defaultName: 'MCP Server',
    description: 'An MCP server whose tools the MCP node offers to the model (integration 12).',
    authType: 'basic',
    marketplaceId: 12,
    fields: [
      { name: 'hostUrl', label: 'Host URL', type: 'text', required: true, placeholder: 'https://mcp.example.com/mcp', description: 'A trailing slash is removed.' },
      { name: 'type', label: 'Type', type: 'select', defaultValue: 'http', values: [{ label: 'http', value: 'http' }, { label: 'sse', value: 'sse' }] },
      { name: 'headers', label: 'Headers', type: 'json', isPrivate: true, description: 'A JSON object of header names to values sent to the server (optional); JSON text is stored parsed.' },
    ],
  },
  {
    type: 'smtp',
    testable: true,
    label: 'SMTP',
    description:
      'A mail server the SMTP node sends through (integration 18). Username and password may both be left empty for a ' +
      'relay that takes mail without a login; a password is only ever sent over TLS, unless Security is "None" and the ' +
      'operator allows the host (WEFT_OUTBOUND_ALLOW).',
    authType: 'basic',
    marketplaceId: 18,
    fields: [
      { name: 'senderEmail', label: 'Sender email', type: 'text', required: true },
      { name: 'senderName', label: 'Sender name', type: 'text', required: true },
      { name: 'host', label: 'Host', type: 'text', required: true },
      { name: 'port', label: 'Port', type: 'number', required: true, minValue: 1, maxValue: 65535, step: 1, description: 'Usually 587 (STARTTLS), 465 (implicit TLS) or 25 (a local relay).' },
      { name: 'username', label: 'Username', type: 'text', description: 'Empty, with an empty password, for a relay that takes mail without a login.' },
      { name: 'password', label: 'Password', type: 'text', isPrivate: true },
      {
        name: 'security',
        label: 'Security',
        type: 'select',
        required: true,
        defaultValue: 'starttls',
        values: SMTP_SECURITY_MODES.map((mode) => ({ label: SMTP_SECURITY_LABELS[mode], value: mode })),
        description:
          'Implicit TLS: TLS from the start (port 465). STARTTLS required: the server must offer STARTTLS (port 587). ' +
          'STARTTLS when offered: TLS if the server offers it, else unencrypted, and then without a login. None: never TLS; ' +
          'mail (and a login, only to a host the operator allows) crosses the network in clear text. A credential saved ' +
          'without this field uses Implicit TLS on port 465 and STARTTLS required elsewhere.',
      },
      {
        name: 'caCertificate',
        label: 'CA certificate',
        type: 'textarea',
        actionField: 'security',
        actionValue: SMTP_TLS_MODES,
        placeholder: '-----BEGIN CERTIFICATE-----',
        description:
          'Optional: the PEM certificate of the authority that signed a private relay’s certificate (several may be pasted), ' +
          'trusted besides the system’s. Certificates are always verified.',
      },
    ],
  },
  {
    type: 'messagingProvider',
    testable: true,
    label: 'Messaging provider (SMS, voice, WhatsApp)',
    description: 'The messaging provider’s account (integration 17, basic auth).',
    authType: 'basic',
    marketplaceId: 17,
    fields: [
      { name: 'accountSid', label: 'Account SID', type: 'text', required: true },
      { name: 'authToken', label: 'Auth token', type: 'text', required: true, isPrivate: true },
    ],
  },
  {
    // weft's own (the spec shows no type for it): the API Request node's credential
    type: 'httpHeader',
    label: 'HTTP header (API Request)',
    description: 'A header the API Request node adds to its request, e.g. Authorization: Bearer <token>. The value never appears in run outputs, events or logs.',
    authType: 'basic',
    fields: [
      { name: 'headerName', label: 'Header name', type: 'text', required: true, defaultValue: 'Authorization' },
      { name: 'headerValue', label: 'Header value', type: 'text', required: true, isPrivate: true, placeholder: 'Bearer …' },
    ],
  },
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
