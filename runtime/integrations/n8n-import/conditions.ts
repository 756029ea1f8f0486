/**
 * @module runtime/integrations/n8n-import/conditions — n8n's conditions (IF, Switch: the filter of version 2+
 * `{conditions: [{leftValue, rightValue, operator: {type, operation}}], combinator}` and the
 * version 1 lists `{string: [{value1, operation, value2}], number: […], boolean: […]}`) as the
 * operands of a weft Condition (`==`, `!=`, `<`, `>`, `<=`, `>=`, `like`, `ilike`).
 */
import type { Combinator, Operand } from '../../../catalogue/field-shapes.ts';
import { field, rows, type MapContext } from './mapper-types.ts';

type Translation = { operator: string; value: (v: string) => string };

const same = (v: string) => v;
const OPERATIONS: Record<string, Translation> = {
  equals: { operator: '==', value: same },
  equal: { operator: '==', value: same },
  notEquals: { operator: '!=', value: same },
  notEqual: { operator: '!=', value: same },
  contains: { operator: 'like', value: same },
  notContains: { operator: 'ilike', value: same },
  startsWith: { operator: 'like', value: (v) => `${v}%` },
  notStartsWith: { operator: 'ilike', value: (v) => `${v}%` },
  endsWith: { operator: 'like', value: (v) => `%${v}` },
  notEndsWith: { operator: 'ilike', value: (v) => `%${v}` },
  gt: { operator: '>', value: same },
  larger: { operator: '>', value: same },
  after: { operator: '>', value: same },
  lt: { operator: '<', value: same },
  smaller: { operator: '<', value: same },
  before: { operator: '<', value: same },
  gte: { operator: '>=', value: same },
  largerEqual: { operator: '>=', value: same },
  afterOrEquals: { operator: '>=', value: same },
  lte: { operator: '<=', value: same },
  smallerEqual: { operator: '<=', value: same },
  beforeOrEquals: { operator: '<=', value: same },
  // presence: weft compares what a template resolved to as text, and nothing resolves to ''
  exists: { operator: '!=', value: () => '' },
  notEmpty: { operator: '!=', value: () => '' },
  isNotEmpty: { operator: '!=', value: () => '' },
  notExists: { operator: '==', value: () => '' },
  empty: { operator: '==', value: () => '' },
  isEmpty: { operator: '==', value: () => '' },
  true: { operator: '==', value: () => 'true' },
  false: { operator: '==', value: () => 'false' },
};

/** One n8n comparison as a weft operand; an operation weft lacks becomes `==` and is reported. */
function operand(ctx: MapContext, left: unknown, operation: string, right: unknown, at: string): Operand {
  const name = ctx.text(left, 'conditions');
  const translation = OPERATIONS[operation];
  if (!translation) {
    ctx.problem(`${at}: the comparison “${operation}” has no weft counterpart; it was imported as ==`, 'conditions');
    return { name, operator: '==', value: ctx.text(right, 'conditions') };
  }
  const value = ctx.text(right, 'conditions');
  if (translation.operator.endsWith('like') && /[%_]/.test(value)) {
    ctx.problem(`${at}: “${value}” holds % or _, which weft's like reads as wildcards`, 'conditions');
  }
  return { name, operator: translation.operator, value: translation.value(value) };
}

/** The operands and combinator of one n8n filter (version 2+), e.g. IF's `conditions` or a Switch rule's. */
export function filterOperands(ctx: MapContext, filter: unknown, at: string): { combinator: Combinator; operands: Operand[] } {
  if (field(field(filter, 'options'), 'caseSensitive') === false) {
    ctx.problem(`${at}: weft compares case-sensitively (the n8n node ignored case)`, 'conditions');
  }
  const operands = rows(field(filter, 'conditions')).map((c, i) => {
    const operator = field(c, 'operator');
    const operation = String(field(operator, 'operation') ?? 'equals');
    return operand(ctx, c.leftValue, operation, c.rightValue, `${at}, comparison ${i + 1}`);
  });
  return { combinator: field(filter, 'combinator') === 'or' ? 'OR' : 'AND', operands };
}

/** The operands of IF version 1 (`conditions.string`, `.number`, `.boolean`, `.dateTime`) and its combineOperation. */
export function legacyOperands(ctx: MapContext, conditions: unknown, combineOperation: unknown): { combinator: Combinator; operands: Operand[] } {
  const operands: Operand[] = [];
  for (const kind of ['string', 'number', 'boolean', 'dateTime']) {
    for (const [i, c] of rows(field(conditions, kind)).entries()) {
      const operation = String(c.operation ?? (kind === 'boolean' ? 'equal' : kind === 'number' ? 'smaller' : 'equal'));
      operands.push(operand(ctx, c.value1, operation, c.value2, `${kind} comparison ${i + 1}`));
    }
  }
  return { combinator: combineOperation === 'any' ? 'OR' : 'AND', operands };
}
