import { describe, expect, it } from 'vitest';
import { autocut, fuse, type Scored } from './fusion.ts';

const list = (...pairs: [string, number][]): Scored<string>[] => pairs.map(([id, score]) => ({ id, score, item: id }));
const ids = (r: Scored<string>[]) => r.map((x) => x.id);

describe('fuse', () => {
  const vector = list(['a', 0.9], ['b', 0.8], ['c', 0.5]);
  const keyword = list(['c', 7], ['d', 3], ['a', 1]);

  it('relativeScoreFusion: scales each list to 0…1 and weights by alpha', () => {
    const fused = fuse(vector, keyword, 0.5, 'relativeScoreFusion');
    // a: 0.5·1 + 0.5·0 = 0.5; b: 0.5·0.75 = 0.375; c: 0.5·0 + 0.5·1 = 0.5; d: 0.5·(2/6)
    expect(fused.map((r) => [r.id, Number(r.score.toFixed(4))])).toEqual([
      ['a', 0.5],
      ['c', 0.5],
      ['b', 0.375],
      ['d', 0.1667],
    ]);
  });

  it('alpha 1 is pure vector, 0 pure keyword', () => {
    expect(ids(fuse(vector, keyword, 1, 'relativeScoreFusion')).slice(0, 3)).toEqual(['a', 'b', 'c']);
    expect(ids(fuse(vector, keyword, 0, 'relativeScoreFusion')).slice(0, 3)).toEqual(['c', 'd', 'a']);
  });

  it('rankedFusion: weight / (60 + rank) from each list', () => {
    const fused = fuse(vector, keyword, 0.5, 'rankedFusion');
    const score = Object.fromEntries(fused.map((r) => [r.id, r.score]));
    expect(score.a).toBeCloseTo(0.5 / 60 + 0.5 / 62, 12);
    expect(score.c).toBeCloseTo(0.5 / 62 + 0.5 / 60, 12);
    expect(score.b).toBeCloseTo(0.5 / 61, 12);
    expect(score.d).toBeCloseTo(0.5 / 61, 12);
  });

  it('a list of equal scores scales to 1', () => {
    expect(fuse(list(['x', 0.3], ['y', 0.3]), [], 0.25, 'relativeScoreFusion').map((r) => r.score)).toEqual([0.25, 0.25]);
  });
});

describe('autocut', () => {
  it('cuts at the first jump', () => {
    expect(autocut([1, 0.99, 0.98, 0.3, 0.29, 0.28], 1)).toBe(3);
  });
  it('cuts at the second jump with 2', () => {
    expect(autocut([1, 0.99, 0.6, 0.59, 0.2, 0.19, 0.18], 1)).toBe(2);
    expect(autocut([1, 0.99, 0.6, 0.59, 0.2, 0.19, 0.18], 2)).toBe(4);
  });
  it('keeps everything at 0, for one value, or for equal values', () => {
    expect(autocut([1, 0.2, 0.1], 0)).toBe(3);
    expect(autocut([1], 1)).toBe(1);
    expect(autocut([0.5, 0.5, 0.5], 1)).toBe(3);
  });
  it('works on distances, nearest first', () => {
    expect(autocut([0.1, 0.11, 0.12, 0.6, 0.61], 1)).toBe(3);
  });
});
