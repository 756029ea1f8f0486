/**
 * @module runtime/integrations/widgets/chat-history — each chat session's messages, kept in Redis so every
 * server process sees them and the flow gets them as `chatHistory`. One list per flow and
 * session: `P widget:chat:{flowId}:{sessionId}` (hash tag on the flow), newest last, trimmed to
 * the last `limit` messages, expiring `ttlSeconds` after the session's last exchange.
 */
import type Redis from 'ioredis';

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
  /** ms since the epoch */
  ts: number;
}

export interface ChatHistoryOptions {
  prefix: string;
  /** seconds a session is kept after its last exchange; default one day */
  ttlSeconds?: number;
  /** messages kept per session; default 100 */
  limit?: number;
}

export const CHAT_HISTORY_TTL_SECONDS = 86_400;
export const CHAT_HISTORY_LIMIT = 100;

export class ChatHistoryStore {
  readonly ttlSeconds: number;
  private readonly limit: number;

  constructor(private readonly redis: Redis, private readonly options: ChatHistoryOptions) {
    this.ttlSeconds = options.ttlSeconds ?? CHAT_HISTORY_TTL_SECONDS;
    this.limit = options.limit ?? CHAT_HISTORY_LIMIT;
  }

  key(flowId: string, sessionId: string): string {
    return `${this.options.prefix}widget:chat:{${flowId}}:${sessionId}`;
  }

  async read(flowId: string, sessionId: string): Promise<ChatMessage[]> {
    const items = await this.redis.lrange(this.key(flowId, sessionId), 0, -1);
    return items.map((item) => JSON.parse(item) as ChatMessage);
  }

  /** Append one exchange (the visitor's message and the answer) in one step. */
  async append(flowId: string, sessionId: string, messages: ChatMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const key = this.key(flowId, sessionId);
    await this.redis
      .multi()
      .rpush(key, ...messages.map((m) => JSON.stringify(m)))
      .ltrim(key, -this.limit, -1)
      .expire(key, this.ttlSeconds)
      .exec();
  }
}
