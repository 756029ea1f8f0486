import { describe, expect, it } from 'vitest';
import { renameRefs, resolveTemplates, resolveValues, templateRefs } from './template.ts';
import type { NodeDefinition } from './types.ts';

const scope = {
  triggerId: 'webhook_1',
  outputs: {
    webhook_1: { user: { name: 'Ada', tags: ['a', 'b'] }, n: 3 },
    apiNode_1: { data: { items: [{ name: 'first', 'odd key': 1 }, { name: 'second' }] }, ok: true, none: null },
  } as Record<string, unknown>,
};

describe('resolveTemplates', () => {
  it('resolves a lone placeholder to the raw value', () => {
    expect(resolveTemplates('{{apiNode_1.output.data.items[0].name}}', scope)).toBe('first');
    expect(resolveTemplates('{{apiNode_1.output.data.items}}', scope)).toEqual([{ name: 'first', 'odd key': 1 }, { name: 'second' }]);
    expect(resolveTemplates(' {{ webhook_1.output.n }} ', scope)).toBe(3);
    expect(resolveTemplates('{{apiNode_1.output.ok}}', scope)).toBe(true);
    expect(resolveTemplates('{{apiNode_1.output}}', scope)).toBe(scope.outputs.apiNode_1);
  });

  it('reads the trigger through the trigger alias', () => {
    expect(resolveTemplates('{{trigger.output.user.name}}', scope)).toBe('Ada');
    expect(resolveTemplates('{{trigger.output.user.tags[1]}}', scope)).toBe('b');
  });

  it('supports quoted keys', () => {
    expect(resolveTemplates(`{{apiNode_1.output.data.items[0]['odd key']}}`, scope)).toBe(1);
    expect(resolveTemplates('{{apiNode_1.output.data.items[1]["name"]}}', scope)).toBe('second');
  });

  it('interpolates placeholders inside text: data as JSON, missing and null as empty', () => {
    expect(resolveTemplates('Hi {{trigger.output.user.name}} ({{trigger.output.n}})', scope)).toBe('Hi Ada (3)');
    expect(resolveTemplates('tags={{trigger.output.user.tags}}', scope)).toBe('tags=["a","b"]');
    expect(resolveTemplates('x{{nope_1.output.a}}y{{apiNode_1.output.none}}z', scope)).toBe('xyz');
  });

  it('gives undefined for a lone missing path', () => {
    expect(resolveTemplates('{{apiNode_1.output.data.items[7].name}}', scope)).toBeUndefined();
    expect(resolveTemplates('{{missing_1.output}}', scope)).toBeUndefined();
  });

  it('walks arrays and objects, leaving other values alone', () => {
    const value = { a: ['{{trigger.output.n}}', 5, null, true], b: { c: 'n={{trigger.output.n}}' } };
    expect(resolveTemplates(value, scope)).toEqual({ a: [3, 5, null, true], b: { c: 'n=3' } });
    expect(value.a[0]).toBe('{{trigger.output.n}}');
  });

  it('leaves text that is not a node reference as written', () => {
    expect(resolveTemplates('Hello {{ name }}', scope)).toBe('Hello {{ name }}');
    expect(resolveTemplates('{{apiNode_1.data}}', scope)).toBe('{{apiNode_1.data}}');
  });

  it('blanks paths through __proto__, constructor and prototype', () => {
    for (const path of ['__proto__', 'constructor', 'data.constructor.name', 'data.items.constructor', 'constructor.prototype', '["__proto__"]']) {
      expect(resolveTemplates(`{{apiNode_1.output.${path}}}`.replace('.[', '['), scope)).toBeUndefined();
      expect(resolveTemplates(`a{{apiNode_1.output.${path}}}b`.replace('.[', '['), scope)).toBe('ab');
    }
    expect(resolveTemplates('{{constructor}}', scope)).toBeUndefined();
    expect(resolveTemplates('x{{__proto__.output.a}}y', scope)).toBe('xy');
  });

  it('blanks placeholders with parentheses (no code runs)', () => {
    expect(resolveTemplates('{{apiNode_1.output.data.items.map(x => x)}}', scope)).toBeUndefined();
    expect(resolveTemplates('a{{process.exit()}}b', scope)).toBe('ab');
    expect(resolveTemplates('{{ (1+1) }}', scope)).toBeUndefined();
  });

  it('reads own properties only', () => {
    const inherited = Object.create({ secret: 'x' }) as Record<string, unknown>;
    inherited.visible = 1;
    const s = { outputs: { n_1: inherited } };
    expect(resolveTemplates('{{n_1.output.visible}}', s)).toBe(1);
    expect(resolveTemplates('{{n_1.output.secret}}', s)).toBeUndefined();
    expect(resolveTemplates('{{n_1.output.toString}}', s)).toBeUndefined();
    expect(resolveTemplates('{{hasOwnProperty.output}}', s)).toBeUndefined();
  });

  it('does not re-read resolved data as templates', () => {
    const s = { outputs: { a_1: { text: '{{b_1.output.secret}}' }, b_1: { secret: 'S' } } };
    expect(resolveTemplates('{{a_1.output.text}}', s)).toBe('{{b_1.output.secret}}');
    expect(resolveTemplates('x {{a_1.output.text}}', s)).toBe('x {{b_1.output.secret}}');
  });

  it('keeps a __proto__ key of data as plain data', () => {
    const value = JSON.parse('{"__proto__": {"polluted": "{{trigger.output.n}}"}}');
    const out = resolveTemplates(value, scope) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ polluted: 3 });
  });
});

