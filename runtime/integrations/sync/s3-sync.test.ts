/**
 * The S3 source through the whole server, against s3rver on loopback (the service URL `s3` and
 * the outbound allow-list point at it): an S3 credential in a paid-plan project, a flow S3
 * trigger → code deployed through the API; the first sync runs the flow once per document with
 * {document_key, content, document_url}; an object added and a sync run now reads only it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedFlow } from '../../../contract/flow-document.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { startS3Store, STORE_CREDENTIAL, type S3Store } from '../../services/sync-sources/testing/s3-store.ts';
import { newRunsEnded, paidProjectWith, runsEnded, sourceFlow, syncsEnded } from './testing/sync-flows.ts';

let weft: TestWeft;
let store: S3Store;
let projectId = '';

const REPORT = 'return { key: input.document_key, content: input.content, url: input.document_url };';
interface Report {
  key: string;
  content: string;
  url: string;
}

beforeAll(async () => {
  store = await startS3Store(['manuals']);
  await store.put('manuals', 'intro.txt', 'Welcome aboard');
  await store.put('manuals', 'guides/setup.md', '# Setup\nPlug it in.');
  await store.put('manuals', 'photo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  weft = await startTestWeft({ serviceUrls: { s3: store.url }, outboundAllow: [store.hostPort] });
  projectId = await paidProjectWith(weft, 'store', 's3', STORE_CREDENTIAL);
}, 30_000);
afterAll(async () => {
  await weft?.close();
  await store?.close();
});

describe('an S3 data-source flow, deployed through the API', () => {
  it('runs the flow once per document, then only for an object added since', async () => {
    const flow = await weft.api<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name: 'Manuals', ...sourceFlow('s3TriggerNode', { credentials: 'store', bucket: 'manuals' }, REPORT) });
    expect((await weft.request('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' })).status).toBe(200);

    const first = await syncsEnded(weft, flow.id, 1);
    expect(first.lastRun).toMatchObject({ status: 'succeeded', recordsRead: 2, recordsWritten: 2 });
    const firstRuns = await runsEnded(weft.engine, flow.id, 2);
    expect(firstRuns.map((run) => run.meta.status)).toEqual(['completed', 'completed']);
    const reports = firstRuns.map((run) => run.output as Report).sort((a, b) => a.key.localeCompare(b.key));
    expect(reports.map(({ key, content }) => [key, content])).toEqual([
      ['guides/setup.md', '# Setup\nPlug it in.'],
      ['intro.txt', 'Welcome aboard'],
    ]);
    // the presigned link reads the object from the store
    const url = new URL(reports[1].url);
    expect(url.origin).toBe(store.url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('1800');
    expect(await (await fetch(url)).text()).toBe('Welcome aboard');

    await new Promise((resolve) => setTimeout(resolve, 1100)); // LastModified has whole seconds
    await store.put('manuals', 'later/faq.txt', 'Questions and answers');
    const started = await weft.api<{ syncId: string }>('POST', `/api/flows/${flow.id}/sync/run`);
    const second = await syncsEnded(weft, flow.id, 2);
    expect(second.lastRun).toMatchObject({ id: started.syncId, status: 'succeeded', recordsRead: 1, recordsWritten: 1 });
    const [added, ...more] = await newRunsEnded(weft.engine, flow.id, firstRuns, 1);
    expect(more).toEqual([]);
    expect(added.meta.status).toBe('completed');
    expect(added.output).toMatchObject({ key: 'later/faq.txt', content: 'Questions and answers' });
  });
});
