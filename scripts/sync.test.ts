/**
 * `npm run sync -- <flowId>`: one sync of a deployed data-source flow in the terminal, with a
 * progress bar and the counts at the end; the exit code says whether it succeeded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedFlow } from '../contract/flow-document.ts';
import { listSourceNode, listSourceReader } from '../runtime/integrations/sync/testing/list-source.ts';
import { listSourceFlow, syncedIds } from '../runtime/integrations/sync/testing/sync-test-helpers.ts';
import { startTestWeft, type TestWeft } from '../runtime/testing/test-weft.ts';
import { progressLine, syncCommand } from './sync.ts';

let weft: TestWeft;
const testSource = { extraNodes: [listSourceNode], extraSourceReaders: [listSourceReader] };

beforeAll(async () => {
  // no sync worker here: the command runs the syncs
  weft = await startTestWeft({ ...testSource, sync: { worker: false } });
});
afterAll(() => weft?.close());

describe('npm run sync', () => {
  it('draws a progress bar when the total is known, counts otherwise', () => {
    expect(progressLine(3, 3, 12)).toBe(`[${'#'.repeat(8)}${'.'.repeat(22)}] 3/12 records read, 3 written`);
    expect(progressLine(12, 12, 12)).toBe(`[${'#'.repeat(30)}] 12/12 records read, 12 written`);
    expect(progressLine(4, 2)).toBe('4 records read, 2 written');
  });

  it('runs one sync of the flow and exits with the counts', async () => {
    const projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Command' })).id;
    const flow = await weft.api<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name: 'Command', ...listSourceFlow({ records: 5, batchSize: 2, delayMs: 250 }) });
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    const options = { redisUrl: process.env.REDIS_URL!, prefix: weft.prefix, ...testSource };
    let out = '';
    expect(await syncCommand(flow.id, options, (text) => (out += text))).toBe(0);
    expect(out).toMatch(/\] \d\/5 records read/);
    expect(out).toMatch(/Sync sync_[0-9a-f]+ succeeded: 5 records read, 5 written, in \d+\.\d s\n$/);
    expect(await syncedIds(weft.engine, flow.id)).toEqual([1, 2, 3, 4, 5]);
    // incremental: nothing new since
    out = '';
    expect(await syncCommand(flow.id, options, (text) => (out += text))).toBe(0);
    expect(out).toMatch(/succeeded: 0 records read, 0 written/);
    await expect(syncCommand('flow_none', options, () => undefined)).rejects.toThrow('Invalid operation');
  });
});

describe('npm run sync and the log', () => {
  it('leaves a log record for every run it started, also those still running when the sync ended', async () => {
    const projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Logged' })).id;
    // each run waits a second: they are still running when the sync has ended
    const source = listSourceFlow({ records: 3, batchSize: 3 });
    const flowDoc = {
      nodes: [...source.nodes, { id: 'wait_1', type: 'waitNode', position: { x: 0, y: 0 }, values: { seconds: 1 } }],
      edges: [{ id: 'edge_1', source: 'listSource_1', sourceHandle: 'out', target: 'wait_1', targetHandle: 'in' }],
    };
    const flow = await weft.api<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name: 'Logged', ...flowDoc });
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    const options = { redisUrl: process.env.REDIS_URL!, prefix: weft.prefix, ...testSource };
    let out = '';
    expect(await syncCommand(flow.id, options, (text) => (out += text))).toBe(0);
    expect(out).toMatch(/Waiting for the runs it started to end, to write their log records.*\nSync sync_[0-9a-f]+ succeeded: 3 records read/);
    const logged = async () => (await weft.api<{ items: { flowId: string; trigger: string }[] }>('GET', `/api/projects/${projectId}/logs?flowId=${flow.id}`)).items;
    await expect.poll(async () => (await logged()).length, { timeout: 10_000 }).toBe(3);
    expect((await logged()).every((item) => item.trigger === 'sync')).toBe(true);
  });
});
