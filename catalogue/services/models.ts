/**
 * @module catalogue/services/models — what AI executors get as `ctx.services.models`: the model
 * gateway of their own project (runtime/models implements it). Types only: browser-safe.
 */

/** Message roles of a chat history (spec 000 §5, §9). */
export const CHAT_ROLES = ['system', 'assistant', 'user', 'function', 'tool'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

export interface ContentPart {
  type: 'text' | 'image_url';
  text?: string;
  image_url?: { url: string };
}

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ChatMessage {
  role: ChatRole;
  content: string | ContentPart[] | null;
  name?: string;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
}

/** A tool as the model sees it (OpenAI function format). */
export interface ToolSpec {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

/** `_meta` of every model-calling node (spec 000 §3 Vectorize "Usage metadata"). */
export interface UsageMeta {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_cost: number;
  completion_tokens_cost: number;
  total_cost: number;
  model_name: string;
  model_provider: string;
  /** 200, or 303 when the fallback model answered (spec 000 §4 "Fallback") */
  status_code: number;
}

export interface ChatRequest {
  messages: ChatMessage[];
  tools?: ToolSpec[];
  /** ask for a JSON object answer */
  json?: boolean;
  /** stream the answer: each piece of text as it arrives */
  onText?: (delta: string) => void | Promise<void>;
  signal?: AbortSignal;
}

export interface ChatReply {
  content: string;
  tool_calls: ToolCall[];
  /** image URLs (or data URLs) some OpenAI-compatible endpoints return with the message */
  images: string[];
  meta: UsageMeta;
}

export interface EmbedReply {
  vectors: number[][];
  dimension: number;
  meta: UsageMeta;
}

export interface ImageReply {
  images: { url: string; revised_prompt: string }[];
  meta: UsageMeta;
}

export interface ImageRequest {
  prompt: string;
  size?: string;
  quality?: string;
  n?: number;
  signal?: AbortSignal;
}

/**
 * The gateway as one project sees it. `model` is a node's model field as configured: a model
 * param (object or JSON text), or empty for the project's default model of that type.
 */
export interface ModelAccess {
  chat(model: unknown, request: ChatRequest): Promise<ChatReply>;
  embed(model: unknown, texts: string[], signal?: AbortSignal): Promise<EmbedReply>;
  image(model: unknown, request: ImageRequest): Promise<ImageReply>;
}
