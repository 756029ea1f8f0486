/**
 * @module catalogue/ai/chat-input — the messages an AI node sends: its prompts (system and
 * user roles, templates already resolved), the chat history with the spec's checks (000 §5:
 * a JSON array, roles system, assistant, user, function, tool), memories, and attachments
 * (image URLs, sent as image parts of the last user message).
 */
import { isPlainObject, parseJsonish } from '../coerce.ts';
import { userError } from '../errors.ts';
import { CHAT_ROLES, type ChatMessage, type ChatRole, type ContentPart } from '../services/models.ts';

export const PROMPT_ROLES = ['system', 'user'] as const;
export const INVALID_HISTORY = 'Invalid chat history: it must be a JSON array of messages';
export const invalidHistoryRole = (role: unknown) =>
  `Invalid chat history: role ${String(role)} is not one of ${CHAT_ROLES.join(', ')}`;
export const INVALID_PROMPTS = 'Prompts must be a list of messages with the role system or user';
export const NO_PROMPT = 'Prompts is required';

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const contentText = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value));

/** The prompts as messages; blank ones left out. */
export function promptMessages(value: unknown): ChatMessage[] {
  const parsed = parseJsonish(value);
  if (!parsed.ok) throw userError(INVALID_PROMPTS);
  const list = typeof parsed.value === 'string' ? [{ role: 'user', content: parsed.value }] : parsed.value;
  if (!Array.isArray(list)) throw userError(INVALID_PROMPTS);
  const messages: ChatMessage[] = [];
  for (const item of list) {
    if (!isPlainObject(item) || !PROMPT_ROLES.includes(item.role as (typeof PROMPT_ROLES)[number])) throw userError(INVALID_PROMPTS);
    const content = contentText(item.content);
    if (content.trim()) messages.push({ role: item.role as ChatRole, content });
  }
  return messages;
}

/** The chat history (or memories), checked: a JSON array whose entries have a known role. */
export function historyMessages(value: unknown): ChatMessage[] {
  if (isEmpty(value)) return [];
  const parsed = parseJsonish(value);
  if (!parsed.ok || !Array.isArray(parsed.value)) throw userError(INVALID_HISTORY);
  return parsed.value.map((entry) => {
    if (!isPlainObject(entry)) throw userError(INVALID_HISTORY);
    if (!CHAT_ROLES.includes(entry.role as ChatRole)) throw userError(invalidHistoryRole(entry.role));
    const message: ChatMessage = { role: entry.role as ChatRole, content: Array.isArray(entry.content) ? (entry.content as ContentPart[]) : contentText(entry.content ?? entry.text) };
    if (typeof entry.name === 'string') message.name = entry.name;
    if (typeof entry.tool_call_id === 'string') message.tool_call_id = entry.tool_call_id;
    if (Array.isArray(entry.tool_calls)) message.tool_calls = entry.tool_calls as ChatMessage['tool_calls'];
    return message;
  });
}

/** Attachment URLs: a list, or one URL. */
export function attachmentUrls(value: unknown): string[] {
  if (isEmpty(value)) return [];
  const parsed = parseJsonish(value);
  const list = parsed.ok && Array.isArray(parsed.value) ? parsed.value : [value];
  return list.map((item) => (isPlainObject(item) ? contentText(item.url) : contentText(item)).trim()).filter(Boolean);
}

export interface ChatInput {
  prompts: unknown;
  messages?: unknown;
  memories?: unknown;
  attachments?: unknown;
}

/**
 * System prompts first, then memories, then the chat history, then the user prompts; the
 * attachments ride on the last user message.
 */
export function buildMessages(input: ChatInput): ChatMessage[] {
  const prompts = promptMessages(input.prompts);
  const history = historyMessages(input.messages);
  const memories = historyMessages(input.memories);
  if (prompts.length === 0 && history.length === 0) throw userError(NO_PROMPT);
  const system = prompts.filter((m) => m.role === 'system');
  const user = prompts.filter((m) => m.role !== 'system');
  const messages = [...system, ...memories, ...history, ...user];
  const urls = attachmentUrls(input.attachments);
  if (urls.length) {
    const index = messages.map((m) => m.role).lastIndexOf('user');
    const target = index >= 0 ? messages[index] : undefined;
    const parts: ContentPart[] = urls.map((url) => ({ type: 'image_url', image_url: { url } }));
    if (target) {
      const text = typeof target.content === 'string' ? [{ type: 'text' as const, text: target.content }] : (target.content ?? []);
      messages[index] = { ...target, content: [...text, ...parts] };
    } else {
      messages.push({ role: 'user', content: parts });
    }
  }
  return messages;
}
