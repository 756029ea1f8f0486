/**
 * @module editor/panels/paused-at-breakpoint — a test run paused at a breakpoint
 * (docs/debugging.md#breakpoints): the held message in an editable JSON box, and Step, Continue
 * and Abort. An edited message is sent with the action; an unchanged one is delivered as it was.
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { Studio } from '../stores/studio.ts';

const pretty = (value: unknown) => JSON.stringify(value ?? null, null, 2);

function jsonProblem(text: string): string {
  try {
    JSON.parse(text);
    return '';
  } catch (error) {
    return `The message is not valid JSON: ${(error as Error).message}`;
  }
}

const HeldMessage = observer(function HeldMessage({ studio, original, where }: { studio: Studio; original: string; where: string }) {
  const [text, setText] = useState(original);
  const [busy, setBusy] = useState(false);
  const problem = jsonProblem(text);
  const act = (action: 'step' | 'continue' | 'abort') => {
    setBusy(true);
    const edited = action !== 'abort' && text !== original ? text : undefined;
    void studio.runs.debug(action, edited).finally(() => setBusy(false));
  };
  return (
    <div className="paused-at-breakpoint" data-testid="paused-at-breakpoint" role="region" aria-label="Paused at a breakpoint">
      <p className="field-label">Paused at a breakpoint: {where}</p>
      <label className="muted" htmlFor="held-message">The message, not delivered yet (edit it before it goes on)</label>
      <textarea
        id="held-message"
        data-testid="held-message"
        className={`input code-text${problem ? ' invalid' : ''}`}
        rows={6}
        spellCheck={false}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {problem && <p className="field-problem">{problem}</p>}
      <div className="row">
        <button className="btn btn--primary" data-testid="debug-step" disabled={busy || !!problem} title="Deliver this message and pause at the next one, on any connection" onClick={() => act('step')}>
          Step
        </button>
        <button className="btn btn--ghost" data-testid="debug-continue" disabled={busy || !!problem} title="Deliver this message and run on to the next breakpoint" onClick={() => act('continue')}>
          Continue
        </button>
        <button className="btn btn--ghost" data-testid="debug-abort" disabled={busy} title="End the run as cancelled" onClick={() => act('abort')}>
          Abort
        </button>
      </div>
    </div>
  );
});

export const PausedAtBreakpoint = observer(function PausedAtBreakpoint({ studio }: { studio: Studio }) {
  const view = studio.runs.debuggable;
  const paused = view?.paused;
  if (!view || !paused) return null;
  const slug = (id: string) => studio.config.get(id)?.slug ?? id;
  const where = `${slug(paused.source)} → ${slug(paused.nodeId)}${paused.iteration !== undefined ? ` (iteration ${paused.iteration + 1})` : ''}`;
  const original = pretty(paused.message);
  // a new pause is a new box: its text starts from the message held there
  return <HeldMessage key={`${view.runId} ${paused.edgeId} ${paused.iteration ?? ''} ${original}`} studio={studio} original={original} where={where} />;
});
