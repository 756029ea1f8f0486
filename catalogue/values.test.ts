import { describe, expect, it } from 'vitest';
import type { NodeDefinition } from './types.ts';
import type { InputField } from './types.ts';
import { applyDefaults, checkValues, literalProblem, validateValues } from './values.ts';

const definition: NodeDefinition = {
  name: 'sample', label: 'Sample', type: 'dynamicNode', category: 'Logic', status: 'Enabled', description: '', icon: 'code', docs: '/docs/nodes/sample',
  inputs: [
    { name: 'url', label: 'URL', type: 'template', required: true },
    { name: 'retries', label: 'Retries', type: 'number', defaultValue: 0, minValue: 0, maxValue: 10 },
    { name: 'low', label: 'Low', type: 'number', minValue: 1 },
    { name: 'high', label: 'High', type: 'number', maxValue: 5 },
    { name: 'mode', label: 'Mode', type: 'select', defaultValue: 'range', values: [{ label: 'Range', value: 'range' }, { label: 'List', value: 'list' }] },
    { name: 'list', label: 'List value', type: 'template', required: true, actionField: 'mode', actionValue: 'list' },
    { name: 'tags', label: 'Tags', type: 'multiSelect', values: [{ label: 'A', value: 'a' }] },
    { name: 'body', label: 'Body', type: 'json' },
    { name: 'flag', label: 'Flag', type: 'boolean' },
    { name: 'items', label: 'Items', type: 'list' },
    { name: 'conditions', label: 'Conditions', type: 'conditions' },
    { name: 'branches', label: 'Branches', type: 'branches' },
    { name: 'mapping', label: 'Mapping', type: 'mapping', values: [{ label: 'string', value: 'string' }] },
  ],
  outputs: [],
};

const messages = (values: Record<string, unknown>) => validateValues(definition, values).map((p) => `${p.field}: ${p.message}`);

describe('applyDefaults', () => {
  it('fills missing fields with a copy of the default and keeps given ones', () => {
    const filled = applyDefaults(definition, { retries: 3, extra: 'kept' });
    expect(filled).toEqual({ retries: 3, extra: 'kept', mode: 'range' });
    const withList: NodeDefinition = { ...definition, inputs: [{ name: 'l', label: 'L', type: 'list', defaultValue: [1] }] };
    const a = applyDefaults(withList, {});
    (a.l as number[]).push(2);
    expect(withList.inputs[0].defaultValue).toEqual([1]);
  });
});

describe('validateValues', () => {
  it('accepts a valid set', () => {
    expect(messages({ url: 'https://x', retries: '4', body: '{"a":1}', flag: 'true', items: [1] })).toEqual([]);
  });

  it('reports required fields that are empty', () => {
    expect(messages({})).toEqual(['url: URL is required']);
    expect(messages({ url: '  ' })).toEqual(['url: URL is required']);
  });

  it('does not require fields hidden by actionField/actionValue', () => {
    expect(messages({ url: 'u', mode: 'range' })).toEqual([]);
    expect(messages({ url: 'u', mode: 'list' })).toEqual(['list: List value is required']);
  });

  it('checks numbers and their bounds', () => {
    expect(messages({ url: 'u', retries: 11 })).toEqual(['retries: Retries must be between 0 and 10']);
    expect(messages({ url: 'u', retries: 'many' })).toEqual(['retries: Retries must be a number']);
    expect(messages({ url: 'u', low: 0, high: 6 })).toEqual(['low: Low must be at least 1', 'high: High must be at most 5']);
    expect(messages({ url: 'u', retries: '{{trigger.output.n}}' })).toEqual([]);
  });

  it('checks select, multiSelect, JSON, boolean and list values', () => {
    expect(messages({ url: 'u', mode: 'loop' })).toEqual(['mode: Mode must be one of: range, list']);
    expect(messages({ url: 'u', tags: ['a', 'b'] })).toEqual(['tags: Tags must only hold: a']);
    expect(messages({ url: 'u', body: '{bad' })).toEqual(['body: Body must be valid JSON']);
    expect(messages({ url: 'u', body: '{"n": {{a_1.output.n}}}' })).toEqual([]);
    expect(messages({ url: 'u', flag: 'yes' })).toEqual(['flag: Flag must be true or false']);
    expect(messages({ url: 'u', items: 'x' })).toEqual(['items: Items must be a list']);
  });

  it('checks the structured field shapes', () => {
    expect(messages({ url: 'u', conditions: [{ label: 'Condition 1', operands: [] }, { label: 'Else' }] })).toEqual([
      'conditions: Condition 1 has no operands',
    ]);
    expect(messages({ url: 'u', conditions: [{ label: 'Condition 1', combinator: 'XOR', operands: [{ name: 'a', operator: '=~', value: 'b' }] }] })).toEqual([
      'conditions: Combinator: XOR is not supported!',
      'conditions: Operator: =~ is not supported!',
    ]);
    expect(messages({ url: 'u', branches: ['a', 'a', ''] })).toEqual(['branches: Branch name "a" is used twice', 'branches: Branch names must not be empty']);
    expect(messages({ url: 'u', mapping: [{ key: '', value: 1 }, { key: 'k', type: 'date', value: 1 }] })).toEqual([
      'mapping: Every mapping row needs a key',
      'mapping: Type: date is not supported!',
    ]);
  });
});

