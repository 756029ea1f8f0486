/**
 * The S3 source against a real S3-compatible server on loopback (s3rver, the S3 protocol through
 * the AWS SDK, every request through weft's outbound client): documents made by the test (PDF,
 * DOCX, text, Markdown), the globs, a second, incremental sync reading only the new and changed
 * objects, start_date, presigned URLs, the spec's texts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxWithTable, pdfOf } from '../../../catalogue/app/extract-file-node/testing/documents.ts';
import { definition } from '../../../catalogue/data-source/s3-trigger-node/definition.ts';
import { readObject, s3Client } from '../../../catalogue/data-source/s3-trigger-node/s3-client.ts';
import { s3CredentialOf } from '../../../catalogue/data-source/s3-trigger-node/s3-credential.ts';
import { s3Reader } from '../../../catalogue/data-source/s3-trigger-node/sync-reader.ts';
import { readSource } from './testing/read-source.ts';
import { startS3Store, STORE_CREDENTIAL, type S3Store } from './testing/s3-store.ts';

let store: S3Store;
beforeAll(async () => {
  store = await startS3Store(['handbooks', 'empty-bucket']);
  await store.put('handbooks', 'guides/intro.pdf', await pdfOf(['Welcome to the handbook', 'Page two']));
  await store.put('handbooks', 'reports/q1.docx', await docxWithTable());
  await store.put('handbooks', 'notes.txt', 'Plain notes');
  await store.put('handbooks', 'photo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
}, 30_000);
afterAll(() => store?.close());

const read = (values: Record<string, unknown>, cursor: unknown = null, credential: Record<string, unknown> = STORE_CREDENTIAL) =>
  readSource(s3Reader, { definition, values: { credentials: 'store', bucket: 'handbooks', ...values }, credential, cursor, allow: [store.hostPort], serviceUrls: { s3: store.url } });

const runsOf = (batches: { runs: Record<string, unknown>[] }[]) => batches.flatMap((b) => b.runs);

describe('S3 source', () => {
  it('reads every document matching the default globs, one run each, with its text and a presigned URL', async () => {
    const { batches, total } = await read({});
    expect(total).toBe(3);
    const runs = runsOf(batches);
    expect(runs.map((r) => r.document_key).sort()).toEqual(['guides/intro.pdf', 'notes.txt', 'reports/q1.docx']);
    const byKey = Object.fromEntries(runs.map((r) => [r.document_key, r]));
    expect(byKey['guides/intro.pdf']!.content).toContain('Welcome to the handbook');
    expect(byKey['reports/q1.docx']!.content).toContain('Sales went up.');
    expect(byKey['notes.txt']!.content).toBe('Plain notes');
    const url = new URL(String(byKey['notes.txt']!.document_url));
    expect(url.origin).toBe(store.url);
    expect(url.pathname).toBe('/handbooks/notes.txt');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('1800');
    expect(await (await fetch(url)).text()).toBe('Plain notes');
  });

  it('reads only new and changed objects on the next incremental sync', async () => {
    const first = await read({});
    const cursor = first.batches.at(-1)!.cursor;
    expect((await read({}, cursor)).batches).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // LastModified has whole seconds
    await store.put('handbooks', 'notes.txt', 'Plain notes, edited');
    await store.put('handbooks', 'more/new.md', '# New page');
    const second = await read({}, cursor);
    // the two puts may fall in different seconds, which orders them by LastModified: compare as a set
    expect(runsOf(second.batches).map((r) => [r.document_key, r.content]).sort()).toEqual([
      ['more/new.md', '# New page'],
      ['notes.txt', 'Plain notes, edited'],
    ]);
    // full refresh: the engine hands no cursor, everything is read again
    expect(runsOf((await read({ syncMode: 'full_refresh_append' })).batches)).toHaveLength(4);
  });

  it('keeps to the globs and the start date', async () => {
    const pdfs = await read({ globs: ['**/*.pdf'] });
    expect(runsOf(pdfs.batches).map((r) => r.document_key)).toEqual(['guides/intro.pdf']);
    expect((await read({ start_date: '2099-01-01T00:00:00.000000Z' })).batches).toEqual([]);
    expect((await read({ bucket: 'empty-bucket' })).total).toBe(0);
  });

  it('says what is wrong with the credential, the bucket and the start date (spec 001 §8)', async () => {
    expect(() => s3Reader.check({ bucket: 'b' }, {})).toThrow('Invalid or Missing AWS S3 credentials');
    expect(() => s3Reader.check({ bucket: 'b' }, { awsAccessKeyId: 'a', awsSecretAccessKey: 's' })).toThrow('AWS Region is not found in credentials');
    expect(() => s3Reader.check({ bucket: 'b' }, { awsRegion: 'us-east-1', awsSecretAccessKey: 's' })).toThrow('AWS Access Key ID is not found in credentials');
    expect(() => s3Reader.check({ bucket: 'b' }, { awsRegion: 'us-east-1', awsAccessKeyId: 'a' })).toThrow('AWS Secret Access Key is not found in credentials');
    expect(() => s3Reader.check({}, STORE_CREDENTIAL)).toThrow('Unable to setup S3 Source: Bucket is required');
    expect(() => s3Reader.check({ bucket: 'b', start_date: 'yesterday' }, STORE_CREDENTIAL)).toThrow('Start date must be a UTC timestamp');
    // s3rver knows one key pair (it does not check SigV4 signatures, so the key id is what it refuses)
    await expect(read({}, null, { ...STORE_CREDENTIAL, awsAccessKeyId: 'AKIAWRONG' })).rejects.toMatchObject({ kind: 'user', message: expect.stringMatching(/^S3 bucket handbooks: InvalidAccessKeyId/) });
    await expect(read({ bucket: 'no-such-bucket' })).rejects.toMatchObject({ kind: 'user', message: expect.stringMatching(/^S3 bucket no-such-bucket: NoSuchBucket/) });
  });

  it('needs a document key to read a document (spec 001 §5)', async () => {
    const client = s3Client(s3CredentialOf(STORE_CREDENTIAL), { http: { request: () => Promise.reject(new Error('no call expected')) }, serviceUrl: store.url });
    await expect(readObject(client, 'handbooks', '')).rejects.toMatchObject({ kind: 'user', message: 'Document key is required' });
  });

  it('reaches no address the outbound policy refuses', async () => {
    const refused = readSource(s3Reader, { definition, values: { credentials: 'store', bucket: 'handbooks' }, credential: STORE_CREDENTIAL, allow: [], serviceUrls: { s3: store.url } });
    await expect(refused).rejects.toThrow(/^S3 bucket handbooks: .*127\.0\.0\.1/);
  });
});
