import { describe, expect, it } from 'vitest';
import { compileForRun } from './compile.ts';
import { catalogue, chain, edge, flowOf, node, trigger } from './testing/flow-fixtures.ts';
import { validateFlow } from './validate.ts';
import { MAX_PINNED_BYTES } from '../../../contract/flow-document.ts';

const check = (nodes: unknown, edges: unknown = []) => validateFlow({ nodes, edges }, catalogue);
const wait = (id: string) => node(id, 'waitNode', { seconds: 1 });

describe('disabled and pinned on save', () => {
  it('stores disabled: true and a pin in their normal form; false is the default, stored as absent', () => {
    const pinned = { output: { a: 1 }, pinnedAt: 7, runId: 'run_1', extra: 'dropped' };
    const result = check([trigger, { ...wait('a_1'), disabled: true }, { ...wait('b_1'), disabled: false, pinned }], chain('webhookTrigger_1', 'a_1', 'b_1'));
    expect(result.problems).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.nodes[1]).toEqual({ ...wait('a_1'), disabled: true });
    expect(result.nodes[2]).toEqual({ ...wait('b_1'), pinned: { output: { a: 1 }, pinnedAt: 7, runId: 'run_1' } });
  });

  it('does not check the values of a disabled node: it never runs', () => {
    const result = check([trigger, { ...node('api_1', 'apiNode', { body: '{{nosuch.output}}' }), disabled: true }], chain('webhookTrigger_1', 'api_1'));
    expect(result.warnings).toEqual([]);
    expect(check([trigger, node('api_1', 'apiNode')], chain('webhookTrigger_1', 'api_1')).warnings).toEqual(['api_1: URL is required']);
  });

  it('refuses a disabled that is not a boolean and a pin without an output, naming the node', () => {
    const result = check([trigger, { ...wait('a_1'), disabled: 'yes' }, { ...wait('b_1'), pinned: { a: 1 } }], chain('webhookTrigger_1', 'a_1', 'b_1'));
    // not a flow document: the save is refused (400)
    expect(result.malformed).toEqual(['Node a_1: disabled must be true or false', 'Node b_1: pinned must be an object {output, pinnedAt, runId?}']);
  });

  it("warns of a pin that does not fit the node's declared output (closed outputs), naming the node and field", () => {
    const pinnedText = (output: unknown) => ({ ...node('text_1', 'generateTextNode', {}), pinned: { output, pinnedAt: 1 } });
    const fits = check([trigger, pinnedText({ generatedResponse: 'Hi' })], chain('webhookTrigger_1', 'text_1'));
    expect(fits.warnings.filter((w) => w.includes('pinned'))).toEqual([]);
    const off = check([trigger, pinnedText({ answer: 'Hi' })], chain('webhookTrigger_1', 'text_1'));
    expect(off.warnings.filter((w) => w.includes('pinned'))).toEqual([expect.stringMatching(/^text_1: the pinned output has a field 'answer' that a Generate text node never outputs \(generatedResponse, /)]);
  });

  it('refuses a pinned output over 1 MB, saying its size', () => {
    const output = 'x'.repeat(MAX_PINNED_BYTES);
    const result = check([trigger, { ...wait('a_1'), pinned: { output, pinnedAt: 1 } }], chain('webhookTrigger_1', 'a_1'));
    expect(result.malformed).toEqual([`Node a_1: the pinned output is ${MAX_PINNED_BYTES + 2} bytes; at most 1 MB (1048576 bytes) can be pinned`]);
  });

  it('warns (saved; Run and Deploy refuse) of a disabled trigger or Loop End and a pinned router', () => {
    const conditions = [{ label: 'Condition 1', combinator: 'AND', operands: [{ name: '1', operator: '==', value: '1' }] }, { label: 'Else' }];
    const nodes = [
      { ...trigger, disabled: true },
      { ...node('condition_1', 'conditionNode', { conditions }), pinned: { output: {}, pinnedAt: 1 } },
      node('forLoop_1', 'forLoopNode', { items: '[1]' }),
      { ...node('forLoopEnd_1', 'forLoopEndNode'), disabled: true },
    ];
    const edges = [edge('e1', 'webhookTrigger_1', 'condition_1'), edge('e2', 'condition_1', 'forLoop_1', 'Condition 1'), edge('e3', 'forLoop_1', 'forLoopEnd_1')];
    const result = check(nodes, edges);
    expect(result.problems).toEqual([]);
    expect(result.warnings).toEqual([
      'webhookTrigger_1: The trigger cannot be disabled',
      'condition_1: The output of a node that chooses its branches or loops cannot be pinned; unpin it',
      'forLoopEnd_1: A Loop End cannot be disabled; disable its For Loop instead',
    ]);
    expect(() => compileForRun(catalogue)(flowOf(result.nodes, result.edges))).toThrow(/The trigger cannot be disabled/);
  });
});

describe('compiling pins and disabled nodes', () => {
  it('production runs the plan without pins; the test plan carries them; both carry disabled', () => {
    const nodes = [trigger, { ...wait('a_1'), pinned: { output: { a: 1 }, pinnedAt: 1 } }, { ...wait('b_1'), disabled: true as const }];
    const compiled = compileForRun(catalogue)(flowOf(nodes, chain('webhookTrigger_1', 'a_1', 'b_1')));
    expect(compiled.plan.nodes.a_1.pinned).toBeUndefined();
    expect(compiled.testPlan.nodes.a_1.pinned).toEqual({ output: { a: 1 } });
    expect(compiled.plan.nodes.b_1.disabled).toBe(true);
    expect(compiled.testPlan.nodes.b_1.disabled).toBe(true);
  });

  it('a flow without pins runs one plan object in both modes', () => {
    const compiled = compileForRun(catalogue)(flowOf([trigger, wait('a_1')], chain('webhookTrigger_1', 'a_1')));
    expect(compiled.testPlan).toBe(compiled.plan);
  });
});
