// The same suite against both backends: PGlite in-process, and the Postgres server backend
// (node-postgres over TCP). The server is WEFT_TEST_DATABASE_URL when set (a real Postgres with
// the `vector` extension); else an in-memory PGlite with pgvector served over the Postgres wire
// protocol on a free loopback port, with a pool of 1 (PGlite serves one connection at a time).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedLocally, VERSION as WORDS_VERSION } from '../models/local-embedding.ts';
import { openEmbeddedVectorStore, pgliteClient } from './embedded.ts';
import { openPostgresVectorStore } from './postgres.ts';
import { startPglitePostgresServer, type PglitePostgresServer } from './testing/pglite-postgres-server.ts';
import { bm25Fields } from '../../../catalogue/ai/bm25-fields.ts';
import { COLLECTION_NOT_FOUND, INVALID_FILTERS, NO_FIELDS, normaliseFilters, VectorStore } from './store.ts';

let pgliteServer: PglitePostgresServer | undefined;
afterAll(async () => {
  await pgliteServer?.stop();
});

/** The Postgres server to test against: WEFT_TEST_DATABASE_URL, else a PGlite socket server. */
async function postgresServer(): Promise<{ url: string; poolSize?: number }> {
  const url = process.env.WEFT_TEST_DATABASE_URL;
  if (url) return { url };
  pgliteServer ??= await startPglitePostgresServer();
  return { url: pgliteServer.url, poolSize: pgliteServer.poolSize };
}

const backends: [string, () => Promise<VectorStore>][] = [
  ['embedded PGlite', () => openEmbeddedVectorStore()],
  [
    `Postgres server (${process.env.WEFT_TEST_DATABASE_URL ? 'WEFT_TEST_DATABASE_URL' : 'PGlite over a loopback socket'})`,
    async () => {
      const { url, poolSize } = await postgresServer();
      return openPostgresVectorStore(url, { poolSize });
    },
  ],
];

const docs = [
  { text: 'Redis streams hold every actor mailbox', page: 1, tags: ['redis', 'actors'] },
  { text: 'The studio draws flows on a canvas', page: 2, tags: ['editor'] },
  { text: 'Workers take activations from the queue; a crashed worker loses nothing', page: 3, tags: ['actors'] },
  { text: 'Webhooks start production runs of active flows', page: 4, tags: ['triggers'] },
  { text: 'Chunk documents, vectorize the chunks and index them for search', page: 5, tags: ['rag'], published: true },
];

