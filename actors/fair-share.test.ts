import { describe, expect, it } from 'vitest';
import { FairShare } from './fair-share.ts';
import { FairSlots, shareOf } from './fair-slots.ts';

describe('FairShare', () => {
  it('takes one item of each owner in turn, each owner\'s in order', () => {
    const share = new FairShare<string>();
    for (const item of ['a1', 'a2', 'a3', 'a4']) share.push('a', item);
    share.push('b', 'b1');
    share.push('c', 'c1');
    share.push('c', 'c2');
    const taken = [];
    for (let item = share.next(() => true); item; item = share.next(() => true)) taken.push(item);
    expect(taken).toEqual(['a1', 'b1', 'c1', 'a2', 'c2', 'a3', 'a4']);
    expect(share.size).toBe(0);
  });

  it('skips owners that may not take one, puts a returning item first, gives the longest lines\' newest back first', () => {
    const share = new FairShare<string>();
    for (const item of ['a1', 'a2', 'a3']) share.push('a', item);
    share.push('b', 'b1');
    share.push('a', 'a0', true);
    expect(share.next((owner) => owner !== 'a')).toBe('b1');
    expect(share.next((owner) => owner !== 'a')).toBeUndefined();
    expect(share.firsts()).toEqual(['a0']);
    share.push('b', 'b2');
    expect(share.takeNewest(3)).toEqual(['a3', 'a2', 'a1']);
    expect(share.next(() => true)).toBe('a0');
    expect(share.next(() => true)).toBe('b2');
    expect(share.size).toBe(0);
  });
});

describe('FairSlots', () => {
  it('keeps the last eighth of the slots (at least one) for a project holding none', () => {
    expect([1, 2, 3, 8, 16, 64].map(shareOf)).toEqual([1, 1, 2, 7, 14, 56]);
    const slots = new FairSlots(3);
    const started: string[] = [];
    for (const project of ['a', 'a', 'a', 'b', 'b']) slots.enter({ project, go: () => started.push(project) });
    // a fills the share (2), b holding none takes the last slot; their next wait
    expect(started).toEqual(['a', 'a', 'b']);
    slots.leave('b');
    expect(started).toEqual(['a', 'a', 'b', 'b']);
    // a and b hold one each: the third slot stays for a project holding none, a's next waits
    slots.leave('a');
    expect(started).toEqual(['a', 'a', 'b', 'b']);
    slots.enter({ project: 'c', go: () => started.push('c') });
    expect(started).toEqual(['a', 'a', 'b', 'b', 'c']);
    // b gone, a and c hold one each: a's next still waits, until c's slot frees
    slots.leave('b');
    expect(started).toEqual(['a', 'a', 'b', 'b', 'c']);
    slots.leave('c');
    expect(started).toEqual(['a', 'a', 'b', 'b', 'c', 'a']);
  });

  it('gives a slot up while a caller waits elsewhere, and takes one again first in its line', async () => {
    const slots = new FairSlots(1);
    await slots.acquire('a');
    let open = () => {};
    const outside = new Promise<void>((ok) => (open = ok));
    const waiting = slots.without('a', () => outside);
    const other = slots.run('b', async () => 'b ran');
    await expect(other).resolves.toBe('b ran');
    open();
    await waiting;
    expect(slots.busy).toBe(1);
  });
});
