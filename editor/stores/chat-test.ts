/**
 * @module editor/stores/chat-test — the chat test pane of a chat flow: each message starts a
 * test run whose input is what the chat widget's route hands the chat trigger (the message, the
 * conversation so far as `chatHistory`, a session id), the run shows on the canvas like any test
 * run, and the answer grows as the run's events bring the text a node streams (`node.progress`
 * with `text`, the same events the widget's tokens come from) until the chat response node's
 * content replaces it.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { openEventStream, type EventStream } from '../api/event-stream.ts';
import type { RunEvent } from '../../contract/run-events.ts';

export interface ChatTurn {
  question: string;
  /** the answer so far (streamed), then the chat response's content */
  answer: string;
  state: 'streaming' | 'answered' | 'failed';
  /** why it failed: the run's error, or the chat response's error content */
  error?: string;
  runId?: string;
}

/** What the pane needs of the studio: start a test run (null when refused), and the chat response nodes' ids. */
export interface ChatTestDeps {
  start(input: unknown): Promise<string | null>;
  /** why the last start was refused */
  refusal(): string;
  responseNodes(): string[];
}

const newSessionId = () => `studio_${Math.random().toString(36).slice(2, 12)}`;

export class ChatTest {
  turns: ChatTurn[] = [];
  draft = '';
  /** why the last message did not start a run, shown beside the input */
  refusal = '';
  sessionId = newSessionId();
  private stream: EventStream | null = null;

  constructor(private readonly deps: ChatTestDeps) {
    makeAutoObservable<this, 'stream' | 'deps'>(this, { stream: false, deps: false }, { autoBind: true });
  }

  get busy(): boolean {
    return this.turns.at(-1)?.state === 'streaming';
  }

  /** The conversation as the chat trigger gives it to the flow: answered exchanges only, as the widget keeps them. */
  get history(): { role: 'user' | 'assistant'; content: string }[] {
    return this.turns
      .filter((turn) => turn.state === 'answered')
      .flatMap((turn) => [
        { role: 'user' as const, content: turn.question },
        { role: 'assistant' as const, content: turn.answer },
      ]);
  }

  setDraft(text: string): void {
    this.draft = text;
  }

  /** Send the draft: a test run of the flow with the message and the conversation so far. */
  async send(): Promise<void> {
    const message = this.draft.trim();
    if (!message || this.busy) return;
    const input = { chatMessage: message, chatHistory: this.history, userId: 'studio_builder', sessionId: this.sessionId, metadata: { source: 'studio' } };
    this.turns.push({ question: message, answer: '', state: 'streaming', error: undefined, runId: undefined });
    this.draft = '';
    const runId = await this.deps.start(input);
    runInAction(() => {
      const shown = this.turns.at(-1);
      if (!shown || shown.question !== message) return; // a new chat began meanwhile
      if (!runId) {
        // refused: nothing ran, so the message goes back into the input beside the reason
        this.turns.pop();
        this.draft = message;
        this.refusal = this.deps.refusal();
        return;
      }
      this.refusal = '';
      shown.runId = runId;
      this.follow(shown, runId);
    });
  }

  /** Start over: a new session, no history. */
  newChat(): void {
    this.stopStream();
    this.turns = [];
    this.refusal = '';
    this.sessionId = newSessionId();
  }

  private follow(turn: ChatTurn, runId: string): void {
    this.stopStream();
    const responders = new Set(this.deps.responseNodes());
    let response: { content?: unknown; type?: unknown } | null = null;
    this.stream = openEventStream(`/api/runs/${encodeURIComponent(runId)}/events`, {
      endOnFinish: true,
      onEvent: (event) =>
        runInAction(() => {
          if (event.type === 'node.progress' && event.text) turn.answer += event.text;
          else if (event.type === 'node.completed' && event.nodeId && responders.has(event.nodeId)) response = (event.output ?? {}) as typeof response;
          else if (event.type.startsWith('run.') && event.type !== 'run.started') settle(turn, event, response);
        }),
    });
  }

  private stopStream(): void {
    this.stream?.close();
    this.stream = null;
  }

  dispose(): void {
    this.stopStream();
  }
}

/** The run ended: the chat response's content is the answer, or the turn failed with the reason. */
function settle(turn: ChatTurn, event: RunEvent, response: { content?: unknown; type?: unknown } | null): void {
  const fail = (error: string) => Object.assign(turn, { state: 'failed', error });
  if (event.type === 'run.failed') return void fail(event.nodeId ? `${event.nodeId}: ${event.error ?? 'The run failed'}` : (event.error ?? 'The run failed'));
  if (event.type === 'run.cancelled') return void fail('The run was cancelled');
  if (!response) return void fail('The flow ended without a chat response');
  const content = typeof response.content === 'string' ? response.content : response.content == null ? '' : JSON.stringify(response.content);
  if (response.type === 'error') return void fail(content || 'The chat response failed');
  Object.assign(turn, { state: 'answered', answer: content });
}
