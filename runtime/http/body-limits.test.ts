import { describe, expect, it } from 'vitest';
import { depthExceeds, textDepthExceeds } from './body-limits.ts';

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('depthExceeds', () => {
  it('counts objects and arrays, not scalars', () => {
    expect(depthExceeds(nested(3), 3)).toBe(false);
    expect(depthExceeds(nested(4), 3)).toBe(true);
    expect(depthExceeds('text', 0)).toBe(false);
    expect(depthExceeds({ a: 1, b: [1, 2], c: { d: null } }, 2)).toBe(false);
    expect(depthExceeds({ a: 1, b: [1, 2], c: { d: [] } }, 2)).toBe(true);
  });

  it('walks 100,000 levels without overflowing the stack', () => {
    expect(depthExceeds(nested(100_000), 64)).toBe(true);
  });
});

describe('textDepthExceeds', () => {
  it('counts brackets of JSON and GraphQL outside strings and comments', () => {
    expect(textDepthExceeds('{"a": [1, {"b": 2}]}', 3)).toBe(false);
    expect(textDepthExceeds('{"a": [1, {"b": [2]}]}', 3)).toBe(true);
    expect(textDepthExceeds('{"a": "[[[[[[\\"[[[["}', 1)).toBe(false);
    expect(textDepthExceeds('{ f(s: """ {{{{ "quoted" {{ """) # ((((\n }', 2)).toBe(false);
    expect(textDepthExceeds('{ f(s: """ \\""" {{{{ """, o: {a: {b: 1}}) }', 3)).toBe(true);
  });
});

describe('checkBody', () => {
  it('refuses a lone surrogate in a string or a key, and takes paired ones', async () => {
    const { checkBody } = await import('./body-limits.ts');
    expect(() => checkBody({ name: 'emoji 😀 and accents é', list: ['\u202E\uFEFF'] })).not.toThrow();
    for (const bad of [{ name: '\uD800' }, { list: ['ok', 'x\uDFFFy'] }, { ['\uDBFF']: 1 }]) {
      expect(() => checkBody(bad)).toThrow('The request body holds text that is not valid Unicode');
    }
  });
});