describe('templateRefs and renameRefs', () => {
  const value = { a: '{{apiNode_1.output.x}} and {{ trigger.output.y }}', b: ['{{code_1.output}}', '{{apiNode_1.output.z}}'], c: '{{nope}}' };

  it('lists each referenced node once', () => {
    expect(templateRefs(value)).toEqual(['apiNode_1', 'trigger', 'code_1']);
    expect(templateRefs('{{a_1.output.constructor}} {{b_1.output.f()}}')).toEqual([]);
  });

  it('renames references and nothing else', () => {
    const renamed = renameRefs(value, 'apiNode_1', 'fetchUser');
    expect(renamed).toEqual({
      a: '{{fetchUser.output.x}} and {{ trigger.output.y }}',
      b: ['{{code_1.output}}', '{{fetchUser.output.z}}'],
      c: '{{nope}}',
    });
    expect(renameRefs('{{ apiNode_10.output.x }} {{ apiNode_1.output }}', 'apiNode_1', 'n')).toBe('{{ apiNode_10.output.x }} {{ n.output }}');
  });
});

describe('resolveValues', () => {
  const definition: NodeDefinition = {
    name: 't', label: 'T', type: 'dynamicNode', category: 'Logic', status: 'Enabled', description: '', icon: 'code', docs: '/docs/nodes/t',
    inputs: [
      { name: 'code', label: 'Code', type: 'code', literal: true },
      { name: 'text', label: 'Text', type: 'template', defaultValue: 'n={{trigger.output.n}}' },
      { name: 'body', label: 'Body', type: 'json' },
    ],
    outputs: [],
  };

  it('applies defaults, resolves fields, keeps literal fields and undeclared engine values as written', () => {
    const values = { code: 'return "{{trigger.output.n}}"', loopOutput: [{ output: '{{trigger.output.n}}' }] };
    expect(resolveValues(definition, values, scope)).toEqual({
      values: { code: 'return "{{trigger.output.n}}"', loopOutput: [{ output: '{{trigger.output.n}}' }], text: 'n=3' },
      unresolved: {},
    });
  });

  it('parses JSON text before resolving, so quotes in values cannot break it', () => {
    const s = { outputs: { t_1: { q: 'say "hi"', obj: { k: 1 } } } };
    expect(resolveValues(definition, { body: '{"q": "{{t_1.output.q}}", "o": "{{t_1.output.obj}}"}' }, s).values.body).toEqual({ q: 'say "hi"', o: { k: 1 } });
    expect(resolveValues(definition, { body: '{"n": {{t_1.output.obj.k}} }' }, s).values.body).toBe('{"n": 1 }');
  });

  it('keeps, by field, the first placeholder that resolved to nothing and why', () => {
    const s = { triggerId: 'chatTrigger_1', outputs: { chatTrigger_1: { chatMessage: 'hi', none: null, blank: ' ', user: {} }, t_1: { list: [] } } };
    const why = (text: string) => resolveValues(definition, { text }, s).unresolved.text;
    expect(why('{{trigger.output.message}}')).toEqual({ placeholder: '{{trigger.output.message}}', reason: "trigger has no output field 'message'" });
    expect(why('Q: {{ trigger.output.user.name.first }}!')).toEqual({ placeholder: '{{ trigger.output.user.name.first }}', reason: "trigger has no output field 'user.name'" });
    expect(why('{{trigger.output.none}}{{trigger.output.blank}}')).toEqual({ placeholder: '{{trigger.output.none}}', reason: 'the value is null' });
    expect(why('{{trigger.output.blank}}')?.reason).toBe('the value is empty');
    expect(why('{{later_1.output.text}}')).toEqual({ placeholder: '{{later_1.output.text}}', reason: 'no output of later_1 reaches this node' });
    expect(why('{{t_1.output.list.map(x)}}')?.reason).toBe('templates read data only: no parentheses or prototype keys');
    // a value, even an empty list, is not nothing; text that is no reference is left alone
    expect(why('{{trigger.output.chatMessage}} {{t_1.output.list}} {{ name }}')).toBeUndefined();
    // a miss inside a list or object is kept under its path too
    const rows = [{ key: 'a', value: 'x' }, { key: 'b', value: '{{trigger.output.score}}' }];
    expect(resolveValues(definition, { text: rows }, s).unresolved).toEqual({
      text: { placeholder: '{{trigger.output.score}}', reason: "trigger has no output field 'score'" },
      'text.1.value': { placeholder: '{{trigger.output.score}}', reason: "trigger has no output field 'score'" },
    });
    // literal (code) fields are not resolved, so nothing in them is missed
    expect(resolveValues(definition, { code: '{{trigger.output.message}}', text: 'x' }, s).unresolved).toEqual({});
  });
});
