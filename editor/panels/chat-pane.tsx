/**
 * @module editor/panels/chat-pane — the chat test pane of a chat flow: a conversation with the
 * flow as it is on the canvas, each message a test run shown live on the canvas, the answer
 * streaming in as markdown (the widgets' renderer: text never becomes HTML), why a message was
 * refused beside the input, and "New chat" to start over.
 */
import { observer } from 'mobx-react-lite';
import { useRef, type FormEvent, type KeyboardEvent } from 'react';
import { Markdown } from '../../widgets/shared/markdown-view.tsx';
import { useQuestionScroll } from '../../widgets/chat/question-scroll.ts';
import type { ChatTurn } from '../stores/chat-test.ts';
import type { Studio } from '../stores/studio.ts';
import { Icon } from '../icons/icon.tsx';

const Answer = observer(function Answer({ turn }: { turn: ChatTurn }) {
  return (
    <div className={`chat-bubble chat-bubble--answer chat-bubble--${turn.state}`} data-testid="chat-answer" data-state={turn.state} data-run-id={turn.runId}>
      {turn.answer ? <Markdown text={turn.answer} /> : turn.state === 'streaming' && <span className="muted" aria-label="Waiting for the answer">•••</span>}
      {turn.error && (
        <p className="error-text" data-testid="chat-error">
          {turn.error}
        </p>
      )}
    </div>
  );
});

export const ChatPane = observer(function ChatPane({ studio }: { studio: Studio }) {
  const { chat } = studio;
  const list = useRef<HTMLDivElement>(null);
  const asked = useQuestionScroll(list, chat.turns.map((turn) => turn.answer.length));
  const send = () => {
    asked();
    void chat.send();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  // Enter sends, Shift+Enter starts a new line
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };
  return (
    <div className="chat-pane" data-testid="chat-pane" data-session={chat.sessionId}>
      <div className="row chat-pane-head">
        <p className="muted">Each message is a test run of the flow as it is on the canvas; the conversation is its chat history.</p>
        <button className="btn btn--ghost" data-testid="chat-new" disabled={chat.turns.length === 0 && !chat.refusal} onClick={chat.newChat}>
          New chat
        </button>
      </div>
      <div className="chat-turns" ref={list} data-testid="chat-turns" aria-live="polite">
        {chat.turns.length === 0 && <p className="muted chat-empty">Type a message as a visitor of the chat widget would.</p>}
        {chat.turns.map((turn, index) => (
          <div key={index} className="chat-turn">
            <div className="chat-bubble chat-bubble--question" data-testid="chat-question" data-question>
              {turn.question}
            </div>
            <Answer turn={turn} />
          </div>
        ))}
      </div>
      <form className="chat-composer" onSubmit={submit}>
        <textarea
          className="input"
          rows={2}
          aria-label="Message"
          placeholder="Message"
          data-testid="chat-input"
          value={chat.draft}
          onChange={(e) => chat.setDraft(e.target.value)}
          onKeyDown={onKey}
        />
        <button type="submit" className="btn btn--primary" data-testid="chat-send" disabled={chat.busy || !chat.draft.trim()}>
          <Icon name="send" /> Send
        </button>
      </form>
      {chat.refusal && (
        <p className="error-text test-refusal" role="alert" data-testid="chat-refusal">
          {chat.refusal}
        </p>
      )}
    </div>
  );
});
