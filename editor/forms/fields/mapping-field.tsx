/**
 * @module editor/forms/fields/mapping-field — rows of key → value (templates allowed); a typed
 * mapping (the field lists row types in `values`) adds a type column.
 */
import type { FieldProps } from '../field-types.ts';
import { TemplateInput } from './template-input.tsx';
import { Icon } from '../../icons/icon.tsx';

interface Row {
  key: string;
  type?: string;
  value: unknown;
}

function rowsOf(value: unknown): Row[] {
  if (Array.isArray(value)) return value.map((r) => ({ key: String(r?.key ?? ''), type: r?.type, value: r?.value ?? '' }));
  // a plain object { key: value } is accepted too: show it as rows
  if (value && typeof value === 'object') return Object.entries(value).map(([key, v]) => ({ key, value: v }));
  return [];
}

export function MappingField({ field, value, onChange, ctx, inputId }: FieldProps) {
  const rows = rowsOf(value);
  const types = field.values ?? [];
  const typed = types.length > 0;
  const write = (next: Row[]) => onChange(next.map((r) => (typed ? { key: r.key, type: r.type ?? 'string', value: r.value } : { key: r.key, value: r.value })));
  const set = (index: number, patch: Partial<Row>) => write(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <div className={`mapping${typed ? ' typed' : ''}`} id={inputId}>
      {rows.length > 0 && (
        <div className="mapping-head">
          <span>Key</span>
          {typed && <span>Type</span>}
          <span>Value</span>
        </div>
      )}
      {rows.map((row, index) => (
        <div className="mapping-row" key={index}>
          <input className={`input${row.key.trim() ? '' : ' invalid'}`} value={row.key} placeholder="key" aria-label={`Key ${index + 1}`} onChange={(e) => set(index, { key: e.target.value })} />
          {typed && (
            <select className="input" value={row.type ?? 'string'} aria-label={`Type ${index + 1}`} onChange={(e) => set(index, { type: e.target.value })}>
              {types.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          )}
          <TemplateInput
            value={typeof row.value === 'string' ? row.value : JSON.stringify(row.value)}
            onChange={(v) => set(index, { value: v })}
            suggestions={ctx.suggestions}
            placeholder="e.g. a value or {{trigger.output.name}}"
            label={`Value ${index + 1}`}
            preview={ctx.preview}
          />
          <button type="button" className="btn btn--icon" aria-label="Remove row" title="Remove row" onClick={() => write(rows.filter((_, i) => i !== index))}>
            <Icon name="close" />
          </button>
        </div>
      ))}
      <button type="button" className="btn btn--ghost add" onClick={() => write([...rows, { key: '', type: typed ? 'string' : undefined, value: '' }])}>
        + Add row
      </button>
    </div>
  );
}
