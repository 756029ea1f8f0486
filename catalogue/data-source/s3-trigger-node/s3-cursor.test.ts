import { describe, expect, it } from 'vitest';
import { advance, objectsToRead, RECENT_LIMIT, type S3Cursor } from './s3-cursor.ts';

const DAY = 86_400_000;
const T = Date.parse('2026-11-20T00:00:00Z');
const object = (key: string, at: number, etag = `"${key}"`) => ({ key, lastModified: new Date(at), etag, size: 1 });

describe('which objects an incremental S3 sync reads', () => {
  it('reads everything first, oldest first then by key, and nothing twice', () => {
    const objects = [object('b', T), object('a', T), object('c', T - 1000)];
    expect(objectsToRead(objects, null, 3, null).map((o) => o.key)).toEqual(['c', 'a', 'b']);
    let cursor: S3Cursor | null = null;
    for (const o of objectsToRead(objects, null, 3, null)) cursor = advance(cursor, o, 3);
    expect(cursor).toMatchObject({ lastModified: T, key: 'b' });
    expect(objectsToRead(objects, cursor, 3, null)).toEqual([]);
    // a key sorting after the cursor's at the same time is new
    expect(objectsToRead([...objects, object('d', T)], cursor, 3, null).map((o) => o.key)).toEqual(['d']);
  });

  it('reads a late object inside the window of days before the cursor, not one outside it', () => {
    const cursor = advance(null, object('last', T), 3);
    const late = [object('late-2-days', T - 2 * DAY), object('late-5-days', T - 5 * DAY)];
    expect(objectsToRead(late, cursor, 3, null).map((o) => o.key)).toEqual(['late-2-days']);
    const after = advance(cursor, late[0]!, 3);
    expect(after).toMatchObject({ lastModified: T, key: 'last' });
    expect(objectsToRead(late, after, 3, null)).toEqual([]);
  });

  it('narrows the window to the history once it is full, and leaves out what is before the start date', () => {
    let cursor: S3Cursor | null = null;
    for (let i = 0; i <= RECENT_LIMIT; i++) cursor = advance(cursor, object(`k${String(i).padStart(4, '0')}`, T - DAY + i * 1000), 3);
    expect(cursor!.recent).toHaveLength(RECENT_LIMIT);
    // k0000 left the history: it is older than all it remembers, so it is not read again
    expect(objectsToRead([object('k0000', T - DAY)], cursor, 3, null)).toEqual([]);
    expect(objectsToRead([object('x', T)], null, 3, T + 1)).toEqual([]);
  });
});
