/**
 * @module runtime/services/models/gateway — the one model gateway (brief §6): chat completions (tools,
 * streaming), embeddings and image generation over the `openai` SDK, for OpenAI and any
 * OpenAI-compatible endpoint, plus the built-in local embedding model. It resolves a node's
 * model field (or the project's default model), the project credential it names, the proxy
 * (none or old: straight to the provider; portkey, litellm), falls back to the model's fallback model when a direct call fails
 * (flagged 303), and prices every call (`_meta`). Every call goes out through the one outbound
 * client (runtime/services/outbound/fetch.ts): a credential's baseUrl is the builder's, so it meets the
 * same address policy as an API node's URL.
 */
import OpenAI from 'openai';
import type {
  ChatReply,
  ChatRequest,
  EmbedReply,
  ImageReply,
  ImageRequest,
  ModelAccess,
  ToolCall,
} from '../../../catalogue/services/models.ts';
import type { ModelParam, ModelType } from '../../../contract/models.ts';
import { isPlainObject } from '../../../catalogue/coerce.ts';
import { kindOfStatus, NodeError, operationalError, timeoutError, userError } from '../../../catalogue/errors.ts';
import { OUTBOUND_LIMITS } from '../../../catalogue/outbound.ts';
import type { Outbound } from '../outbound/client.ts';
import { outboundFetch } from '../outbound/fetch.ts';
import { defaultModel, type DefaultModelsReader } from './default-models.ts';
import { countLocalTokens, embedLocally, LOCAL_EMBEDDING_DIMENSION } from './local-embedding.ts';
import { compatibleModelInfo, isDirect, modelInfoSource, OPENAI_COMPATIBLE, WEFT_LOCAL, type ModelInfo, type ModelInfoSource } from './model-info.ts';
import { credentialNameOf, isUnsetModel, parseModelParam } from './model-param.ts';
import { usageMeta } from './pricing.ts';
import { modelSpan } from '../tracing/model-span.ts';

export const UNSUPPORTED_PROXY = 'Unsupported proxy';
export const PROXY_NOT_SET = 'API key and Gateway URL must be set';

/**
 * The server's own model set-up is wrong (a proxy without its settings, an unknown proxy): not
 * the flow's fault and not passing, so 'unexpected' (500); the fallback model is still tried.
 */
const deploymentError = (message: string) => new NodeError(message, 'unexpected');
export const CLIENT_NOT_FOUND = 'Model client not found';
export const NO_CHOICES = 'No choices found';
export const NO_IMAGE_DATA = 'No image data returned';
export const NO_EMBEDDING = 'Could not find embedding object';
export const notSupported = (model: string) => `Model is no longer supported or not found - ${model}`;
export const missingCredentials = (slug: string, provider: string) => `Missing credentials - ${slug} for provider ${provider}`;

/** A proxy's address and key (WEFT_PORTKEY_URL / WEFT_PORTKEY_API_KEY, WEFT_LITELLM_URL / WEFT_LITELLM_API_KEY). */
export interface ProxyConfig {
  url?: string;
  apiKey?: string;
}

export interface CredentialReader {
  get(name: string): Promise<Record<string, unknown>>;
}

export interface GatewayOptions {
  defaults: DefaultModelsReader;
  /** the one outbound client (its allow-list: WEFT_OUTBOUND_ALLOW, needed for local model servers) */
  outbound: Outbound;
  models?: ModelInfoSource;
  proxies?: { portkey?: ProxyConfig; litellm?: ProxyConfig };
  /** the SDK's retries of a failed request (default 2) */
  maxRetries?: number;
  /** per request, the streamed answer included (default MODEL_TIMEOUT_MS) */
  timeoutMs?: number;
}

/** A model may think long: ten minutes per request (the SDK's own default). */
export const MODEL_TIMEOUT_MS = 10 * 60 * 1000;
/**
 * Bytes of one model answer (decoded), streamed or not: generous, as a batch of embeddings
 * (256 inputs of 3072 floats as JSON, ~20 MB) or images as base64 can be large.
 */
export const MODEL_MAX_RESPONSE_BYTES = 256 * 1024 * 1024;

/** Inputs sent per embeddings request. */
const EMBED_BATCH = 256;
/** Model params passed through to the endpoint. */
const CALL_PARAMS = ['temperature', 'top_p', 'max_tokens', 'presence_penalty', 'frequency_penalty', 'seed', 'stop', 'n'];

