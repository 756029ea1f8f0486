import { describe, expect, it } from 'vitest';
import { isSame, outputDiff } from './output-diff.ts';

describe('outputDiff', () => {
  it('lists the paths added, removed and changed, nested in objects and arrays', () => {
    const before = { text: 'hi', meta: { model: 'a', tokens: 3 }, items: [1, 2, 3], gone: { deep: true } };
    const after = { text: 'hello', meta: { model: 'a', tokens: 3, cost: 0.1 }, items: [1, 5] };
    expect(outputDiff(before, after)).toEqual({
      added: [{ path: 'meta.cost', value: 0.1 }],
      removed: [{ path: 'items.2', value: 3 }, { path: 'gone', value: { deep: true } }],
      changed: [{ path: 'text', before: 'hi', after: 'hello' }, { path: 'items.1', before: 2, after: 5 }],
    });
  });

  it("is empty for equal values; '' is the whole value when its type or presence changes", () => {
    const same = outputDiff({ a: [1, { b: null }] }, { a: [1, { b: null }] });
    expect(isSame(same)).toBe(true);
    expect(outputDiff({ a: 1 }, [1])).toEqual({ added: [], removed: [], changed: [{ path: '', before: { a: 1 }, after: [1] }] });
    expect(outputDiff(undefined, { a: 1 })).toEqual({ added: [{ path: '', value: { a: 1 } }], removed: [], changed: [] });
    expect(outputDiff('x', undefined)).toEqual({ added: [], removed: [{ path: '', value: 'x' }], changed: [] });
    expect(outputDiff(null, 0).changed).toEqual([{ path: '', before: null, after: 0 }]);
  });

  it('says when it listed only the first differences', () => {
    const many = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`k${i}`, i]));
    const diff = outputDiff({}, many);
    expect(diff.added.length).toBe(50);
    expect(diff.truncated).toBe(true);
    expect(outputDiff({}, { a: 1 }).truncated).toBeUndefined();
  });
});
