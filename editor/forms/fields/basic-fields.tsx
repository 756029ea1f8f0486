/** @module editor/forms/fields/basic-fields — text, number, boolean, select and multi-select fields. */
import { useEffect, useState } from 'react';
import { literalProblem } from '../../../catalogue/values.ts';
import { asText, exampleOf, type FieldProps } from '../field-types.ts';

export function TextField({ field, value, onChange, inputId }: FieldProps) {
  const common = { id: inputId, className: 'input', value: asText(value), placeholder: exampleOf(field) };
  return field.type === 'textarea' ? (
    <textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} />
  ) : (
    <input {...common} type={field.isPrivate ? 'password' : 'text'} autoComplete="off" onChange={(e) => onChange(e.target.value)} />
  );
}

/**
 * Numbers are stored as numbers, a template as typed. Anything else ('abc', a number out of the
 * field's bounds) is refused as it is typed, in the words a save would use (catalogue/values.ts):
 * it stays in the box, marked, and the stored value stays what it was.
 */
export function NumberField({ field, value, onChange, inputId }: FieldProps) {
  const [text, setText] = useState(asText(value));
  // a stored value that is wrong is the form's to report (validateValues); this is what was typed and refused
  const problem = text.trim() === asText(value).trim() ? '' : literalProblem(field, text);
  useEffect(() => {
    if (Number(text) !== value && text !== value) setText(asText(value));
    // only an outside change (undo, another node) resets the text
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const range = [field.minValue !== undefined ? `min ${field.minValue}` : '', field.maxValue !== undefined ? `max ${field.maxValue}` : ''].filter(Boolean).join(', ');
  return (
    <div className="number-field">
      <input
        id={inputId}
        className={`input${problem ? ' invalid' : ''}`}
        type="text"
        inputMode="decimal"
        value={text}
        placeholder={exampleOf(field) ?? range}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => {
          setText(e.target.value);
          const trimmed = e.target.value.trim();
          if (literalProblem(field, trimmed)) return;
          onChange(trimmed === '' ? undefined : trimmed.includes('{{') ? e.target.value : Number(trimmed));
        }}
      />
      {range && <span className="range">{range}</span>}
      {problem && (
        <p className="field-problem" data-testid="literal-problem">
          {problem} — not saved
        </p>
      )}
    </div>
  );
}

export function BooleanField({ value, onChange, inputId, field }: FieldProps) {
  const on = value === true || value === 'true';
  return (
    <label className="switch">
      <input id={inputId} type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked)} />
      <span className="switch-track" />
      <span>{on ? 'On' : 'Off'}</span>
      <span className="sr-only">{field.label}</span>
    </label>
  );
}

export function SelectField({ field, value, onChange, inputId }: FieldProps) {
  const options = field.values ?? [];
  const current = value === undefined || value === null ? '' : String(value);
  // a stored value that is not a choice (an import, an older catalogue) is shown as such, not as the first choice
  const stray = current !== '' && !options.some((o) => o.value === current);
  return (
    <select id={inputId} className={`input${stray ? ' invalid' : ''}`} value={current} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}>
      {(!field.required || current === '') && <option value="">—</option>}
      {stray && <option value={current}>{current} (not a choice)</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

export function MultiSelectField({ field, value, onChange, inputId }: FieldProps) {
  const chosen = new Set(Array.isArray(value) ? value.map(String) : []);
  const toggle = (v: string) => {
    const next = new Set(chosen);
    if (next.has(v)) next.delete(v);
    else next.add(v);
    // keep the catalogue's order
    onChange((field.values ?? []).map((o) => o.value).filter((o) => next.has(o)));
  };
  return (
    <div className="multi" id={inputId} role="group">
      {(field.values ?? []).map((o) => (
        <label key={o.value} className={`chip-toggle${chosen.has(o.value) ? ' on' : ''}`}>
          <input type="checkbox" checked={chosen.has(o.value)} onChange={() => toggle(o.value)} />
          {o.label}
        </label>
      ))}
    </div>
  );
}
