/**
 * @module scripts/fuzz/bad-inputs — what the bad-input sweep sends: request bodies (as raw
 * text, so malformed JSON arrives as such) and field values. Each has a name for the report.
 */

const deep = (levels: number): string => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const MB = 1024 * 1024;

/** Raw request bodies: malformed JSON, wrong shapes, huge and deep, unicode edge cases, prototype keys, template injection. */
export const badBodies: Array<[name: string, body: string]> = [
  ['malformed JSON', '{"name": '],
  ['a list', '[1,2,3]'],
  ['a string', '"flow"'],
  ['a number', '42'],
  ['null', 'null'],
  ['wrong types', JSON.stringify({ name: 12345, nodes: 'none', edges: {}, email: [], status: 7, credentials: 5, input: 'x', version: 'one', role: {} })],
  ['huge string', JSON.stringify({ name: 'x'.repeat(1.5 * MB), email: 'y'.repeat(1000) })],
  ['huge array', JSON.stringify({ nodes: Array.from({ length: 50_000 }, (_, i) => i), edges: [] })],
  ['deep nesting', deep(5_000)],
  ['unicode edges', JSON.stringify({ name: '\uD800\u0000\u202E\uFEFF', email: '\u0000@x', message: '\uDFFF' })],
  ['prototype keys', '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}, "name": "p"}'],
  ['template injection', JSON.stringify({ name: '{{constructor.constructor("return process")()}}', message: '{{__proto__.polluted}}', input: { x: '{{trigger.output.__proto__}}' } })],
];

/** Field values for node definitions: each field of each node gets every one in turn. */
export const badValues: Array<[name: string, value: unknown]> = [
  ['a number', 12345],
  ['a string', 'not-a-valid-value'],
  ['an object', { nested: { deep: [1, 2, 3] } }],
  ['a list', [1, 'two', null]],
  ['null', null],
  ['huge string', 'x'.repeat(256 * 1024)],
  ['deep object', JSON.parse(deep(500))],
  ['prototype keys', JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}')],
  ['template injection', '{{constructor.constructor("return process")()}}{{trigger.output.__proto__.polluted}}'],
  ['unicode edges', '\uD800\u0000\u202E'],
];
