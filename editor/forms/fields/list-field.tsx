/**
 * @module editor/forms/fields/list-field — lists of values, and branch names (each name is an
 * output handle of the node, so names must be unique and non-empty).
 */
import { exampleOf, type FieldProps } from '../field-types.ts';
import { TemplateInput } from './template-input.tsx';
import { Icon } from '../../icons/icon.tsx';

export function ListField({ field, value, onChange, ctx, inputId }: FieldProps) {
  const items: unknown[] = Array.isArray(value) ? value : [];
  const branches = field.type === 'branches';
  const set = (index: number, item: string) => onChange(items.map((v, i) => (i === index ? item : v)));
  const remove = (index: number) => onChange(items.filter((_, i) => i !== index));
  const add = () => {
    if (!branches) return onChange([...items, '']);
    let n = items.length + 1;
    while (items.includes(`Branch ${n}`)) n++;
    onChange([...items, `Branch ${n}`]);
  };
  const duplicates = new Set(items.filter((v, i) => items.indexOf(v) !== i).map(String));
  return (
    <div className="list-field" id={inputId}>
      {items.map((item, index) => (
        <div className="list-row" key={index}>
          {branches ? (
            <input
              className={`input${duplicates.has(String(item)) || !String(item).trim() ? ' invalid' : ''}`}
              value={String(item ?? '')}
              aria-label={`Branch ${index + 1} name`}
              onChange={(e) => set(index, e.target.value)}
            />
          ) : (
            <TemplateInput value={typeof item === 'string' ? item : JSON.stringify(item)} onChange={(v) => set(index, v)} suggestions={ctx.suggestions} label={`${field.label} ${index + 1}`} placeholder={exampleOf(field)} preview={ctx.preview} />
          )}
          <button type="button" className="btn btn--icon" aria-label="Remove" title="Remove" onClick={() => remove(index)}>
            <Icon name="close" />
          </button>
        </div>
      ))}
      <button type="button" className="btn btn--ghost add" onClick={add}>
        + {branches ? 'Add branch' : 'Add item'}
      </button>
    </div>
  );
}
