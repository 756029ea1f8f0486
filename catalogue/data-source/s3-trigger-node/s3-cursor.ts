/**
 * @module catalogue/data-source/s3-trigger-node/s3-cursor — which objects an incremental S3 sync reads, and the
 * cursor it leaves. The cursor is the last object read, by LastModified then key (objects
 * sharing a time are neither skipped nor read twice), plus the objects read within
 * `days_to_sync_if_history_is_full` days before it (at most RECENT_LIMIT, the "history"): an
 * object that shows up late with an older LastModified (a slow multipart upload, a copy keeping
 * its time) is still read when it falls in that window and is not in the history. While the
 * history is full, the window starts at its oldest entry, so nothing is read twice.
 */
import type { S3Object } from './s3-client.ts';

export const RECENT_LIMIT = 500;
const DAY_MS = 86_400_000;

export interface S3Cursor {
  /** LastModified of the last object read, ms since the epoch */
  lastModified: number;
  key: string;
  /** [key, ETag, LastModified ms] of the objects read in the window before `lastModified` */
  recent: Array<[string, string, number]>;
}

export function isS3Cursor(value: unknown): value is S3Cursor {
  const cursor = value as S3Cursor;
  return !!cursor && typeof cursor.lastModified === 'number' && typeof cursor.key === 'string' && Array.isArray(cursor.recent);
}

const after = (at: number, key: string, cursor: S3Cursor) => at > cursor.lastModified || (at === cursor.lastModified && key > cursor.key);

/** The objects to read, oldest first (then by key). */
export function objectsToRead(objects: S3Object[], cursor: S3Cursor | null, days: number, startDate: number | null): S3Object[] {
  const full = !!cursor && cursor.recent.length >= RECENT_LIMIT;
  const oldestRemembered = cursor?.recent.reduce((oldest, [, , at]) => Math.min(oldest, at), Infinity) ?? Infinity;
  const windowStart = cursor ? Math.max(cursor.lastModified - days * DAY_MS, full ? oldestRemembered : -Infinity) : -Infinity;
  const remembered = new Set(cursor?.recent.map(([key, etag]) => `${key}\u0000${etag}`));
  return objects
    .filter((o) => startDate === null || o.lastModified.getTime() >= startDate)
    .filter((o) => {
      const at = o.lastModified.getTime();
      if (!cursor || after(at, o.key, cursor)) return true;
      const inWindow = full ? at > windowStart : at >= windowStart;
      return inWindow && !remembered.has(`${o.key}\u0000${o.etag}`);
    })
    .sort((a, b) => a.lastModified.getTime() - b.lastModified.getTime() || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The cursor once `object` is read. */
export function advance(cursor: S3Cursor | null, object: S3Object, days: number): S3Cursor {
  const at = object.lastModified.getTime();
  const moves = !cursor || after(at, object.key, cursor);
  const lastModified = moves ? at : cursor.lastModified;
  const key = moves ? object.key : cursor.key;
  const recent = [...(cursor?.recent ?? []).filter(([k]) => k !== object.key), [object.key, object.etag, at] as [string, string, number]]
    .filter(([, , when]) => when >= lastModified - days * DAY_MS)
    .sort((a, b) => b[2] - a[2])
    .slice(0, RECENT_LIMIT);
  return { lastModified, key, recent };
}
