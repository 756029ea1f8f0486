/**
 * @module catalogue/ai/mcp-node/credential-form — the MCP server credential's form, pure data the
 * editor renders; credentials/basic-forms.ts lists it with the others. Its test is
 * credential-test.ts beside it. Browser-safe.
 */
import type { CredentialForm } from '../../credentials/types.ts';

export const mcpServerCredentialForm: CredentialForm = {
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
};
