// Runs the node against the real embedded vector store (PGlite + pgvector, in memory).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAiTestbed, type AiTestbed } from '../models/testing/ai-testbed.ts';
import { runNode } from '../../../catalogue/testing/node-harness.ts';
import { definition } from '../../../catalogue/ai/vector-db-node/definition.ts';
import node from '../../../catalogue/ai/vector-db-node/run.ts';

let bed: AiTestbed;
beforeAll(async () => {
  bed = await startAiTestbed();
});
afterAll(() => bed.close());

const vec = (x: number, y: number) => [x, y, 1];
const index = (values: Record<string, unknown>) => runNode(node, { vectorDB: 'Docs', action: 'index', ...values }, bed.context());

describe('vectorDbNode', () => {
  it('indexes records into {projectSlug}_{vectorDB}, texts as { text }', async () => {
    const result = await index({ vectorsField: [vec(1, 0), vec(0, 1)], metadataField: [{ doc: 'a', part: 1 }, 'plain text'] });
    expect(result.output).toEqual({ message: 'Indexed 2 records', recordsIndexed: 2, duplicateRecordsDeleted: 0, success: true });
    const store = await bed.vectorStore();
    expect(await store.dimension('proj_Docs')).toBe(3);
    expect((await store.filter('proj_Docs', { text: 'plain text' }, 5)).length).toBe(1);
    expect(bed.records.calls.at(-1)).toEqual([2, 0]);
  });

  it('overwrites duplicates by primary keys (default) and counts the deleted ones', async () => {
    const result = await index({ vectorsField: [vec(2, 0)], metadataField: [{ doc: 'a', part: 1, v: 2 }], primaryKeys: 'doc, part' });
    expect(result.output).toMatchObject({ recordsIndexed: 1, duplicateRecordsDeleted: 1 });
    expect(bed.records.calls.at(-1)).toEqual([1, 1]);
    const filtered = await runNode(node, { vectorDB: 'Docs', action: 'filter', filters: { doc: 'a' } }, bed.context());
    expect(filtered.output).toMatchObject({ count: 1, success: true, data: [{ properties: { doc: 'a', part: 1, v: 2 } }] });
  });

  it('skips duplicates when told to', async () => {
    const result = await index({ vectorsField: [vec(3, 0), vec(3, 1)], metadataField: [{ doc: 'a', part: 1 }, { doc: 'b', part: 1 }], primaryKeys: 'doc', duplicateOperation: 'skip' });
    expect(result.output).toMatchObject({ recordsIndexed: 1, duplicateRecordsDeleted: 0 });
  });

  it('filters with converted strings and the limit; deletes by filter', async () => {
    await index({ vectorsField: [vec(1, 1), vec(1, 2), vec(1, 3)], metadataField: [{ batch: 7 }, { batch: 7 }, { batch: 8 }] });
    const some = await runNode(node, { vectorDB: 'Docs', action: 'filter', filters: '{"batch":"7"}', limit: 1 }, bed.context());
    expect(some.output).toMatchObject({ count: 1 });
    const gone = await runNode(node, { vectorDB: 'Docs', action: 'delete', filters: { batch: 7 } }, bed.context());
    expect(gone.output).toMatchObject({ recordsDeleted: 2, success: true });
    expect(bed.records.calls.at(-1)).toEqual([0, 2]);
  });

  it('refuses what the spec refuses, with its texts', async () => {
    await expect(index({ vectorsField: [], metadataField: [] })).rejects.toThrow('Invalid data, metadata or vectors is empty');
    await expect(index({ vectorsField: [vec(1, 1)], metadataField: [{}, {}] })).rejects.toThrow('Invalid data, metadata and vectors length mismatch');
    await expect(index({ vectorsField: [[1, 2]], metadataField: [{}] })).rejects.toThrow(
      'Vector size mismatch - expected vector size 3 but currently model has 2 vector size, please change the embedding model',
    );
    await expect(runNode(node, { vectorDB: 'Docs', action: 'filter', filters: '[1]' }, bed.context())).rejects.toThrow('Invalid filters provided');
    await expect(runNode(node, { vectorDB: 'Docs', action: 'delete', filters: {} }, bed.context())).rejects.toThrow('Invalid filters provided');
    await expect(runNode(node, { vectorDB: 'Docs', action: 'filter', filters: {}, limit: 101 }, bed.context())).rejects.toThrow('Limit must be between 1 and 100');
    await expect(runNode(node, { vectorDB: 'Docs', action: 'merge' }, bed.context())).rejects.toThrow('Invalid action');
    await expect(runNode(node, { vectorDB: 'Nope', action: 'filter', filters: {} }, bed.context())).rejects.toThrow(
      'Collection not found! please create it first before using it',
    );
    await expect(runNode(node, { vectorDB: 'Docs', action: 'filter', filters: {} }, bed.context({ projectId: '' }))).rejects.toThrow('Project Id is required');
  });

  it("writes nothing when the plan's record limit would be passed", async () => {
    const store = await bed.vectorStore();
    const before = await store.count('proj_Docs');
    bed.records.recordLimit = bed.records.total + 1;
    await expect(index({ vectorsField: [vec(5, 5), vec(6, 6)], metadataField: [{}, {}] })).rejects.toThrow('Project exceeded max records');
    expect(await store.count('proj_Docs')).toBe(before);
    bed.records.recordLimit = undefined;
  });
});
