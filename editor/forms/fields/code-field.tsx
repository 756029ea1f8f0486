/**
 * @module editor/forms/fields/code-field — JSON and code editors: monospace, line numbers, Tab
 * indents, and for JSON a live validity check (templates inside strings are fine) and the
 * preview of the data its templates would resolve to (parsed first, as a run does).
 */
import { useRef } from 'react';
import { asText, exampleOf, type FieldProps } from '../field-types.ts';
import { PreviewLine } from './template-input.tsx';

function jsonProblem(text: string): string {
  if (!text.trim()) return '';
  // bare placeholders ({"a": {{x.output}}}) are filled in before parsing at run time
  const probe = text.replace(/\{\{[^{}]*\}\}/g, '0');
  try {
    JSON.parse(probe);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

/** JSON text as data, so templates resolve inside it as a run resolves them; other text as it is. */
function asData(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function CodeField({ field, value, onChange, inputId, ctx }: FieldProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const text = asText(value);
  const lines = Math.max(text.split('\n').length, field.type === 'code' ? 8 : 4);
  const problem = field.type === 'json' ? jsonProblem(text) : '';
  return (
    <div className={`code-field${problem ? ' invalid' : ''}`}>
      <div className="code-editor">
        <pre className="gutter" aria-hidden>
          {Array.from({ length: lines }, (_, i) => i + 1).join('\n')}
        </pre>
        <textarea
          ref={ref}
          id={inputId}
          className="code-text"
          value={text}
          rows={lines}
          spellCheck={false}
          placeholder={exampleOf(field) ?? (field.type === 'json' ? '{ }' : '// return a value')}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Tab' || e.shiftKey) return;
            e.preventDefault();
            const el = e.currentTarget;
            const { selectionStart: s, selectionEnd: end } = el;
            onChange(`${text.slice(0, s)}  ${text.slice(end)}`);
            requestAnimationFrame(() => el.setSelectionRange(s + 2, s + 2));
          }}
        />
      </div>
      <div className="code-foot">
        <span>{field.type === 'json' ? 'JSON' : 'JavaScript'}</span>
        {problem ? <span className="error-text">Invalid JSON: {problem}</span> : field.type === 'json' && text.trim() && <span className="ok-text">valid</span>}
      </div>
      {field.type === 'json' && ctx.preview && <PreviewLine preview={ctx.preview(asData(text))} />}
    </div>
  );
}
