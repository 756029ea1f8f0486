/**
 * @module catalogue/response/chat-response-node/run — shape the chat answer, then copy the
 * exchange to the conversation webhook; references are described by the metadata service. An answer that cannot be made is an output of type
 * 'error' carrying the message (spec 000 §4), not a failed run.
 */
import type { ChatAttachment, ChatReference } from '../../../contract/chat.ts';
import { isPlainObject } from '../../coerce.ts';
import { defineNode } from '../../define-node.ts';
import type { NodeContext } from '../../types.ts';
import { CONVERSATION_WEBHOOK_FAILED, definition } from './definition.ts';
import { withMetadata } from './reference-metadata.ts';

const WEBHOOK_TIMEOUT_SECONDS = 10;

export default defineNode(
  definition,
  async (values, ctx) => {
    const timestamp = new Date().toISOString();
    const content = values.content;
    const references = await withMetadata(referencesOf(values.references), ctx);
    const output = { content, references, attachments: attachmentsOf(content), timestamp, type: 'chat_response' };
    if (values.webhookUrl.trim()) await sendConversation(values.webhookUrl.trim(), values.webhookHeaders, content, ctx);
    return { output };
  },
  // 'Content is required' and any other bad value is an answer of type error (spec 000 §4)
  { invalid: (message) => ({ output: { content: message, references: [], attachments: [], timestamp: new Date().toISOString(), type: 'error' } }) },
);

/** URLs, or objects with url/link and title/name; anything else is left out. */
export function referencesOf(value: unknown): ChatReference[] {
  let list: unknown = value;
  if (typeof list === 'string') {
    const text = list.trim();
    if (!text) return [];
    try {
      list = JSON.parse(text);
    } catch {
      list = text.split(/\s*[\n,]\s*/);
    }
  }
  if (!Array.isArray(list)) list = [list];
  const out: ChatReference[] = [];
  for (const item of list as unknown[]) {
    const url = typeof item === 'string' ? item.trim() : isPlainObject(item) ? String(item.url ?? item.link ?? item.source ?? '') : '';
    if (!/^https?:\/\//i.test(url)) continue;
    const named = isPlainObject(item) ? (item.title ?? item.name) : undefined;
    out.push({ title: typeof named === 'string' && named.trim() ? named.trim() : url, url });
  }
  return out;
}

/** Images the answer links in Markdown (`![alt](url)`) travel as attachments. */
export function attachmentsOf(content: string): ChatAttachment[] {
  return [...content.matchAll(/!\[[^\]]*\]\((https?:\/\/[^\s)]+)\)/g)].map((m) => ({ type: 'image', url: m[1] }));
}

/** A JSON object of headers (its text parsed by the values check); anything else sends none. */
function headersOf(data: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!isPlainObject(data)) return headers;
  for (const [name, v] of Object.entries(data)) {
    if (name.trim() && v !== undefined && v !== null) headers[name.trim()] = typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return headers;
}

/**
 * POST { sessionId, userId, projectId, flowId, messsages } (spec 000 §7; 'messsages' is the
 * wire name). A failure is reported as progress and logged, never thrown.
 */
async function sendConversation(url: string, rawHeaders: unknown, answer: string, ctx: NodeContext): Promise<void> {
  const input = isPlainObject(ctx.input) ? ctx.input : {};
  const body = {
    sessionId: String(input.sessionId ?? ''),
    userId: String(input.userId ?? ''),
    projectId: ctx.projectId,
    flowId: ctx.flowId,
    messsages: [
      { role: 'user', content: String(input.chatMessage ?? '') },
      { role: 'assistant', content: answer },
    ],
  };
  const headers = { 'content-type': 'application/json', ...headersOf(rawHeaders) };
  try {
    // ctx.http sends the actor's Idempotency-Key and refuses private addresses.
    const response = await ctx.http.request({ url, method: 'POST', headers, body: JSON.stringify(body), timeoutSeconds: WEBHOOK_TIMEOUT_SECONDS });
    if (!response.ok) throw new Error(`status ${response.status}`);
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`[weft] ${CONVERSATION_WEBHOOK_FAILED} (${ctx.runId}/${ctx.nodeId}): ${reason}`);
    await ctx.progress(`${CONVERSATION_WEBHOOK_FAILED}: ${reason}`).catch(() => undefined);
  }
}
