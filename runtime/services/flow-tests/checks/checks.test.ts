/** Every check kind against a passing and a failing answer, and the case reader's refusals. */
import { describe, expect, it } from 'vitest';
import type { Check } from '../../../../contract/flow-tests.ts';
import { readCase } from './case-input.ts';
import { diffValues } from './diff.ts';
import { evaluateChecks } from './evaluate.ts';
import { verdictOf } from './judged.ts';

const noModels = () => {
  throw new Error('no model in this test');
};
const verdicts = async (checks: Check[], answer: unknown, nodes: Record<string, unknown> = {}) =>
  (await evaluateChecks(checks, { answer, nodes }, noModels)).map((r) => r.passed);

describe('checks', () => {
  it('equals: deep, with ignored paths, and the diff of what differs', async () => {
    const expected = { total: 3, items: [{ id: 'a', at: 1 }, { id: 'b', at: 2 }] };
    const actual = { total: 3, items: [{ id: 'a', at: 9 }, { id: 'b', at: 8 }] };
    expect(await verdicts([{ kind: 'equals', expected, ignore: ['items.*.at'] }], actual)).toEqual([true]);
    const [failed] = await evaluateChecks([{ kind: 'equals', expected }], { answer: actual, nodes: {} }, noModels);
    expect(failed.passed).toBe(false);
    expect(failed.diff).toEqual([
      { path: 'items.0.at', expected: 1, actual: 9 },
      { path: 'items.1.at', expected: 2, actual: 8 },
    ]);
    expect(failed.message).toBe('Differs from the expected value at items.0.at, items.1.at');
  });

  it('diff names a missing and an extra key', () => {
    expect(diffValues({ a: 1 }, { b: 2 })).toEqual([{ path: 'a', expected: 1 }, { path: 'b', actual: 2 }]);
    expect(diffValues([1, 2], [1, 2])).toEqual([]);
    expect(diffValues([1], { 0: 1 })).toEqual([{ path: '', expected: [1], actual: { 0: 1 } }]);
  });

  it('schema', async () => {
    const schema = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
    expect(await verdicts([{ kind: 'schema', schema }], { id: 'x' })).toEqual([true]);
    const [failed] = await evaluateChecks([{ kind: 'schema', schema }], { answer: { id: 4 }, nodes: {} }, noModels);
    expect(failed).toMatchObject({ passed: false, message: 'Does not match the schema: /id must be string' });
  });

  it('contains and does not contain: substrings, items, object values', async () => {
    expect(await verdicts([{ kind: 'contains', value: 'refund' }], 'Your refund is on its way')).toEqual([true]);
    expect(await verdicts([{ kind: 'contains', value: 'refund' }], 'No luck')).toEqual([false]);
    expect(await verdicts([{ kind: 'contains', value: { id: 2 } }], [{ id: 1 }, { id: 2 }])).toEqual([true]);
    expect(await verdicts([{ kind: 'notContains', value: 'sorry' }], 'Here it is')).toEqual([true]);
    expect(await verdicts([{ kind: 'notContains', value: 'sorry' }], 'sorry, no')).toEqual([false]);
  });

  it('regex', async () => {
    expect(await verdicts([{ kind: 'regex', pattern: '^ORD-\\d+$' }], 'ORD-42')).toEqual([true]);
    expect(await verdicts([{ kind: 'regex', pattern: '^ord', flags: 'i' }], 'ORD-42')).toEqual([true]);
    expect(await verdicts([{ kind: 'regex', pattern: '^ORD-\\d+$' }], 'ORD-x')).toEqual([false]);
    expect(await verdicts([{ kind: 'regex', pattern: 'x' }], 42)).toEqual([false]);
  });

  it('numeric range and array length', async () => {
    expect(await verdicts([{ kind: 'range', min: 0, max: 1 }], 0.5)).toEqual([true]);
    expect(await verdicts([{ kind: 'range', min: 0, max: 1 }], '0.25')).toEqual([true]);
    expect(await verdicts([{ kind: 'range', min: 0, max: 1 }], 1.5)).toEqual([false]);
    expect(await verdicts([{ kind: 'range', min: 0 }], 'many')).toEqual([false]);
    expect(await verdicts([{ kind: 'length', min: 2, max: 2 }], [1, 2])).toEqual([true]);
    expect(await verdicts([{ kind: 'length', max: 1 }], [1, 2])).toEqual([false]);
    expect(await verdicts([{ kind: 'length', max: 1 }], 'ab')).toEqual([false]);
  });

  it('a path inside the value, and a node output instead of the answer', async () => {
    const checks: Check[] = [
      { kind: 'range', path: 'order.total', min: 10 },
      { kind: 'equals', node: 'api_1', path: 'status', expected: 200 },
      { kind: 'equals', node: 'gone_1', expected: 1 },
    ];
    const results = await evaluateChecks(checks, { answer: { order: { total: 12 } }, nodes: { api_1: { status: 200 } } }, noModels);
    expect(results.map((r) => r.passed)).toEqual([true, true, false]);
    expect(results[2].message).toBe('Node gone_1 has no output in the run');
  });
});

