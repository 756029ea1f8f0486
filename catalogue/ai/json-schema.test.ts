import { describe, expect, it } from 'vitest';
import { schemaProblem } from './json-schema.ts';

describe('schemaProblem', () => {
  const schema = {
    type: 'object',
    additionalProperties: false,
    required: ['tags'],
    properties: {
      tags: { type: 'array', minItems: 1, items: { type: 'string', enum: ['a', 'b'] } },
      score: { type: ['number', 'null'], maximum: 1 },
      note: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'boolean' }] },
    },
  };
  it.each([
    [{ tags: ['a'] }, null],
    [{ tags: ['a'], score: 0.5, note: true }, null],
    [{ tags: ['a'], score: null, note: 'abc' }, null],
    [{}, '$: missing required property tags'],
    [{ tags: [] }, '$.tags: must have at least 1 items'],
    [{ tags: ['c'] }, '$.tags[0]: must be one of ["a","b"]'],
    [{ tags: ['a'], score: 2 }, '$.score: must be at most 1'],
    [{ tags: ['a'], score: 'x' }, '$.score: expected number or null, got string'],
    [{ tags: ['a'], note: 'long' }, '$.note: matches none of anyOf'],
    [{ tags: ['a'], extra: 1 }, '$.extra: is not allowed'],
    [[1], '$: expected object, got array'],
  ])('%j → %j', (value, problem) => {
    expect(schemaProblem(value, schema)).toBe(problem);
  });
  it('integers count as numbers, not the other way round', () => {
    expect(schemaProblem(3, { type: 'number' })).toBeNull();
    expect(schemaProblem(3.5, { type: 'integer' })).toBe('$: expected integer, got number');
  });
});
