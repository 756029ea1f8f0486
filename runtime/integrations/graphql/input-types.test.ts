import { GraphQLObjectType, GraphQLSchema, GraphQLString, graphqlSync, printType, type GraphQLInputType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { looksLikeJsonSchema } from '../../../catalogue/trigger-input.ts';
import { InputTypeBuilder, pascalName } from './input-types.ts';
import { GraphQLJSON } from './json-scalar.ts';

const build = (schema: unknown, name = 'FlowInput') => new InputTypeBuilder(new Set()).fromAdvanceSchema(schema, name);

/** Print every named type reachable from `type` by putting it in a tiny schema. */
function printed(type: GraphQLInputType): string {
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { f: { type: GraphQLString, args: { input: { type } } } } }),
  });
  return Object.values(schema.getTypeMap())
    .filter((t) => !t.name.startsWith('__') && !['Query', 'String', 'Boolean', 'Int', 'Float', 'JSON'].includes(t.name))
    .map((t) => printType(t))
    .join('\n');
}

describe('advance_schema → GraphQL input type', () => {
  it('reads a JSON schema: scalars, required, nullable unions, arrays, nested objects, enums', () => {
    const { type } = build({
      type: 'object',
      properties: {
        q: { type: 'string', description: 'the question' },
        n: { type: ['integer', 'null'] },
        score: { type: 'number' },
        ok: { type: 'boolean' },
        list: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } },
        free: { type: 'object' },
        mixed: { enum: ['a', 1] },
        anything: {},
      },
      required: ['q', 'ok'],
    });
    expect(printed(type)).toBe(
      [
        'input FlowInput {',
        '  """the question"""',
        '  q: String!',
        '  n: Int',
        '  score: Float',
        '  ok: Boolean!',
        '  list: [FlowInputListItem]',
        '  free: JSON',
        '  mixed: JSON',
        '  anything: JSON',
        '}',
        'input FlowInputListItem {',
        '  id: Int!',
        '}',
      ].join('\n'),
    );
  });

  it('reads a sample payload when the value is not a JSON schema; nothing is required', () => {
    expect(looksLikeJsonSchema({ message: 'hi' })).toBe(false);
    expect(looksLikeJsonSchema({ type: 'object' })).toBe(true);
    const { type } = build({ message: 'hi', count: 2, ratio: 0.5, big: 2 ** 40, tags: ['x'], user: { id: 'u1' }, nothing: null, empty: [] });
    expect(printed(type)).toBe(
      [
        'input FlowInput {',
        '  message: String',
        '  count: Int',
        '  ratio: Float',
        '  big: Float',
        '  tags: [String]',
        '  user: FlowInputUser',
        '  nothing: JSON',
        '  empty: [JSON]',
        '}',
        'input FlowInputUser {',
        '  id: String',
        '}',
      ].join('\n'),
    );
  });

  it('renames properties GraphQL cannot spell and maps them back, never touching a prototype', () => {
    const typed = build({ type: 'object', properties: { 'user-id': { type: 'string' }, user_id: { type: 'string' }, '2fa': { type: 'boolean' }, __proto__x: { type: 'string' } } });
    const fields = Object.keys((typed.type as unknown as { getFields(): Record<string, unknown> }).getFields());
    expect(fields).toEqual(['user_id', 'user_id_2', '_2fa', '_proto__x']);
    const payload = typed.toPayload({ user_id: 'a', user_id_2: 'b', _2fa: true, _proto__x: 'p', unknown: 1 }) as Record<string, unknown>;
    expect(payload).toEqual({ 'user-id': 'a', user_id: 'b', '2fa': true, __proto__x: 'p' });
    const polluting = build(JSON.parse('{"type": "object", "properties": {"__proto__": {"type": "object", "properties": {"polluted": {"type": "boolean"}}}}}'));
    const value = polluting.toPayload({ _proto__: { polluted: true } }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyNames(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('gives enums of GraphQL names an enum type, other enums a scalar', () => {
    expect(printed(build({ type: 'object', properties: { tone: { type: 'string', enum: ['warm', 'cold'] } } }).type)).toContain('enum FlowInputToneEnum {\n  warm\n  cold\n}');
    expect(printed(build({ type: 'object', properties: { tone: { type: 'string', enum: ['very warm', 'cold'] } } }).type)).toContain('tone: String');
  });

  it('names types uniquely across flows and makes operation names from flow names', () => {
    const names = new Set<string>();
    const a = new InputTypeBuilder(names).fromAdvanceSchema({ x: 1 }, 'SameInput');
    const b = new InputTypeBuilder(names).fromAdvanceSchema({ x: 1 }, 'SameInput');
    expect([String(a.type), String(b.type)]).toEqual(['SameInput', 'SameInput2']);
    expect([pascalName('order lookup'), pascalName('3 ways!'), pascalName('déjà vu')]).toEqual(['OrderLookup', 'Flow3Ways', 'DejaVu']);
  });

  it('accepts JSON written inline in a query, variables inside it included', () => {
    const { type } = build({ type: 'object' });
    const schema = new GraphQLSchema({
      query: new GraphQLObjectType({ name: 'Query', fields: { echo: { type: GraphQLJSON, args: { input: { type } }, resolve: (_r, args) => args.input } } }),
    });
    const result = graphqlSync({ schema, source: 'query Q($v: JSON) { echo(input: {a: [1, 2.5, "s", true, null, $v], b: {c: RED}}) }', variableValues: { v: 7 } });
    expect(result.errors).toBeUndefined();
    expect(result).toEqual({ data: { echo: { a: [1, 2.5, 's', true, null, 7], b: { c: 'RED' } } } });
  });
});
