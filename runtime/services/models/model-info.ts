/**
 * @module runtime/services/models/model-info — what weft knows about each model (spec 000 §3 "Model
 * info"): its provider, the proxy it is called through, a fallback model, and its prices.
 *
 * Providers:
 * - `openai`: the models listed below; the credential gives `apiKey` (and optionally
 *   `baseUrl`, for an OpenAI-compatible endpoint serving OpenAI's model names).
 * - `openai-compatible`: any model name on any OpenAI-compatible endpoint (Ollama, vLLM,
 *   LiteLLM, OpenRouter…); the credential gives `baseUrl` and, when the endpoint needs one,
 *   `apiKey`. Unpriced unless the credential gives `input_cost_per_token` /
 *   `output_cost_per_token`.
 * - `weft`: the built-in local embedding model (runtime/services/models/local-embedding.ts): no key,
 *   no download, free.
 */
import type { ModelType } from '../../../contract/models.ts';

/**
 * How a model is reached (spec 000 §3 "Model info"): `portkey` and `litellm` through that
 * gateway (its address and key from the environment); `none` and `old` straight to the
 * provider with the project's credential — `old` is the original product's name for that
 * direct client, kept so model info written for it works unchanged. Only a direct model falls
 * back to its fallback model (a proxy does its own fallbacks).
 */
export type ProxyKind = 'none' | 'portkey' | 'litellm' | 'old';

/** Called straight at the provider, not through a gateway proxy. */
export const isDirect = (proxy: string) => proxy === 'none' || proxy === 'old';

export interface ModelInfo {
  provider: string;
  model: string;
  type: ModelType;
  proxy: ProxyKind | string;
  /** tried when a direct call to this model (proxy none or old) fails; the result is flagged 303 */
  fallback_model?: string;
  /** 'apiKey' when the provider's credential must hold a key, 'none' for local models */
  auth: 'apiKey' | 'none';
  input_cost_per_token?: number;
  output_cost_per_token?: number;
  /** the rates that apply to a call whose prompt is above 128 000 tokens (spec 000 §9) */
  input_cost_per_token_above_128k_tokens?: number;
  output_cost_per_token_above_128k_tokens?: number;
  input_cost_per_request?: number;
  output_cost_per_request?: number;
  /** embedding models: the vector size */
  output_vector_size?: number;
  max_tokens?: number;
}

export const OPENAI = 'openai';
export const OPENAI_COMPATIBLE = 'openai-compatible';
export const WEFT_LOCAL = 'weft';
export const LOCAL_EMBEDDING_MODEL = 'weft-local-embedding';

/** Models from one provider family default max_tokens 4096 (spec 000 §9). */
export const DEFAULT_MAX_TOKENS = 4096;

const perMillion = (dollars: number) => dollars / 1_000_000;

const openai = (info: Omit<ModelInfo, 'provider' | 'proxy' | 'auth'> & Partial<Pick<ModelInfo, 'proxy'>>): ModelInfo => ({
  provider: OPENAI,
  proxy: 'none',
  auth: 'apiKey',
  ...info,
});

/** Prices in US dollars, as the provider published them. */
export const MODELS: ModelInfo[] = [
  openai({ model: 'gpt-4o', type: 'text', fallback_model: 'gpt-4o-mini', input_cost_per_token: perMillion(2.5), output_cost_per_token: perMillion(10), max_tokens: DEFAULT_MAX_TOKENS }),
  openai({ model: 'gpt-4o-mini', type: 'text', input_cost_per_token: perMillion(0.15), output_cost_per_token: perMillion(0.6), max_tokens: DEFAULT_MAX_TOKENS }),
  openai({ model: 'gpt-4.1', type: 'text', fallback_model: 'gpt-4.1-mini', input_cost_per_token: perMillion(2), output_cost_per_token: perMillion(8), max_tokens: DEFAULT_MAX_TOKENS }),
  openai({ model: 'gpt-4.1-mini', type: 'text', input_cost_per_token: perMillion(0.4), output_cost_per_token: perMillion(1.6), max_tokens: DEFAULT_MAX_TOKENS }),
  openai({ model: 'gpt-4.1-nano', type: 'text', input_cost_per_token: perMillion(0.1), output_cost_per_token: perMillion(0.4), max_tokens: DEFAULT_MAX_TOKENS }),
  openai({ model: 'text-embedding-3-small', type: 'embedding', input_cost_per_token: perMillion(0.02), output_cost_per_token: 0, output_vector_size: 1536 }),
  openai({ model: 'text-embedding-3-large', type: 'embedding', input_cost_per_token: perMillion(0.13), output_cost_per_token: 0, output_vector_size: 3072 }),
  openai({ model: 'dall-e-3', type: 'image', input_cost_per_request: 0.04 }),
  openai({ model: 'gpt-image-1', type: 'image', input_cost_per_request: 0.042 }),
  { provider: WEFT_LOCAL, model: LOCAL_EMBEDDING_MODEL, type: 'embedding', proxy: 'none', auth: 'none', input_cost_per_token: 0, output_cost_per_token: 0, output_vector_size: 512 },
];

export interface ModelInfoSource {
  /** the model's info, or undefined when the provider does not know it */
  find(provider: string, model: string): ModelInfo | undefined;
  /** providers whose models are all listed (an unlisted name there is not supported) */
  isListed(provider: string): boolean;
}

export function modelInfoSource(models: ModelInfo[] = MODELS): ModelInfoSource {
  const byKey = new Map(models.map((m) => [`${m.provider}\u0000${m.model}`, m]));
  const listed = new Set(models.map((m) => m.provider));
  return {
    find: (provider, model) => byKey.get(`${provider}\u0000${model}`),
    isListed: (provider) => listed.has(provider),
  };
}

/** The info of a model on an OpenAI-compatible endpoint: what its credential says. */
export function compatibleModelInfo(model: string, type: ModelType, credential: Record<string, unknown>): ModelInfo {
  const price = (key: string) => {
    const value = Number(credential[key]);
    return Number.isFinite(value) && value >= 0 ? value : 0;
  };
  return {
    provider: OPENAI_COMPATIBLE,
    model,
    type,
    proxy: 'none',
    auth: 'none',
    input_cost_per_token: price('input_cost_per_token'),
    output_cost_per_token: price('output_cost_per_token'),
    max_tokens: DEFAULT_MAX_TOKENS,
  };
}