for (const [name, open] of backends) {
  describe(`vector store: ${name}`, () => {
    let store: VectorStore;
    const collection = `proj_${randomUUID().slice(0, 8)}_Docs`;

    beforeAll(async () => {
      store = await open();
      await store.ensureCollection(collection, 512);
      await store.insert(collection, docs.map((properties) => ({ vector: embedLocally(properties.text), properties })));
    });
    afterAll(async () => {
      await store.dropCollection(collection);
      await store.close();
    });

    it('counts and filters by properties (numeric and boolean strings converted, lists by membership)', async () => {
      expect(await store.count(collection)).toBe(5);
      expect((await store.filter(collection, { page: '3' }, 20)).map((r) => r.properties.page)).toEqual([3]);
      expect((await store.filter(collection, { published: 'true' }, 20)).map((r) => r.properties.page)).toEqual([5]);
      expect((await store.filter(collection, '{"tags":"actors"}', 20)).map((r) => r.properties.page)).toEqual([1, 3]);
      expect(await store.filter(collection, {}, 2)).toHaveLength(2);
    });

    it('finds the nearest records with their certainty, bounded by the certainty asked for', async () => {
      const hits = await store.nearVector(collection, embedLocally('what happens when a worker crashes?'), { limit: 3 });
      expect(hits[0].properties.page).toBe(3);
      expect(hits[0].certainty).toBeGreaterThan(hits[1].certainty);
      expect(hits[0].certainty).toBeCloseTo(1 - hits[0].distance / 2, 10);
      const exact = await store.nearVector(collection, embedLocally(docs[1].text), { limit: 3, certainty: 0.99 });
      expect(exact.map((h) => h.properties.page)).toEqual([2]);
      expect(exact[0].certainty).toBeCloseTo(1, 6);
      const filtered = await store.nearVector(collection, embedLocally('worker crashes'), { limit: 3, filters: { tags: 'triggers' } });
      expect(filtered.map((h) => h.properties.page)).toEqual([4]);
    });

    it('ranks keyword matches by BM25', async () => {
      const hits = await store.keyword(collection, 'actor mailboxes in Redis', { limit: 3 });
      expect(hits[0].properties.page).toBe(1);
      expect(hits.every((h) => h.score > 0)).toBe(true);
      // a rarer word weighs more than a common one
      const [top] = await store.keyword(collection, 'flows canvas', { limit: 1 });
      expect(top.properties.page).toBe(2);
      expect(await store.keyword(collection, 'the of and', { limit: 3 })).toEqual([]);
      expect((await store.keyword(collection, 'flows', { limit: 5, filters: { page: 4 } })).map((h) => h.properties.page)).toEqual([4]);
    });

    it('BM25F: properties restrict the search, a weight multiplies a property’s term counts', async () => {
      const articles = `${collection}_articles`;
      await store.ensureCollection(articles, 2);
      await store.insert(articles, [
        { id: 'a', vector: [1, 0], properties: { title: 'Redis streams', body: 'Workers take activations from a queue and answer in order' } },
        { id: 'b', vector: [0, 1], properties: { title: 'Activations', body: 'Every activation waits in Redis until a worker takes it; Redis keeps it' } },
      ]);
      const ids = async (fields?: Parameters<VectorStore['keyword']>[2]['fields']) => (await store.keyword(articles, 'redis', { limit: 5, fields })).map((h) => h.id);
      expect(await ids()).toEqual(['b', 'a']);
      expect(await ids(bm25Fields(['title']))).toEqual(['a']);
      expect(await ids(bm25Fields(['body']))).toEqual(['b']);
      expect(await ids(bm25Fields([], ['title^5']))).toEqual(['a', 'b']);
      expect(await ids(bm25Fields(['title^5', 'body']))).toEqual(['a', 'b']);
      // title only: N 2, df 1, title lengths 2 and 1 → idf ln 2, tf 1, dl 2, avgdl 1.5
      const [hit] = await store.keyword(articles, 'redis', { limit: 1, fields: bm25Fields(['title']) });
      expect(hit.score).toBeCloseTo((Math.log(2) * 2.2) / (1 + 1.2 * (0.25 + (0.75 * 2) / 1.5)), 6);
      const [weighted] = await store.keyword(articles, 'redis', { limit: 1, fields: bm25Fields(['title^3']) });
      expect(weighted.score).toBeCloseTo((Math.log(2) * 3 * 2.2) / (3 + 1.2 * (0.25 + (0.75 * 2) / 1.5)), 6);
      // properties no record has: the collection has no such fields
      await expect(store.keyword(articles, 'redis', { limit: 1, fields: bm25Fields(['summary', 'tags']) })).rejects.toThrow(NO_FIELDS);
      expect(NO_FIELDS).toBe('No fields found for the collection');
      await store.dropCollection(articles);
    });

    it('refuses a vector of another size with the spec text', async () => {
      await expect(store.insert(collection, [{ vector: [1, 2, 3], properties: {} }])).rejects.toThrow(
        'Vector size mismatch - expected vector size 512 but currently model has 3 vector size, please change the embedding model',
      );
      await expect(store.ensureCollection(collection, 1536)).rejects.toThrow(
        'Vector size mismatch - expected vector size 512 but currently model has 1536 vector size, please change the embedding model',
      );
    });

    it('inserts more than a batch, overwrites by id, and deletes by filter', async () => {
      const many = `${collection}_many`;
      await store.ensureCollection(many, 2);
      const ids = await store.insert(many, Array.from({ length: 45 }, (_, i) => ({ vector: [1, i], properties: { n: i, even: i % 2 === 0 } })));
      expect(new Set(ids).size).toBe(45);
      expect(await store.count(many)).toBe(45);
      await store.insert(many, [{ id: ids[0], vector: [0, 1], properties: { n: 100 } }]);
      expect(await store.count(many)).toBe(45);
      expect((await store.filter(many, { n: 100 }, 5)).map((r) => r.id)).toEqual([ids[0]]);
      expect(await store.deleteWhere(many, { even: true })).toBe(22);
      expect(await store.count(many)).toBe(23);
      await store.dropCollection(many);
      await expect(store.count(many)).rejects.toThrow(COLLECTION_NOT_FOUND);
    });

    it("'Collection not found! …' for a collection never created", async () => {
      await expect(store.nearVector(`${collection}_none`, [1], { limit: 1 })).rejects.toThrow(COLLECTION_NOT_FOUND);
    });
  });
}