describe('checkValues at run time (templates resolved)', () => {
  const run = (values: Record<string, unknown>) => checkValues(definition, values, { resolved: true });

  it('coerces each value to its field type and keeps engine values', () => {
    const { values, problems } = run({ url: 'u', retries: '4', flag: 'false', body: '{"a":1}', items: '["x"]', mapping: '[{"key":"k","value":1}]', loopOutput: [1] });
    expect(problems).toEqual([]);
    expect(values).toEqual({
      url: 'u', retries: 4, mode: 'range', flag: false, body: { a: 1 }, items: ['x'], mapping: [{ key: 'k', value: 1 }], loopOutput: [1],
    });
  });

  it('writes data resolved into a text field as JSON, and keeps plain text in a JSON field', () => {
    expect(run({ url: { a: 1 }, body: 'hello' }).values).toMatchObject({ url: '{"a":1}', body: 'hello' });
    expect(run({ url: 7 }).values.url).toBe('7');
  });

  it('gives an empty optional value its default, but a required one stays required', () => {
    expect(run({ url: 'u', retries: '', mode: null }).values).toMatchObject({ retries: 0, mode: 'range' });
    expect(run({ url: '  ' }).problems).toEqual([{ field: 'url', message: 'URL is required' }]);
    const withDefault: NodeDefinition = { ...definition, inputs: [{ name: 'code', label: 'Code', type: 'code', required: true, defaultValue: 'return 1' }] };
    expect(checkValues(withDefault, { code: '' }, { resolved: true }).problems).toEqual([{ field: 'code', message: 'Code is required' }]);
  });

  it('passes no hidden field, even one holding a value', () => {
    expect(run({ url: 'u', mode: 'range', list: '[1]' }).values).not.toHaveProperty('list');
    expect(run({ url: 'u', mode: 'list', list: '[1]' }).values.list).toBe('[1]');
  });

  it('checks resolved values that happen to hold braces, and names the field by its label', () => {
    expect(run({ url: 'u', retries: '{{x}}' }).problems).toEqual([{ field: 'retries', message: 'Retries must be a number' }]);
    expect(run({ url: 'u', retries: 12 }).problems).toEqual([{ field: 'retries', message: 'Retries must be between 0 and 10' }]);
    expect(run({ url: 'u', mode: 'loop' }).problems).toEqual([{ field: 'mode', message: 'Mode must be one of: range, list' }]);
  });

  it("uses a field's own spec texts when it has them", () => {
    const spec: NodeDefinition = {
      ...definition,
      inputs: [
        { name: 'title', label: 'Title', type: 'data', required: true, requiredMessage: 'Unconfigured title field' },
        { name: 'seconds', label: 'Seconds', type: 'number', minValue: 1, maxValue: 90, invalidMessage: 'Seconds must be between 1 and 90' },
      ],
    };
    const check = (values: Record<string, unknown>) => checkValues(spec, values, { resolved: true }).problems.map((p) => p.message);
    expect(check({ title: '' })).toEqual(['Unconfigured title field']);
    expect(check({ title: 'a', seconds: 'soon' })).toEqual(['Seconds must be between 1 and 90']);
    // a data field's empty list is a value (a search without results), not a missing one
    expect(check({ title: [] })).toEqual([]);
    expect(validateValues(spec, {})).toEqual([{ field: 'title', message: 'Unconfigured title field' }]);
  });

  it('names the placeholder that left a required field empty, keeping a spec text; optional fields stay empty', () => {
    const miss = { placeholder: '{{trigger.output.message}}', reason: "trigger has no output field 'message'" };
    const withMiss = (values: Record<string, unknown>, field: string, on = definition) =>
      checkValues(on, values, { resolved: true, unresolved: { [field]: miss } }).problems;
    expect(withMiss({}, 'url')).toEqual([{ field: 'url', message: "URL: {{trigger.output.message}} resolved to nothing (trigger has no output field 'message')" }]);
    const spec: NodeDefinition = { ...definition, inputs: [{ name: 'title', label: 'Title', type: 'data', required: true, requiredMessage: 'Unconfigured title field' }] };
    expect(withMiss({ title: '' }, 'title', spec).map((p) => p.message)).toEqual([
      "Unconfigured title field: {{trigger.output.message}} resolved to nothing (trigger has no output field 'message')",
    ]);
    // a placeholder that came to nothing beside other text that is a value leaves nothing to report
    expect(withMiss({ url: 'https://x/' }, 'url')).toEqual([]);
    expect(withMiss({ url: 'u', body: undefined }, 'body')).toEqual([]);
  });
});

describe('literalProblem (the editor, as a value is typed)', () => {
  const size: InputField = { name: 'size', label: 'Size', type: 'number', minValue: 1, maxValue: 10 };
  const mode: InputField = { name: 'mode', label: 'Mode', type: 'select', values: [{ label: 'A', value: 'a' }] };

  it('refuses what a save would refuse, in the same words', () => {
    expect(literalProblem(size, 'abc')).toBe('Size must be a number');
    expect(literalProblem(size, '11')).toBe('Size must be between 1 and 10');
    expect(literalProblem({ ...size, invalidMessage: 'Size is a count of letters' }, 'abc')).toBe('Size is a count of letters');
    expect(literalProblem(mode, 'b')).toBe('Mode must be one of: a');
  });

  it('lets through valid literals, empty values and templates (their type is known at run time)', () => {
    expect(literalProblem(size, ' 7 ')).toBe('');
    expect(literalProblem(size, '')).toBe('');
    expect(literalProblem(size, '{{trigger.output.n}}')).toBe('');
    expect(literalProblem(mode, 'a')).toBe('');
  });
});
