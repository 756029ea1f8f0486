/**
 * @module catalogue/data-source/s3-trigger-node/sync-reader — the S3 source's SourceReader (spec 001 §3–§5): lists the
 * bucket (ListObjectsV2, every page), keeps the objects whose key matches the globs, not before
 * start_date and, when incremental, not read yet (s3-cursor.ts), oldest first; reads each
 * (GetObject), turns it into text with Extract from File's parsers (document-text.ts) and
 * starts one run with `{document_key, content, document_url}` (a presigned GET URL, 1800 s).
 * An object no parser reads, or over the outbound client's largest answer (100 MB), is skipped
 * (spec 001 §9: unprocessable files skipped). Every call goes through `ctx.http` (the S3
 * client's handler), to the service URL `s3`.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { userError } from '../../errors.ts';
import { OUTBOUND_LIMITS } from '../../outbound.ts';
import { listObjectsPage, readObject, s3Client, s3Error, type S3Object } from './s3-client.ts';
import { s3CredentialOf } from './s3-credential.ts';
import { serviceDefaults } from '../../service-urls.ts';
import type { SourceBatch, SourceReadContext, SourceReader } from '../../sync-reader.ts';
import { documentText } from '../document-text.ts';
import { matchesAnyGlob } from '../globs.ts';
import { advance, isS3Cursor, objectsToRead } from './s3-cursor.ts';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const SOURCE_ERROR = 'Unable to setup S3 Source';
/** the outbound client's largest answer */
const MAX_DOCUMENT_BYTES = OUTBOUND_LIMITS.maxResponseMB.maxValue * 1024 * 1024;

/** start_date as ms since the epoch (null: none); a UTC timestamp like 2026-01-01T00:00:00.000000Z */
export function startDateOf(values: Record<string, unknown>): number | null {
  const given = text(values.start_date);
  if (!given) return null;
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(given) ? Date.parse(given.replace(/(\.\d{3})\d+Z$/, '$1Z')) : NaN;
  if (Number.isNaN(at)) throw userError(`${SOURCE_ERROR}: Start date must be a UTC timestamp like 2026-01-01T00:00:00.000000Z`);
  return at;
}

export const s3Reader: SourceReader = {
  nodeType: 's3TriggerNode',
  recreateOn: ['credentials', 'bucket', 'globs', 'strategy', 'start_date', 'days_to_sync_if_history_is_full'],
  resyncOn: [],
  check(values, credential) {
    s3CredentialOf(credential);
    if (!text(values.bucket)) throw userError(`${SOURCE_ERROR}: Bucket is required`);
    startDateOf(values);
  },
  read: readBucket,
};

async function* readBucket(ctx: SourceReadContext): AsyncIterable<SourceBatch> {
  s3Reader.check(ctx.values, ctx.credential);
  const bucket = text(ctx.values.bucket);
  const globs = Array.isArray(ctx.values.globs) ? ctx.values.globs.map(String) : [];
  const days = Number(ctx.values.days_to_sync_if_history_is_full) || 3;
  const serviceUrl = ctx.serviceUrl?.('s3') ?? serviceDefaults.s3;
  const client = s3Client(s3CredentialOf(ctx.credential), { http: ctx.http, serviceUrl, signal: ctx.signal });
  try {
    const listed = (await listBucket(client, bucket, ctx.signal)).filter((o) => !o.key.endsWith('/') && matchesAnyGlob(o.key, globs));
    let cursor = isS3Cursor(ctx.cursor) ? ctx.cursor : null;
    const objects = objectsToRead(listed, cursor, days, startDateOf(ctx.values));
    ctx.total(objects.length);
    for (const object of objects) {
      const run = await documentOf(client, bucket, object, ctx.signal);
      cursor = advance(cursor, object, days);
      yield { runs: run ? [run] : [], records: run ? 1 : 0, cursor };
    }
  } finally {
    client.destroy();
  }
}

async function listBucket(client: S3Client, bucket: string, signal: AbortSignal): Promise<S3Object[]> {
  const objects: S3Object[] = [];
  let token: string | undefined;
  do {
    const page = await listObjectsPage(client, bucket, token, signal).catch((error: unknown) => {
      throw s3Error(`S3 bucket ${bucket}`, error);
    });
    objects.push(...page.objects);
    token = page.next;
  } while (token);
  return objects;
}

/** The object's run, or null when no parser reads it or it is larger than a download may be (skipped). */
async function documentOf(client: S3Client, bucket: string, object: S3Object, signal: AbortSignal): Promise<Record<string, unknown> | null> {
  if (object.size > MAX_DOCUMENT_BYTES) return null;
  const { bytes, url } = await readObject(client, bucket, object.key, signal).catch((error: unknown) => {
    throw s3Error(`S3 object ${object.key}`, error);
  });
  try {
    const content = await documentText(bytes, object.key.split('/').pop() ?? object.key, signal);
    return { document_key: object.key, content, document_url: url };
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
  }
}