interface Resolved {
  param: ModelParam;
  info: ModelInfo;
  credential: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export class ModelGateway {
  private readonly models: ModelInfoSource;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: GatewayOptions) {
    this.models = options.models ?? modelInfoSource();
    this.fetch = outboundFetch(options.outbound, {
      connectTimeoutMs: OUTBOUND_LIMITS.connectTimeoutSeconds.defaultValue * 1000,
      totalTimeoutMs: options.timeoutMs ?? MODEL_TIMEOUT_MS,
      maxResponseBytes: MODEL_MAX_RESPONSE_BYTES,
    });
  }

  /** The gateway as the nodes of one project see it (only that project's credentials). */
  forProject(projectId: string, credentials: CredentialReader): ModelAccess {
    const resolve = (model: unknown, type: ModelType) => this.resolve(projectId, credentials, model, type);
    return {
      chat: async (model, request) => this.chat(await resolve(model, 'text'), request),
      embed: async (model, texts, signal) => this.embed(await resolve(model, 'embedding'), texts, signal),
      image: async (model, request) => this.image(await resolve(model, 'image'), request),
    };
  }

  private async resolve(projectId: string, credentials: CredentialReader, model: unknown, type: ModelType): Promise<Resolved> {
    const param = isUnsetModel(model) ? await defaultModel(this.options.defaults, projectId, type) : parseModelParam(model);
    if (param.type !== type) throw userError(notSupported(param.model_name));
    const provider = param.provider_name;
    if (provider === WEFT_LOCAL) {
      const info = this.models.find(provider, param.model_name);
      if (!info || info.type !== type) throw userError(notSupported(param.model_name));
      return { param, info, credential: {} };
    }
    if (provider !== OPENAI_COMPATIBLE && !this.models.isListed(provider)) throw userError(CLIENT_NOT_FOUND);
    const listed = provider === OPENAI_COMPATIBLE ? undefined : this.models.find(provider, param.model_name);
    if (provider !== OPENAI_COMPATIBLE && (!listed || listed.type !== type)) throw userError(notSupported(param.model_name));
    const slug = credentialNameOf(param);
    const credential = await credentials.get(slug);
    const info = listed ?? compatibleModelInfo(param.model_name, type, credential);
    const needsKey = info.auth === 'apiKey';
    if ((needsKey && !apiKeyOf(credential)) || (provider === OPENAI_COMPATIBLE && !baseUrlOf(credential))) {
      throw userError(missingCredentials(slug, provider));
    }
    return { param, info, credential };
  }

  /** The SDK client for a model: straight to the provider, or through its proxy. */
  private client(resolved: Resolved): OpenAI {
    const { info, credential } = resolved;
    const common = { maxRetries: this.options.maxRetries ?? 2, timeout: this.options.timeoutMs ?? MODEL_TIMEOUT_MS, fetch: this.fetch };
    const key = apiKeyOf(credential) || 'none';
    switch (info.proxy) {
      case 'none':
      case 'old':
        return new OpenAI({ ...common, apiKey: key, baseURL: baseUrlOf(credential) || undefined });
      case 'portkey': {
        const proxy = this.options.proxies?.portkey;
        if (!proxy?.url || !proxy.apiKey) throw deploymentError(PROXY_NOT_SET);
        return new OpenAI({
          ...common,
          apiKey: key,
          baseURL: proxy.url,
          defaultHeaders: { 'x-portkey-api-key': proxy.apiKey, 'x-portkey-provider': info.provider },
        });
      }
      case 'litellm': {
        const proxy = this.options.proxies?.litellm;
        if (!proxy?.url || !proxy.apiKey) throw deploymentError(PROXY_NOT_SET);
        return new OpenAI({ ...common, apiKey: proxy.apiKey, baseURL: proxy.url });
      }
      default:
        throw deploymentError(UNSUPPORTED_PROXY);
    }
  }

