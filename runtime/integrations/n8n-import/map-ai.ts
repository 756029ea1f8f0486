/**
 * @module runtime/integrations/n8n-import/map-ai — OpenAI (the message operation), AI Agent and Basic LLM
 * Chain as weft's Generate text. The agent's and chain's chat model is an n8n sub-node
 * (ai_languageModel): it is folded into the model field; memories, tools and output parsers
 * are sub-nodes weft has no counterpart of and are reported by the import.
 */
import { DEFAULT_SYSTEM_PROMPT } from '../../../catalogue/ai/fields.ts';
import type { N8nNode } from './n8n-format.ts';
import { field, locatorValue, rows, type MapContext, type NodeMapper } from './mapper-types.ts';

type Prompt = { role: string; content: string };

/** weft's model param: the model, OpenAI as provider, and the n8n credential's name as the weft credential to add. */
function modelParam(ctx: MapContext, model: unknown, from: N8nNode = ctx.node) {
  const modelName = String(locatorValue(model) ?? '');
  if (!modelName) return undefined;
  if (from !== ctx.node && !/OpenAi$/i.test(from.type)) {
    ctx.problem(`the chat model “${from.name}” (${from.type}) is not OpenAI; weft speaks OpenAI and OpenAI-compatible endpoints (set the provider in Model)`, 'generativeModelName');
  }
  const credential = Object.values(from.credentials)[0];
  if (credential) ctx.problem(`uses the n8n credential “${credential}”: add an OpenAI credential of that name to the project`, 'generativeModelName');
  return { type: 'text', model_name: modelName, provider_name: 'openai', credential_name: credential ?? '' };
}

/** The model of the sub-node connected as ai_languageModel, taken (so it counts as mapped). */
function connectedModel(ctx: MapContext) {
  const [model] = ctx.take('ai_languageModel');
  if (!model) {
    ctx.problem('no chat model is connected; the project’s default text model is used', 'generativeModelName');
    return undefined;
  }
  return modelParam(ctx, model.parameters.model ?? model.parameters.modelName, model);
}

function generateText(ctx: MapContext, prompts: Prompt[], model: unknown) {
  const options = ctx.node.parameters.options;
  if (field(options, 'temperature') !== undefined || field(options, 'maxTokens') !== undefined) {
    ctx.problem('temperature and maximum tokens were not imported (weft uses the model’s defaults)', 'generativeModelName');
  }
  return { type: 'generateTextNode', values: { prompts, ...(model ? { generativeModelName: model } : {}) } };
}

/** The prompt an agent or chain takes: its own text, or (promptType auto) the chat trigger's message. */
const userPrompt = (ctx: MapContext) =>
  ctx.node.parameters.promptType === 'define' || (ctx.node.parameters.text !== undefined && ctx.node.parameters.promptType !== 'auto')
    ? ctx.text(ctx.node.parameters.text, 'prompts')
    : ctx.text('={{ $json.chatInput }}', 'prompts');

export const aiAgent: NodeMapper = {
  map(ctx) {
    const system = ctx.text(field(ctx.node.parameters.options, 'systemMessage') ?? DEFAULT_SYSTEM_PROMPT, 'prompts');
    return generateText(ctx, [{ role: 'system', content: system }, { role: 'user', content: userPrompt(ctx) }], connectedModel(ctx));
  },
  json: (path) => (path[0] === 'output' ? { path: ['generatedResponse', ...path.slice(1)] } : null),
  codeItem: (output) => `{ output: ${output}?.generatedResponse }`,
};

const CHAIN_ROLES: Record<string, string> = { SystemMessagePromptTemplate: 'system', HumanMessagePromptTemplate: 'user', AIMessagePromptTemplate: 'assistant' };

export const llmChain: NodeMapper = {
  map(ctx) {
    const messages = rows(field(ctx.node.parameters.messages, 'messageValues')).map((m) => ({ role: CHAIN_ROLES[String(m.type ?? 'SystemMessagePromptTemplate')] ?? 'system', content: ctx.text(m.message, 'prompts') }));
    const prompts = messages.some((m) => m.role === 'system') ? messages : [{ role: 'system', content: DEFAULT_SYSTEM_PROMPT }, ...messages];
    return generateText(ctx, [...prompts, { role: 'user', content: userPrompt(ctx) }], connectedModel(ctx));
  },
  json: (path) => (path[0] === 'text' ? { path: ['generatedResponse', ...path.slice(1)] } : null),
  codeItem: (output) => `{ text: ${output}?.generatedResponse }`,
};

/** OpenAI: the langchain node's text/message (v1) and the older base node's chat/complete. */
export const openAi: NodeMapper = {
  map(ctx) {
    const p = ctx.node.parameters;
    const resource = String(p.resource ?? 'text');
    const operation = String(p.operation ?? (resource === 'chat' ? 'complete' : 'message'));
    const chat = (resource === 'text' && operation === 'message') || (resource === 'chat' && operation === 'complete');
    if (!chat) {
      ctx.problem(`OpenAI ${resource} ${operation} has no weft counterpart here (weft's Generate text answers messages)`);
      return null;
    }
    const listed = rows(field(p.messages, 'values') ?? field(p.prompt, 'messages')).map((m) => ({ role: String(m.role ?? 'user'), content: ctx.text(m.content, 'prompts') }));
    const prompts = listed.some((m) => m.role === 'system') ? listed : [{ role: 'system', content: DEFAULT_SYSTEM_PROMPT }, ...listed];
    return generateText(ctx, prompts, modelParam(ctx, p.modelId ?? p.chatModel ?? p.model));
  },
  json(path) {
    if (path[0] === 'message' && path[1] === 'content') return { path: ['generatedResponse', ...path.slice(2)] };
    return path[0] === 'text' || path[0] === 'content' ? { path: ['generatedResponse'] } : null;
  },
  codeItem: (output) => `{ message: { role: 'assistant', content: ${output}?.generatedResponse } }`,
};
