import { describe, expect, it } from 'vitest';
import { definition as chatTrigger } from './interface/chat-trigger-node/definition.ts';
import { definition as searchTrigger } from './interface/search-trigger-node/definition.ts';
import { closestName, flowLookup, templateProblems } from './template-checks.ts';
import type { NodeDefinition } from './types.ts';

const definition: NodeDefinition = {
  name: 't', label: 'T', type: 'dynamicNode', category: 'Logic', status: 'Enabled', description: '', icon: 'code', docs: '/docs/nodes/t',
  inputs: [
    { name: 'prompt', label: 'Prompt', type: 'template' },
    { name: 'code', label: 'Code', type: 'code', literal: true },
    { name: 'mode', label: 'Mode', type: 'select', defaultValue: 'a', values: [{ label: 'A', value: 'a' }, { label: 'B', value: 'b' }] },
    { name: 'onlyB', label: 'Only B', type: 'template', actionField: 'mode', actionValue: 'b' },
    { name: 'conditions', label: 'Conditions', type: 'conditions' },
  ],
  outputs: [],
};

const known = flowLookup([{ id: 'api_1' }, { id: 'chatTrigger_1', definition: chatTrigger }]);
const problems = (values: Record<string, unknown>, nodeOf = known) => templateProblems(definition, values, nodeOf).map((p) => `${p.field}: ${p.message}`);

describe('templateProblems', () => {
  it('finds nothing in closed placeholders to nodes the flow has, the trigger alias, or plain braces', () => {
    expect(problems({ prompt: 'Hi {{trigger.output.chatMessage}}, {{ api_1.output.data[0]["a b"] }} {{ name }} {"a":{"b":1}}' })).toEqual([]);
  });

  it('marks an unclosed {{, quoting it', () => {
    expect(problems({ prompt: 'Total: {{trigger.output.total' })).toEqual(["prompt: Prompt has an unclosed {{ in '{{trigger.output.total'"]);
    expect(problems({ prompt: '{{api_1.output.a}} and {{api_1.output.b}' })).toEqual(["prompt: Prompt has an unclosed {{ in '{{api_1.output.b}'"]);
    expect(problems({ prompt: `{{trigger.output.${'x'.repeat(60)}` })[0]).toMatch(/in '\{\{trigger\.output\.x{23}…'$/);
  });

  it('marks a reference to a node the flow does not have, once a field', () => {
    expect(problems({ prompt: '{{nosuch.output.x}} {{nosuch.output.y}} {{api_1.output}}' })).toEqual([
      'prompt: Prompt reads {{nosuch.output.x}}, but the flow has no node nosuch',
    ]);
  });

  it('suggests the node a reference to a missing one most likely meant', () => {
    expect(problems({ prompt: '{{api_2.output.x}}' })).toEqual(['prompt: Prompt reads {{api_2.output.x}}, but the flow has no node api_2: did you mean api_1?']);
  });

  it('looks inside condition operands and other structured values', () => {
    const conditions = [{ label: 'Condition 1', combinator: 'AND', operands: [{ name: '{{trigger.output.total', operator: '>', value: '{{gone_1.output.n}}' }] }, { label: 'Else' }];
    expect(problems({ conditions })).toEqual([
      "conditions: Conditions has an unclosed {{ in '{{trigger.output.total'",
      'conditions: Conditions reads {{gone_1.output.n}}, but the flow has no node gone_1',
    ]);
  });

  it('leaves literal (code) fields and hidden fields alone', () => {
    expect(problems({ code: 'return "{{" + outputs.nosuch', onlyB: '{{nosuch.output.x}}' })).toEqual([]);
    expect(problems({ mode: 'b', onlyB: '{{nosuch.output.x}}' })).toEqual(['onlyB: Only B reads {{nosuch.output.x}}, but the flow has no node nosuch']);
  });

  it('marks a field a node with closed outputs never has, suggesting the near name', () => {
    expect(problems({ prompt: 'Hi {{trigger.output.message}} {{chatTrigger_1.output.Message}}' })).toEqual([
      "prompt: Prompt reads {{trigger.output.message}}, but the trigger (Chat) has no output field 'message': did you mean chatMessage?",
      "prompt: Prompt reads {{chatTrigger_1.output.Message}}, but chatTrigger_1 (Chat) has no output field 'Message': did you mean chatMessage?",
    ]);
    const search = flowLookup([{ id: 'searchTrigger_1', definition: searchTrigger }]);
    expect(problems({ prompt: '{{trigger.output.query}}' }, search)).toEqual([
      "prompt: Prompt reads {{trigger.output.query}}, but the trigger (Search) has no output field 'query': did you mean searchQuery?",
    ]);
    expect(problems({ prompt: '{{trigger.output.zzz}}' }, search)).toEqual([
      "prompt: Prompt reads {{trigger.output.zzz}}, but the trigger (Search) has no output field 'zzz': its fields are searchQuery, error",
    ]);
  });

  it('accepts declared fields, deeper paths, the whole output, On error: continue, and nodes with open outputs', () => {
    expect(problems({ prompt: '{{trigger.output.chatMessage}} {{trigger.output.metadata.plan}} {{trigger.output}} {{chatTrigger_1.output.error.message}} {{api_1.output.anything}}' })).toEqual([]);
    // a flow without a trigger yet: that is the flow's problem, not this field's
    expect(problems({ prompt: '{{trigger.output.whatever}}' }, flowLookup([]))).toEqual([]);
  });
});

describe('closestName', () => {
  it('finds a name differing in case, holding the other, or a few letters apart; nothing for unrelated names', () => {
    expect(closestName('MESSAGE', ['chatMessage', 'message'])).toBe('message');
    expect(closestName('message', ['chatHistory', 'chatMessage'])).toBe('chatMessage');
    expect(closestName('serchQuery', ['searchQuery'])).toBe('searchQuery');
    expect(closestName('id', ['userId', 'sessionId'])).toBeUndefined();
    expect(closestName('total', ['chatMessage', 'userId'])).toBeUndefined();
  });
});
