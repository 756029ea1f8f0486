/**
 * @module editor/forms/node-form — a node's form, generated from its definition alone: every
 * field with its label, required marker, description and problems (values a save would refuse,
 * and templates that read a node or field the flow does not have, or leave a `{{` open); fields
 * with actionField/actionValue appear only while that other field holds that value.
 */
import { observer } from 'mobx-react-lite';
import { toJS } from 'mobx';
import type { NodeDefinition } from '../../catalogue/types.ts';
import { templateProblems } from '../../catalogue/template-checks.ts';
import { applyDefaults, isFieldVisible, validateValues } from '../../catalogue/values.ts';
import { FieldInput } from './field-input.tsx';
import { ModelHint } from './fields/model-hint.tsx';
import type { FormContext } from './field-types.ts';

interface Props {
  definition: NodeDefinition;
  values: Record<string, unknown>;
  onChange(field: string, value: unknown): void;
  ctx: FormContext;
  /** ids unique to this node, so labels point at the right inputs */
  idPrefix: string;
}

export const NodeForm = observer(function NodeForm({ definition, values, onChange, ctx, idPrefix }: Props) {
  const plain = toJS(values);
  const all = applyDefaults(definition, plain);
  const problems = new Map<string, string[]>();
  const found = [...validateValues(definition, plain), ...(ctx.nodeOf ? templateProblems(definition, plain, ctx.nodeOf) : [])];
  for (const p of found) problems.set(p.field, [...(problems.get(p.field) ?? []), p.message]);
  const visible = definition.inputs.filter((f) => isFieldVisible(f, all));
  if (!visible.length) return <p className="muted">This node has nothing to configure.</p>;
  return (
    <div className="node-form" data-testid="node-form">
      {visible.map((field) => {
        const id = `${idPrefix}-${field.name}`;
        const fieldProblems = problems.get(field.name) ?? [];
        return (
          <div className={`field${fieldProblems.length ? ' has-problem' : ''}`} key={field.name} data-field={field.name} data-testid={`field-${field.name}`}>
            <label htmlFor={id} className="field-label">
              {field.label}
              {field.required && <span className="required" title="Required">*</span>}
              {field.isPro && <span className="tag">Pro</span>}
              <span className="field-type">{field.type}</span>
            </label>
            <FieldInput field={field} value={all[field.name]} onChange={(v) => onChange(field.name, v)} ctx={{ ...ctx, values: all }} inputId={id} />
            {field.modelType && <ModelHint modelType={field.modelType} value={all[field.name]} defaults={ctx.defaultModels} />}
            {field.description && <p className="field-desc">{field.description}</p>}
            {fieldProblems.map((p) => (
              <p className="field-problem" key={p} data-testid="field-problem">
                {p}
              </p>
            ))}
          </div>
        );
      })}
    </div>
  );
});
