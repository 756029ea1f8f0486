import { describe, expect, it } from 'vitest';
import { runNode, testContext } from '../../testing/node-harness.ts';
import { definition } from './definition.ts';
import node from './run.ts';

const ctx = testContext({ outputs: { trigger_1: { age: '42', ok: 'true', list: [1, 2], user: { id: 7 } } } });
const output = async (mapping: unknown) => (await runNode(node, { mapping }, ctx)).output;

describe('variablesNode', () => {
  it('types each value', async () => {
    expect(
      await output([
        { key: 'name', type: 'string', value: 'Ada' },
        { key: 'age', type: 'number', value: '{{trigger.output.age}}' },
        { key: 'ok', type: 'boolean', value: '{{trigger.output.ok}}' },
        { key: 'no', type: 'boolean', value: 'yes' },
        { key: 'list', type: 'array', value: '{{trigger.output.list}}' },
        { key: 'json', type: 'array', value: '[1, "two"]' },
        { key: 'user', type: 'object', value: '{{trigger.output.user}}' },
        { key: 'text', type: 'string', value: '{{trigger.output.user}}' },
        { key: 'untyped', value: 5 },
      ]),
    ).toEqual({ name: 'Ada', age: 42, ok: true, no: false, list: [1, 2], json: [1, 'two'], user: { id: 7 }, text: '{"id":7}', untyped: '5' });
  });

  it('nests objects given as JSON text or as mapping rows', async () => {
    expect(
      await output([
        { key: 'a', type: 'object', value: '{"b": {"c": [1]}}' },
        { key: 'd', type: 'object', value: [{ key: 'e', type: 'number', value: '1' }, { key: 'f', type: 'object', value: [{ key: 'g', value: 'h' }] }] },
      ]),
    ).toEqual({ a: { b: { c: [1] } }, d: { e: 1, f: { g: 'h' } } });
  });

  it('says Mapping is not found without a mapping', async () => {
    await expect(node.run({ mapping: [] }, ctx)).rejects.toThrow('Mapping is not found');
    await expect(node.run({ mapping: '' }, ctx)).rejects.toThrow('Mapping is not found');
    await expect(node.run({ mapping: 'nope' }, ctx)).rejects.toThrow('Mapping must be a list of rows');
  });

  it('says Value is null for a null or unresolved value, naming the trigger field the request lacks', async () => {
    await expect(output([{ key: 'a', type: 'string', value: null }])).rejects.toThrow(/^Value is null$/);
    await expect(output([{ key: 'a', type: 'string', value: '{{trigger.output.missing}}' }])).rejects.toThrow(
      "Value is null: {{trigger.output.missing}} resolved to nothing (trigger has no output field 'missing')",
    );
  });

  it('names the miss of the null row, not an earlier one that only blanked part of a text', async () => {
    const rows = [
      { key: 'note', type: 'string', value: 'age {{trigger.output.nope}}' },
      { key: 'verdict', type: 'string', value: 'failed' },
      { key: 'deep', type: 'object', value: [{ key: 'id', value: '{{trigger.output.user.id}}' }, { key: 'score', type: 'number', value: '{{trigger.output.score}}' }] },
    ];
    await expect(output(rows)).rejects.toThrow("Value is null: {{trigger.output.score}} resolved to nothing (trigger has no output field 'score')");
  });

  it('refuses values that do not fit their type', async () => {
    await expect(output([{ key: 'n', type: 'number', value: 'abc' }])).rejects.toThrow('Value of n is not a number');
    await expect(output([{ key: 'l', type: 'array', value: '{"a":1}' }])).rejects.toThrow('Value of l is not an array');
    await expect(output([{ key: 'o', type: 'object', value: '[1' }])).rejects.toThrow('Value of o is not an object');
    await expect(output([{ key: 'd', type: 'date', value: 'x' }])).rejects.toThrow('Type: date is not supported!');
    await expect(output([{ key: '', type: 'string', value: 'x' }])).rejects.toThrow('Every mapping row needs a key');
  });

  it('never writes through __proto__', async () => {
    const out = (await output([{ key: '__proto__', type: 'object', value: '{"polluted": true}' }, { key: 'k', value: 'v' }])) as object;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(out).toEqual({ k: 'v' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
