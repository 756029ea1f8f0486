/**
 * @module runtime/integrations/n8n-import/map-routing — IF and Switch as weft's Condition (its labels are the
 * output handles, 'Else' last) or, for a Switch that computes its output index, weft's Branch
 * (branches named '0', '1', …). Both hand their input on in n8n, so `$json` after them reads
 * what came in.
 */
import { ELSE_LABEL, type Condition, type Operand } from '../../../catalogue/field-shapes.ts';
import { filterOperands, legacyOperands } from './conditions.ts';
import { field, rows, type MapContext, type Mapped, type NodeMapper } from './mapper-types.ts';

const emptyOperand = (): Operand => ({ name: '', operator: '==', value: '' });
const port = (handle: string) => [{ handle }];

export const ifNode: NodeMapper = {
  passThrough: true,
  map(ctx) {
    const { parameters, typeVersion } = ctx.node;
    const { combinator, operands } = typeVersion >= 2 ? filterOperands(ctx, parameters.conditions, 'condition') : legacyOperands(ctx, parameters.conditions, parameters.combineOperation);
    const conditions: Condition[] = [{ label: 'true', combinator, operands: operands.length ? operands : [emptyOperand()] }, { label: ELSE_LABEL }];
    return { type: 'conditionNode', values: { conditions }, ports: (i) => (i === 0 ? port('true') : i === 1 ? port(ELSE_LABEL) : []) };
  },
};

/** unique labels, never 'Else' (the catch-all's) */
function labeller() {
  const taken = new Set<string>([ELSE_LABEL]);
  return (wanted: string, fallback: string) => {
    let label = wanted.trim() || fallback;
    for (let n = 2; taken.has(label); n++) label = `${wanted.trim() || fallback} (${n})`;
    taken.add(label);
    return label;
  };
}

/** Switch v3: rules of filters; `options.fallbackOutput` 'extra' (one more output), an output index, or none. */
function rulesV3(ctx: MapContext): Mapped {
  const { parameters } = ctx.node;
  const options = parameters.options;
  if (field(options, 'allMatchingOutputs') === true) ctx.problem('n8n sent an item to every matching output; weft takes the first matching condition', 'conditions');
  const label = labeller();
  const rules = rows(field(parameters.rules, 'values'));
  const conditions: Condition[] = rules.map((rule, i) => {
    const { combinator, operands } = filterOperands(ctx, rule.conditions, `rule ${i + 1}`);
    const wanted = rule.renameOutput === true ? ctx.text(rule.outputKey, 'conditions') : '';
    return { label: label(wanted, `Condition ${i + 1}`), combinator, operands: operands.length ? operands : [emptyOperand()] };
  });
  conditions.push({ label: ELSE_LABEL });
  const fallback = field(options, 'fallbackOutput');
  return {
    type: 'conditionNode',
    values: { conditions },
    ports: (i) => {
      const handles = i < rules.length ? port(conditions[i].label) : [];
      if ((fallback === 'extra' && i === rules.length) || fallback === i) handles.push({ handle: ELSE_LABEL });
      return handles;
    },
  };
}

/** Switch v1/v2: one value (`value1`) against each rule's `value2`, each rule naming its output. */
function rulesLegacy(ctx: MapContext): Mapped {
  const { parameters } = ctx.node;
  const rules = rows(field(parameters.rules, 'rules'));
  const conditions: Condition[] = rules.map((rule, i) => {
    const { operands } = legacyOperands(ctx, { string: [{ value1: parameters.value1, operation: rule.operation ?? 'equal', value2: rule.value2 }] }, 'all');
    return { label: `Condition ${i + 1}`, combinator: 'AND', operands };
  });
  conditions.push({ label: ELSE_LABEL });
  const fallback = Number(parameters.fallbackOutput ?? -1);
  return {
    type: 'conditionNode',
    values: { conditions },
    ports: (i) => {
      const handles = rules.flatMap((rule, r) => (Number(rule.output ?? 0) === i ? port(conditions[r].label) : []));
      if (fallback === i) handles.push({ handle: ELSE_LABEL });
      return handles;
    },
  };
}

/** Switch in expression mode: the expression computes the output index, which a Branch compares with its names. */
function byExpression(ctx: MapContext): Mapped {
  const { parameters } = ctx.node;
  const count = Math.max(1, Math.min(Number(parameters.numberOutputs ?? parameters.outputsAmount ?? 4) || 4, 50));
  const branches = Array.from({ length: count }, (_, i) => String(i));
  return { type: 'branchNode', values: { nodeName: ctx.node.name, value: ctx.value(parameters.output, 'value'), branches }, ports: (i) => (i < count ? port(String(i)) : []) };
}

export const switchNode: NodeMapper = {
  passThrough: true,
  map(ctx) {
    if (ctx.node.parameters.mode === 'expression') return byExpression(ctx);
    return ctx.node.typeVersion >= 3 ? rulesV3(ctx) : rulesLegacy(ctx);
  },
};
