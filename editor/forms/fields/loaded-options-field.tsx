/**
 * @module editor/forms/fields/loaded-options-field — a field with `loadOptionsMethod` (spec 002
 * §2): a dropdown whose choices weft's loader answers for the form's current values
 * (`POST /api/projects/:id/load-options/:method`), loaded again when another value changes (the
 * credential, the team…). A value that is not among the choices (an id typed in, a template, a
 * choice the service no longer lists) stays shown; "or an ID" takes one typed in. List fields
 * get the choices as toggles, as the MCP node's tools.
 */
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import type { FieldProps } from '../field-types.ts';

type Option = { label: string; value: string };
type Loaded = { state: 'idle' | 'loading' } | { state: 'done'; options: Option[] } | { state: 'failed'; message: string };

/** wait this long after the last change of the other values before loading again */
const DEBOUNCE_MS = 300;

export function LoadedOptionsField({ field, value, onChange, ctx, inputId }: FieldProps) {
  const method = field.loadOptionsMethod ?? '';
  const { [field.name]: _own, ...others } = ctx.values ?? {};
  const input = JSON.stringify(others);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'idle' });
  useEffect(() => {
    if (!ctx.projectId || !method) return setLoaded({ state: 'idle' });
    let current = true;
    const timer = setTimeout(() => {
      setLoaded({ state: 'loading' });
      api.loadOptions(ctx.projectId!, method, JSON.parse(input) as Record<string, unknown>).then(
        (options) => current && setLoaded({ state: 'done', options }),
        (error: Error) => current && setLoaded({ state: 'failed', message: error.message }),
      );
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [ctx.projectId, method, input]);
  const options = loaded.state === 'done' ? loaded.options : [];
  const status = (
    <>
      {loaded.state === 'loading' && <p className="field-desc">Loading the choices…</p>}
      {loaded.state === 'done' && options.length === 0 && <p className="field-desc">Nothing to choose from: check the credential (and the fields above).</p>}
      {loaded.state === 'failed' && <p className="field-problem">{loaded.message}</p>}
    </>
  );
  if (field.type === 'list' || field.type === 'multiSelect') {
    const chosen = Array.isArray(value) ? value.map(String) : [];
    const all = [...options, ...chosen.filter((v) => !options.some((o) => o.value === v)).map((v) => ({ label: v, value: v }))];
    const toggle = (v: string) => onChange(chosen.includes(v) ? chosen.filter((c) => c !== v) : all.map((o) => o.value).filter((o) => o === v || chosen.includes(o)));
    return (
      <div className="multi" id={inputId} role="group" data-testid={`loaded-options-${field.name}`}>
        {all.map((o) => (
          <label key={o.value} className={`chip-toggle${chosen.includes(o.value) ? ' on' : ''}`}>
            <input type="checkbox" checked={chosen.includes(o.value)} onChange={() => toggle(o.value)} />
            {o.label}
          </label>
        ))}
        {status}
      </div>
    );
  }
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  const stray = text !== '' && !options.some((o) => o.value === text);
  return (
    <div className="loaded-options" data-testid={`loaded-options-${field.name}`}>
      <select id={inputId} className="input" value={text} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}>
        <option value="">— choose —</option>
        {stray && <option value={text}>{text}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <input
        className="input"
        aria-label={`${field.label}: or an ID`}
        placeholder="or an ID (or a {{template}})"
        value={text}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      />
      {status}
    </div>
  );
}
