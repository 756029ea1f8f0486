import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map.ts';

describe('BoundedMap', () => {
  it('starts afresh when a new key would pass its bound, and keeps a known key updated in place', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    map.set('b', 3);
    expect([...map]).toEqual([['a', 1], ['b', 3]]);
    map.set('c', 4);
    expect([...map]).toEqual([['c', 4]]);
  });
});
