/**
 * @module contract/chat — the events the chat widget's message route streams (server-sent
 * events) and the chat response node's references and attachments they carry. Browser-safe:
 * types only.
 */

export interface ChatReference {
  title: string;
  url: string;
  /** what the reference metadata service answered about the URL (its title, description, image…) */
  metadata?: Record<string, unknown>;
}

export interface ChatAttachment {
  type: 'image' | 'file';
  url: string;
}

export type ChatStreamEvent =
  | { type: 'start'; runId: string }
  /** the next piece of the answer, as a node generated it */
  | { type: 'token'; text: string }
  | { type: 'done'; runId: string; content: string; references: ChatReference[]; attachments: ChatAttachment[]; timestamp: string }
  | { type: 'error'; runId: string; message: string };
