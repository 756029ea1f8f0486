/**
 * @module editor/forms/fields/template-input — text that may hold `{{…}}` placeholders. Typing
 * `{{` (or pressing the braces button) opens the paths of upstream outputs; arrows and Enter pick.
 * Beneath it, the value the text would resolve to now (template-preview.ts).
 */
import { useMemo, useRef, useState } from 'react';
import type { TemplatePreview } from '../template-preview.ts';
import { applySuggestion, openPlaceholder, type Suggestion } from '../template-suggestions.ts';

interface Props {
  value: string;
  onChange(value: string): void;
  suggestions: Suggestion[];
  placeholder?: string;
  multiline?: boolean;
  id?: string;
  label?: string;
  /** what a text would resolve to now */
  preview?(template: unknown): TemplatePreview | null;
}

export function TemplateInput({ value, onChange, suggestions, placeholder, multiline, id, label, preview }: Props) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [open, setOpen] = useState<{ query: string } | null>(null);
  const [active, setActive] = useState(0);
  const matches = useMemo(() => {
    if (!open) return [];
    const q = open.query.toLowerCase();
    return suggestions.filter((s) => s.insert.toLowerCase().includes(q)).slice(0, 12);
  }, [open, suggestions]);

  const refresh = (text: string, caret: number) => {
    const placeholderOpen = openPlaceholder(text, caret);
    setOpen(placeholderOpen ? { query: placeholderOpen.query } : null);
    setActive(0);
  };
  const pick = (suggestion: Suggestion) => {
    const el = ref.current;
    const caret = el?.selectionStart ?? value.length;
    const next = openPlaceholder(value, caret) ? applySuggestion(value, caret, suggestion.insert) : applySuggestion(value, value.length, suggestion.insert);
    onChange(next.text);
    setOpen(null);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <div className="template-input">
      <textarea
        ref={ref}
        id={id}
        aria-label={label}
        className={`input mono-ish${multiline ? '' : ' single'}`}
        rows={multiline ? 4 : 1}
        value={value}
        placeholder={placeholder}
        spellCheck={false}
        onChange={(e) => {
          onChange(multiline ? e.target.value : e.target.value.replace(/\n/g, ''));
          refresh(e.target.value, e.target.selectionStart);
        }}
        onBlur={() => setTimeout(() => setOpen(null), 150)}
        onKeyDown={(e) => {
          if (!open || !matches.length) return;
          if (e.key === 'ArrowDown') (e.preventDefault(), setActive((active + 1) % matches.length));
          else if (e.key === 'ArrowUp') (e.preventDefault(), setActive((active + matches.length - 1) % matches.length));
          else if (e.key === 'Enter' || e.key === 'Tab') (e.preventDefault(), pick(matches[active]));
          else if (e.key === 'Escape') setOpen(null);
        }}
      />
      <button
        type="button"
        className="template-button"
        title="Insert an output of an earlier node"
        aria-label="Insert a reference"
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => setOpen(open ? null : { query: '' })}
      >
        {'{ }'}
      </button>
      {open && (
        <ul className="suggestions" role="listbox" data-testid="suggestions">
          {matches.length === 0 && <li className="muted">{noMatch(suggestions, open.query)}</li>}
          {matches.map((s, i) => (
            <li
              key={s.insert}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : ''}
              onMouseDown={(e) => (e.preventDefault(), pick(s))}
            >
              <code>{s.insert}</code>
              <span>{s.detail}</span>
            </li>
          ))}
        </ul>
      )}
      {preview && <PreviewLine preview={preview(value)} />}
    </div>
  );
}

/**
 * Why the list is empty: no node leads into this one (nothing to read yet), or none of the
 * declared outputs matches what is typed — a path into an earlier output may still be right.
 */
function noMatch(suggestions: Suggestion[], query: string): string {
  if (suggestions.length === 0) return 'Nothing leads into this node yet — connect it after the nodes it reads.';
  return `No declared output matches '${query}'; a path into an earlier node's output works too, and the preview below shows what it reads.`;
}

export function PreviewLine({ preview }: { preview: TemplatePreview | null }) {
  if (!preview) return null;
  const miss = preview.misses[0];
  return (
    <p className={`template-preview${preview.empty ? ' is-empty' : ''}`} data-testid="template-preview">
      <span className="template-preview-from">From {preview.from}:</span>{' '}
      {preview.empty ? (
        <span>(no value yet{miss ? `: ${miss.placeholder} — ${miss.reason}` : ''})</span>
      ) : (
        <>
          <code>{preview.text}</code>
          {miss && <span className="muted"> ({miss.placeholder} is empty: {miss.reason})</span>}
        </>
      )}
    </p>
  );
}
