/**
 * @module editor/forms/fields/agent-paths-field — the agent paths of an agent classifier: each
 * a name (an output handle of the node, so unique and non-empty) and a description the model
 * reads to choose.
 */
import { isPlainObject } from '../../../catalogue/coerce.ts';
import type { AgentPath } from '../../../catalogue/field-shapes.ts';
import type { FieldProps } from '../field-types.ts';
import { Icon } from '../../icons/icon.tsx';

const pathsOf = (value: unknown): AgentPath[] =>
  Array.isArray(value) ? value.filter(isPlainObject).map((p) => ({ name: String(p.name ?? ''), description: String(p.description ?? '') })) : [];

export function AgentPathsField({ value, onChange, inputId }: FieldProps) {
  const paths = pathsOf(value);
  const set = (index: number, change: Partial<AgentPath>) => onChange(paths.map((p, i) => (i === index ? { ...p, ...change } : p)));
  const remove = (index: number) => onChange(paths.filter((_, i) => i !== index));
  const add = () => {
    let n = paths.length + 1;
    while (paths.some((p) => p.name === `Agent ${n}`)) n++;
    onChange([...paths, { name: `Agent ${n}`, description: '' }]);
  };
  const names = paths.map((p) => p.name.trim());
  const duplicate = (name: string) => names.filter((n) => n === name.trim()).length > 1;
  return (
    <div className="list-field agent-paths" id={inputId}>
      {paths.map((path, index) => (
        <div className="agent-path" key={index}>
          <div className="list-row">
            <input
              className={`input${duplicate(path.name) || !path.name.trim() ? ' invalid' : ''}`}
              value={path.name}
              aria-label={`Agent path ${index + 1} name`}
              onChange={(e) => set(index, { name: e.target.value })}
            />
            <button type="button" className="btn btn--icon" aria-label="Remove" title="Remove" onClick={() => remove(index)}>
              <Icon name="close" />
            </button>
          </div>
          <textarea
            className="input"
            rows={2}
            value={path.description}
            placeholder="What this agent does, so the model knows when to choose it"
            aria-label={`Agent path ${index + 1} description`}
            onChange={(e) => set(index, { description: e.target.value })}
          />
        </div>
      ))}
      <button type="button" className="btn btn--ghost add" onClick={add}>
        + Add agent path
      </button>
    </div>
  );
}