describe('Postgres server backend over a socket', () => {
  it('reaches a server speaking the wire protocol, with the vector extension', async () => {
    const { url } = await postgresServer();
    expect(url).toMatch(/^postgres(ql)?:\/\//);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('create extension if not exists vector');
      const { rows } = await client.query(`select '[1,0]'::vector <=> '[0,1]'::vector as distance`);
      expect(Number(rows[0].distance)).toBeCloseTo(1, 10);
    } finally {
      await client.end();
    }
  });
});

describe('embedded store on disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'weft-vectors-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps collections across a restart', async () => {
    const first = await openEmbeddedVectorStore(dir);
    await first.ensureCollection('demo_Docs', 512);
    await first.insert('demo_Docs', [{ vector: embedLocally('kept across restarts'), properties: { text: 'kept across restarts' } }]);
    await first.close();
    const second = await openEmbeddedVectorStore(dir);
    expect(await second.dimension('demo_Docs')).toBe(512);
    const [hit] = await second.nearVector('demo_Docs', embedLocally('restarts'), { limit: 1 });
    expect(hit.properties.text).toBe('kept across restarts');
    await second.close();
  });
});

describe('records counted with an older word cutting or before per-property terms', () => {
  it('are counted again when the store opens, so property searches find them', async () => {
    const client = await pgliteClient();
    const first = new VectorStore(client);
    await first.ensureCollection('old_Docs', 2);
    await first.insert('old_Docs', [{ id: 'x', vector: [1, 0], properties: { title: 'Redis streams', body: 'queues' } }]);
    await client.query(`update weft_vectors set terms = '{"redi": 1}'::jsonb, field_terms = '{}'::jsonb, field_lengths = '{}'::jsonb, terms_version = 0`);
    expect(await first.keyword('old_Docs', 'redis', { limit: 1, fields: bm25Fields(['title']) })).toEqual([]);
    expect(await first.keyword('old_Docs', 'queues', { limit: 1 })).toEqual([]);
    const reopened = new VectorStore(client);
    expect((await reopened.keyword('old_Docs', 'redis', { limit: 1, fields: bm25Fields(['title']) })).map((h) => h.id)).toEqual(['x']);
    expect((await reopened.keyword('old_Docs', 'queues', { limit: 1 })).map((h) => h.id)).toEqual(['x']);
    const [{ terms_version }] = (await client.query<{ terms_version: number }>('select terms_version from weft_vectors')).rows;
    expect(terms_version).toBe(WORDS_VERSION);
    await client.close();
  });
});

describe('normaliseFilters', () => {
  it('converts numeric and boolean strings and refuses non-objects', () => {
    expect(normaliseFilters({ a: '1.5', b: 'false', c: 'x', d: '' })).toEqual({ a: 1.5, b: false, c: 'x', d: '' });
    expect(normaliseFilters(undefined)).toEqual({});
    for (const bad of ['[1]', 'nope', [1], 5]) expect(() => normaliseFilters(bad)).toThrow(INVALID_FILTERS);
  });
});
