/** @module catalogue/ai/mcp-node/definition — a chat model with the tools of an MCP server (spec 002 §3, integration 12). */
import type { NodeDefinition } from '../../types.ts';
import { attachmentsField, memoriesField, messagesField, metaOutput, modelField } from '../fields.ts';

export const definition = {
  name: 'mcpNode',
  label: 'MCP',
  type: 'dynamicNode',
  category: 'AI',
  status: 'Enabled',
  icon: 'plug',
  docs: '/docs/nodes/mcpNode',
  sideEffects: 'app',
  services: ['models', 'mcp'],
  integrationId: 12,
  description:
    'Asks a chat model the query with the chosen tools of an MCP server (streamable HTTP or SSE, an "MCP server" ' +
    'credential): the model may call them (up to 5 rounds) before it answers.',
  inputs: [
    { name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'MCP' },
    { name: 'promptTemplate', label: 'Query', type: 'template', required: true, description: 'What to ask, e.g. {{trigger.output.question}}.' },
    {
      name: 'credentials',
      label: 'MCP server',
      type: 'credential',
      required: true,
      isCredential: true,
      description: 'The name of an "MCP server" credential of the project: its host URL, transport (http or sse) and headers.',
    },
    { ...modelField('generativeModelName', 'Model', 'text'), required: true },
    {
      name: 'selectedTools',
      label: 'Tools',
      type: 'list',
      required: true,
      optionsFrom: 'mcpTools',
      description: "The server's tools the model may call, by name.",
    },
    messagesField,
    memoriesField,
    attachmentsField,
  ],
  outputs: [
    { name: 'generatedResponse', type: 'string', description: "the model's answer" },
    metaOutput,
    { name: 'tool_calls', type: 'array', description: 'each tool call: id, name, arguments and result' },
  ],
  metadata: { author: 'weft', tags: ['ai', 'mcp', 'tools', 'agent', 'model context protocol', 'llm'] },
} as const satisfies NodeDefinition;
