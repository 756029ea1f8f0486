/**
 * @module catalogue/ai/fields — input fields the AI nodes share (pure data, browser-safe).
 * A model field holds a model param `{ type, model_name, provider_name, credential_name }`
 * (spec 000 §3 "Model configuration"); left empty, the project's default model of that type
 * is used.
 */
import type { InputField } from '../types.ts';

/** Generic in name and label so a definition keeps them literal (its executor's values are typed by them). */
export function modelField<const N extends string, const L extends string>(name: N, label: L, type: 'text' | 'embedding' | 'image') {
  const example =
    type === 'embedding'
      ? '{"type":"embedding","model_name":"weft-local-embedding","provider_name":"weft","credential_name":""}'
      : `{"type":"${type}","model_name":"${type === 'image' ? 'dall-e-3' : 'gpt-4o-mini'}","provider_name":"openai","credential_name":"my-openai"}`;
  return {
    name,
    label,
    type: 'json',
    description:
      `A ${type} model: { type, model_name, provider_name (openai, openai-compatible${type === 'embedding' ? ', weft' : ''}), ` +
      `credential_name }. Empty: the project's default ${type} model.`,
    placeholder: example,
    modelType: type,
  } as const satisfies InputField;
}

/** spec 002 §9 'Default generic system prompt' */
export const DEFAULT_SYSTEM_PROMPT = 'You are an AI Assistant';

export function promptsField(system = DEFAULT_SYSTEM_PROMPT, user = '') {
  return {
    name: 'prompts',
    label: 'Prompts',
    type: 'json',
    required: true,
    defaultValue: [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ],
    description: 'Messages with the role system or user; their content may hold templates, e.g. {{trigger.output.question}}.',
  } as const satisfies InputField;
}

export const messagesField = {
  name: 'messages',
  label: 'Messages',
  type: 'json',
  defaultValue: [],
  description: 'Chat history: a JSON array of { role, content } with roles system, assistant, user, function or tool.',
} as const satisfies InputField;

export const memoriesField = {
  name: 'memories',
  label: 'Memories',
  type: 'json',
  defaultValue: [],
  description: "Messages from a Memory retrieve node's memories output, sent before the chat history.",
} as const satisfies InputField;

export const attachmentsField = {
  name: 'attachments',
  label: 'Attachments',
  type: 'json',
  isPro: true,
  defaultValue: [],
  description: 'Image URLs (or data URLs) sent with the last user message.',
} as const satisfies InputField;

export const toolsField = {
  name: 'tools',
  label: 'Tools',
  type: 'json',
  defaultValue: [],
  description:
    'Tools the model may call: code tools [{ name, description, parameters (JSON schema), code }], whose code runs ' +
    'like a Code node with `input` = the arguments, and flow tools [{ flowId, name?, description? }], another flow ' +
    "of the project run with the arguments as its input (its trigger's input schema is the parameters). What a " +
    'tool returns goes back to the model.',
} as const satisfies InputField;

/** spec 000 §3 Generate text `credentials` (tool server): an MCP server whose tools the model may call too. */
export const toolServerField = {
  name: 'credentials',
  label: 'Tool server',
  type: 'credential',
  isCredential: true,
  description:
    'An "MCP server" credential of the project: the tools of that server are offered to the model beside Tools ' +
    '(all of them, or those chosen under Server tools). A failing call reads "Error calling MCP tool".',
} as const satisfies InputField;

export const serverToolsField = {
  name: 'serverTools',
  label: 'Server tools',
  type: 'list',
  defaultValue: [],
  optionsFrom: 'mcpTools',
  description: "The tool server's tools the model may call, by name; none chosen: all of them.",
} as const satisfies InputField;

export const streamField = {
  name: 'stream',
  label: 'Stream the answer',
  type: 'boolean',
  defaultValue: true,
  description: 'Show the text as it is generated (progress events).',
} as const satisfies InputField;

export const metaOutput = { name: '_meta', type: 'object', description: 'tokens, costs, model_name, model_provider' } as const;

/** each tool call the model made, as the chat nodes output it */
export const toolCallsOutput = { name: 'tool_calls', type: 'array', description: 'each tool call: id, name, arguments, result, and runId (the child run of a flow tool)' } as const;

/** what a chat node sends beside its prompts: history, memories, attachments, and the tools it may call */
export const chatContextFields = [messagesField, memoriesField, attachmentsField, toolsField, toolServerField, serverToolsField] as const;

/** a chat node's text answer, its meta and its tool calls */
export const chatTextOutputs = [{ name: 'generatedResponse', type: 'string', description: "the model's answer" }, metaOutput, toolCallsOutput] as const;
