import { describe, expect, it } from 'vitest';
import { namesReadByCode, parseReference, translateString, translateValue, weftTemplate, type ExpressionMiss, type RefResolver } from './expressions.ts';

/** `$json` is node `prev`'s output; named nodes are their slugs; node “Gone” has no counterpart. */
const resolve: RefResolver = (base, path) => {
  if (base.kind === 'input') return { id: 'prev', path };
  if (base.name === 'Gone') return null;
  return { id: base.name.toLowerCase().replace(/\W+/g, '_'), path };
};

function translated(text: string) {
  const misses: ExpressionMiss[] = [];
  return { value: translateString(text, resolve, (m) => misses.push(m)), misses };
}

describe('n8n expressions as weft templates', () => {
  it.each([
    ['={{ $json.name }}', '{{prev.output.name}}'],
    ['={{$json["first name"]}}', "{{prev.output['first name']}}"],
    ['={{ $json.items[0].id }}', '{{prev.output.items[0].id}}'],
    ['={{ $json?.user?.email }}', '{{prev.output.user.email}}'],
    ['={{ $json }}', '{{prev.output}}'],
    ['={{ $input.item.json.a }}', '{{prev.output.a}}'],
    ['={{ $input.first().json.a }}', '{{prev.output.a}}'],
    ["={{ $('HTTP Request').item.json.data.id }}", '{{http_request.output.data.id}}'],
    ['={{ $("Edit Fields").first().json.x }}', '{{edit_fields.output.x}}'],
    ["={{ $('Edit Fields').last().json.x }}", '{{edit_fields.output.x}}'],
    ['={{ $node["HTTP Request"].json.message }}', '{{http_request.output.message}}'],
    ["={{ $node['Set'].json['a b'] }}", "{{set.output['a b']}}"],
    ['={{ $node.Set.json.a }}', '{{set.output.a}}'],
    ["={{ $items('Set')[0].json.a }}", '{{set.output.a}}'],
    ['={{ JSON.stringify($json) }}', '{{prev.output}}'],
    ['=Hello {{ $json.name }}, you are {{ $json.age }}!', 'Hello {{prev.output.name}}, you are {{prev.output.age}}!'],
  ])('%s → %s', (n8n, weft) => {
    expect(translated(n8n)).toEqual({ value: weft, misses: [] });
  });

  it('leaves text that is not an expression as it is (n8n reads it literally)', () => {
    expect(translated('plain {{ $json.x }}')).toEqual({ value: 'plain {{ $json.x }}', misses: [] });
    expect(translated('=no placeholders')).toEqual({ value: 'no placeholders', misses: [] });
  });

  it.each([
    ['={{ $now.toISO() }}', 'weft templates read data only'],
    ['={{ $json.a + 1 }}', 'weft templates read data only'],
    ['={{ $json.name.toUpperCase() }}', 'weft templates read data only'],
    ['={{ $execution.id }}', 'weft templates read data only'],
    ['={{ $env.API_URL }}', 'weft templates read data only'],
    ["={{ $('Gone').item.json.x }}", 'this data of node “Gone” has no counterpart in weft'],
  ])('keeps %s as written and reports it', (n8n, reason) => {
    const { value, misses } = translated(`=before ${n8n.slice(1)} after`);
    expect(value).toBe(`before ${n8n.slice(1)} after`);
    expect(misses).toEqual([{ expression: n8n.slice(1), reason: expect.stringContaining(reason) }]);
  });

  it('translates every string inside lists and objects', () => {
    const misses: ExpressionMiss[] = [];
    expect(translateValue({ a: ['={{ $json.x }}', 3, true], b: { c: '={{ $now }}' } }, resolve, (m) => misses.push(m))).toEqual({ a: ['{{prev.output.x}}', 3, true], b: { c: '{{ $now }}' } });
    expect(misses.map((m) => m.expression)).toEqual(['{{ $now }}']);
  });

  it('parses references only, and writes weft paths with brackets where dots cannot go', () => {
    expect(parseReference(' $json.a ')).toEqual({ base: { kind: 'input' }, path: ['a'] });
    expect(parseReference('$json.a || "x"')).toBeNull();
    expect(weftTemplate({ id: 'trigger', path: ['a', '0', "it's", 'b c'] })).toBe(`{{trigger.output.a[0]["it's"]['b c']}}`);
  });

  it('finds the nodes a Code node reads by name', () => {
    expect(namesReadByCode(`const a = $('HTTP Request').first().json; const b = $node["Set"].json; $('HTTP Request')`)).toEqual(['HTTP Request', 'Set']);
  });
});