  /**
   * Call `attempt` with the model; when it fails and the model (called directly) has a
   * fallback model, call that instead and flag the answer 303 (spec 000 §4).
   */
  private async withFallback<T>(resolved: Resolved, attempt: (r: Resolved, statusCode: number) => Promise<T>): Promise<T> {
    try {
      return await attempt(resolved, 200);
    } catch (error) {
      const { info } = resolved;
      const own = ownError(error);
      if (own?.kind === 'user') throw own;
      const fallback = isDirect(info.proxy) && info.fallback_model ? this.models.find(info.provider, info.fallback_model) : undefined;
      if (!fallback || fallback.type !== info.type) throw callError(error);
      try {
        return await attempt({ ...resolved, info: fallback }, 303);
      } catch (second) {
        throw callError(second);
      }
    }
  }

  private callParams(resolved: Resolved): Record<string, unknown> {
    const params: Record<string, unknown> = {};
    const given = resolved.param.params ?? {};
    for (const key of CALL_PARAMS) if (given[key] !== undefined) params[key] = given[key];
    if (params.max_tokens === undefined && resolved.info.max_tokens) params.max_tokens = resolved.info.max_tokens;
    return { ...params, ...(resolved.param.additional_params ?? {}) };
  }

  async chat(resolved: Resolved, request: ChatRequest): Promise<ChatReply> {
    if (resolved.info.provider === WEFT_LOCAL) throw userError(notSupported(resolved.param.model_name));
    return this.withFallback(resolved, (r, statusCode) => modelSpan('chat', r.info.provider, r.info.model, async () => {
      const client = this.client(r);
      const body: Record<string, unknown> = {
        ...this.callParams(r),
        model: r.info.model,
        messages: request.messages,
      };
      if (request.tools?.length) body.tools = request.tools;
      if (request.json) body.response_format = { type: 'json_object' };
      const reply = request.onText
        ? await streamChat(client, body, request.onText, request.signal)
        : await completeChat(client, body, request.signal);
      return { ...reply.answer, meta: usageMeta(r.info, reply.usage, statusCode) };
    }));
  }

  async embed(resolved: Resolved, texts: string[], signal?: AbortSignal): Promise<EmbedReply> {
    if (resolved.info.provider === WEFT_LOCAL) {
      const tokens = texts.reduce((sum, t) => sum + countLocalTokens(t), 0);
      return {
        vectors: texts.map(embedLocally),
        dimension: LOCAL_EMBEDDING_DIMENSION,
        meta: usageMeta(resolved.info, { prompt_tokens: tokens, completion_tokens: 0 }),
      };
    }
    return this.withFallback(resolved, (r, statusCode) => modelSpan('embeddings', r.info.provider, r.info.model, async () => {
      const client = this.client(r);
      const vectors: number[][] = [];
      let promptTokens = 0;
      for (let i = 0; i < texts.length; i += EMBED_BATCH) {
        const input = texts.slice(i, i + EMBED_BATCH);
        const answer = await client.embeddings.create({ model: r.info.model, input, encoding_format: 'float' }, { signal });
        const data = Array.isArray(answer?.data) ? [...answer.data].sort((a, b) => a.index - b.index) : [];
        if (data.length !== input.length || data.some((d) => !Array.isArray(d.embedding))) throw operationalError(NO_EMBEDDING);
        vectors.push(...data.map((d) => d.embedding));
        promptTokens += answer.usage?.prompt_tokens ?? 0;
      }
      return {
        vectors,
        dimension: vectors[0]?.length ?? r.info.output_vector_size ?? 0,
        meta: usageMeta(r.info, { prompt_tokens: promptTokens, completion_tokens: 0 }, statusCode),
      };
    }));
  }

  async image(resolved: Resolved, request: ImageRequest): Promise<ImageReply> {
    return this.withFallback(resolved, (r, statusCode) => modelSpan('image_generation', r.info.provider, r.info.model, async () => {
      const client = this.client(r);
      const body: Record<string, unknown> = { ...(r.param.additional_params ?? {}), model: r.info.model, prompt: request.prompt };
      if (request.n) body.n = request.n;
      if (request.size) body.size = request.size;
      if (request.quality) body.quality = request.quality;
      const answer = (await client.images.generate(body as unknown as OpenAI.ImageGenerateParamsNonStreaming, { signal: request.signal })) as OpenAI.ImagesResponse;
      const images = (answer?.data ?? [])
        .map((d) => ({ url: d.url ?? (d.b64_json ? `data:image/png;base64,${d.b64_json}` : ''), revised_prompt: d.revised_prompt ?? '' }))
        .filter((d) => d.url);
      if (images.length === 0) throw operationalError(NO_IMAGE_DATA);
      const perImage = { ...r.info, input_cost_per_request: (r.info.input_cost_per_request ?? 0) * images.length };
      const usage = answer.usage as { input_tokens?: number; output_tokens?: number } | undefined;
      return { images, meta: usageMeta(perImage, { prompt_tokens: usage?.input_tokens, completion_tokens: usage?.output_tokens }, statusCode) };
    }));
  }
}

