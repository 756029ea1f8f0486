/**
 * @module editor/forms/fields/conditions-field — the condition editor: rows 'Condition 1', …
 * each joining comparisons with AND or OR, and a last 'Else'. Each row's label is an output
 * handle of the node, so adding or removing a row adds or removes a port on the canvas.
 */
import { CONDITION_OPERATORS, ELSE_LABEL, conditionLabel, type Condition, type Operand } from '../../../catalogue/field-shapes.ts';
import type { FieldProps } from '../field-types.ts';
import { TemplateInput } from './template-input.tsx';
import { Icon } from '../../icons/icon.tsx';

const newOperand = (): Operand => ({ name: '', operator: '==', value: '' });

function conditionsOf(value: unknown): Condition[] {
  const list = Array.isArray(value) ? (value as Condition[]).filter((c) => c && typeof c === 'object') : [];
  const rows = list.filter((c) => c.label !== ELSE_LABEL);
  return [...rows, { label: ELSE_LABEL }];
}

/** Rows keep 'Condition N' labels in order, so handles stay predictable. */
function relabel(rows: Condition[]): Condition[] {
  return [...rows.filter((c) => c.label !== ELSE_LABEL).map((c, i) => ({ ...c, label: conditionLabel(i) })), { label: ELSE_LABEL }];
}

export function ConditionsField({ value, onChange, ctx, inputId }: FieldProps) {
  const conditions = conditionsOf(value);
  const rows = conditions.slice(0, -1);
  const write = (next: Condition[]) => onChange(relabel(next));
  const setRow = (index: number, patch: Partial<Condition>) => write(rows.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  const setOperand = (row: number, index: number, patch: Partial<Operand>) => {
    const operands = (rows[row].operands ?? []) as Operand[];
    setRow(row, { operands: operands.map((o, i) => (i === index ? { ...o, ...patch } : o)) });
  };
  return (
    <div className="conditions" id={inputId}>
      {rows.map((condition, row) => {
        const operands = (condition.operands ?? []) as Operand[];
        return (
          <div className="condition" key={row} data-testid="condition-row">
            <div className="condition-head">
              <span className="handle-tag">{condition.label}</span>
              <select className="input small" aria-label={`${condition.label} combinator`} value={condition.combinator ?? 'AND'} onChange={(e) => setRow(row, { combinator: e.target.value as 'AND' | 'OR' })}>
                <option value="AND">all match (AND)</option>
                <option value="OR">any matches (OR)</option>
              </select>
              <button type="button" className="btn btn--icon" aria-label={`Remove ${condition.label}`} title="Remove condition" onClick={() => write(rows.filter((_, i) => i !== row))}>
                <Icon name="close" />
              </button>
            </div>
            {operands.map((operand, index) => (
              <div className="operand" key={index}>
                <TemplateInput value={String(operand.name ?? '')} onChange={(v) => setOperand(row, index, { name: v })} suggestions={ctx.suggestions} placeholder="e.g. {{trigger.output.score}}" label={`${condition.label} left side ${index + 1}`} preview={ctx.preview} />
                <select className="input small" aria-label={`${condition.label} operator ${index + 1}`} value={String(operand.operator)} onChange={(e) => setOperand(row, index, { operator: e.target.value })}>
                  {CONDITION_OPERATORS.map((op) => (
                    <option key={op} value={op}>
                      {op}
                    </option>
                  ))}
                </select>
                <TemplateInput value={String(operand.value ?? '')} onChange={(v) => setOperand(row, index, { value: v })} suggestions={ctx.suggestions} placeholder="e.g. 50" label={`${condition.label} right side ${index + 1}`} preview={ctx.preview} />
                <button type="button" className="btn btn--icon" aria-label="Remove comparison" onClick={() => setRow(row, { operands: operands.filter((_, i) => i !== index) })}>
                  <Icon name="close" />
                </button>
              </div>
            ))}
            <button type="button" className="btn btn--ghost add" onClick={() => setRow(row, { operands: [...operands, newOperand()] })}>
              + Add comparison
            </button>
          </div>
        );
      })}
      <div className="condition condition--else">
        <span className="handle-tag">{ELSE_LABEL}</span> when nothing above matches
      </div>
      <button type="button" className="btn btn--ghost add" onClick={() => write([...rows, { label: '', combinator: 'AND', operands: [newOperand()] }])}>
        + Add condition
      </button>
    </div>
  );
}