describe('reading a case', () => {
  const nodes = new Set(['webhookTrigger_1', 'api_1']);
  const refused = (raw: unknown) => {
    try {
      readCase(raw, nodes);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('not refused');
  };

  it('takes a well-formed case', () => {
    const read = readCase({ name: ' ok ', input: { q: 1 }, checks: [{ kind: 'regex', pattern: 'a' }], pinned: { api_1: { x: 1 } } }, nodes);
    expect(read).toEqual({ name: 'ok', input: { q: 1 }, checks: [{ kind: 'regex', pattern: 'a' }], pinned: { api_1: { x: 1 } } });
  });

  it('names the case and the field of every fault', () => {
    expect(refused({ name: 'refund', checks: [{ kind: 'regex', pattern: '(' }] })).toMatch(/^Test case 'refund': checks\[0\]\.pattern is not a regular expression: /);
    expect(refused({ name: 'refund', checks: [{ kind: 'schema', schema: { type: 'nonsense' } }] })).toMatch(/^Test case 'refund': checks\[0\]\.schema is not a JSON Schema: /);
    expect(refused({ name: 'r', checks: [{ kind: 'bogus' }] })).toBe("Test case 'r': checks[0].kind must be one of equals, schema, contains, notContains, regex, range, length, judged");
    expect(refused({ name: 'r', checks: [{ kind: 'range', min: 5, max: 1 }, { kind: 'equals' }] })).toBe("Test case 'r': checks[0].min must not be above max; checks[1].expected is missing");
    expect(refused({ name: 'r', checks: [{ kind: 'judged', rubric: '' }] })).toBe("Test case 'r': checks[0].rubric must be text of 1 to 4000 characters");
    expect(refused({ name: 'r', checks: [], pinned: { nope: 1 } })).toBe("Test case 'r': pinned.nope names no node of the flow");
    expect(refused({ name: 'r', checks: [{ kind: 'contains', value: 'a', node: 'nope' }] })).toBe("Test case 'r': checks[0].node names no node of the flow");
    expect(refused({ checks: [] })).toBe("Test case '(unnamed)': name must be text of 1 to 200 characters");
    expect(refused({ name: 'r', checks: [{ kind: 'contains', value: 'a', name: '' }] })).toBe("Test case 'r': checks[0].name must be text of 1 to 200 characters");
  });

  it("labels each check by its name, else its kind, node and path; reads a judge's verdict with its score", async () => {
    const results = await evaluateChecks([{ kind: 'contains', value: 'a', name: 'has an a' }, { kind: 'regex', pattern: 'a', node: 'api_1', path: 'text' }, { kind: 'length', min: 1 }], { answer: ['a'], nodes: { api_1: { text: 'a' } } }, noModels);
    expect(results.map((r) => r.label)).toEqual(['has an a', 'regex on api_1 at text', 'length']);
    expect(verdictOf('{"pass": false, "score": 0.25, "reason": "Half of it"}')).toEqual({ pass: false, score: 0.25, reason: 'Half of it' });
    expect(verdictOf('```json\n{"pass": true, "score": 7}\n```')).toEqual({ pass: true, reason: '' });
    expect(verdictOf('yes')).toBeNull();
  });
});