function apiKeyOf(credential: Record<string, unknown>): string {
  return text(credential.apiKey) || text(credential.api_key);
}

function baseUrlOf(credential: Record<string, unknown>): string {
  return (text(credential.baseUrl) || text(credential.baseURL) || text(credential.base_url) || text(credential.hostUrl)).replace(/\/+$/, '');
}

/**
 * A failed call as a node error with the provider's own message: a refusal (401, 404, 400…)
 * is the flow's to fix; a timeout, 429, 5xx or network failure passes (the node may retry).
 */
function callError(error: unknown): NodeError {
  const own = ownError(error);
  if (own) return own;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof OpenAI.APIConnectionTimeoutError) return timeoutError(message, error);
  if (error instanceof OpenAI.APIError) {
    const text = error.message || `Model call failed with status ${error.status}`;
    return new NodeError(text, error.status === undefined ? 'operational' : kindOfStatus(error.status), { cause: error });
  }
  return operationalError(message, error);
}

/**
 * A NodeError of weft's own: thrown here, or by the outbound client under the SDK (a refused
 * address, a timeout, an answer too large), which wraps it as a connection error.
 */
function ownError(error: unknown): NodeError | null {
  if (error instanceof NodeError) return error;
  if (error instanceof OpenAI.APIConnectionError && error.cause instanceof NodeError) return error.cause;
  return null;
}

interface RawReply {
  answer: Omit<ChatReply, 'meta'>;
  usage: { prompt_tokens?: number; completion_tokens?: number };
}

function imagesOf(message: unknown): string[] {
  const images = isPlainObject(message) && Array.isArray(message.images) ? message.images : [];
  return images
    .map((image) => (isPlainObject(image) && isPlainObject(image.image_url) ? text(image.image_url.url) : text(image)))
    .filter(Boolean);
}

async function completeChat(client: OpenAI, body: Record<string, unknown>, signal?: AbortSignal): Promise<RawReply> {
  const answer = (await client.chat.completions.create(body as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming, { signal })) as OpenAI.ChatCompletion;
  const choice = answer?.choices?.[0];
  if (!choice?.message) throw operationalError(NO_CHOICES);
  const toolCalls = (choice.message.tool_calls ?? []).filter((c) => c.type === 'function') as ToolCall[];
  return {
    answer: { content: choice.message.content ?? '', tool_calls: toolCalls, images: imagesOf(choice.message) },
    usage: { prompt_tokens: answer.usage?.prompt_tokens, completion_tokens: answer.usage?.completion_tokens },
  };
}

/** Stream the answer, handing each piece of text to `onText`; tool calls are put together from their pieces. */
async function streamChat(
  client: OpenAI,
  body: Record<string, unknown>,
  onText: (delta: string) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<RawReply> {
  const stream = await client.chat.completions.create(
    { ...body, stream: true, stream_options: { include_usage: true } } as unknown as OpenAI.ChatCompletionCreateParamsStreaming,
    { signal },
  );
  let content = '';
  let sawChoice = false;
  const calls: ToolCall[] = [];
  const images: string[] = [];
  let usage: RawReply['usage'] = {};
  for await (const chunk of stream) {
    if (chunk.usage) usage = { prompt_tokens: chunk.usage.prompt_tokens, completion_tokens: chunk.usage.completion_tokens };
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    sawChoice = true;
    const delta = choice.delta ?? {};
    if (delta.content) {
      content += delta.content;
      await onText(delta.content);
    }
    images.push(...imagesOf(delta));
    for (const piece of delta.tool_calls ?? []) {
      const call = (calls[piece.index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
      if (piece.id) call.id = piece.id;
      if (piece.function?.name) call.function.name += piece.function.name;
      if (piece.function?.arguments) call.function.arguments += piece.function.arguments;
    }
  }
  if (!sawChoice) throw operationalError(NO_CHOICES);
  return { answer: { content, tool_calls: calls.filter(Boolean), images }, usage };
}
