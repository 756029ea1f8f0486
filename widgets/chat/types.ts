/** @module widgets/chat/types — what the server sends the chat widget. */

export interface ChatConfig {
  botName: string;
  suggestions: string[];
  greetingMessage: string;
  imageUrl: string;
  position: 'left' | 'right';
  primaryColor: string;
  suggestionColor: string;
  headerColor: string;
  userMessageColor: string;
  agentMessageColor: string;
  errorMessage: string;
  policyUrl: string;
  placeholder: string;
  hideBranding: boolean;
  showEmojiButton: boolean;
  allowVoiceInput: boolean;
  displayMode: 'popup' | 'dialog' | 'embedded';
}

export interface Reference {
  title: string;
  url: string;
}

export interface Attachment {
  type: string;
  url: string;
}

export interface Message {
  role: 'user' | 'assistant';
  content: string;
  references?: Reference[];
  attachments?: Attachment[];
  /** the answer is still streaming */
  streaming?: boolean;
  /** the run failed: content is the configured error text */
  failed?: boolean;
}

export type StreamEvent =
  | { type: 'start'; runId: string }
  | { type: 'token'; text: string }
  | { type: 'done'; runId: string; content: string; references: Reference[]; attachments: Attachment[]; timestamp: string }
  | { type: 'error'; runId: string; message: string };
