// The three search nodes over the real embedded vector store, with the local embedding model
// (the testbed's default embedding model): no key, no network.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedLocally } from '../models/local-embedding.ts';
import { startAiTestbed, type AiTestbed } from '../models/testing/ai-testbed.ts';
import { fieldOf, runNode } from '../../../catalogue/testing/node-harness.ts';
import type { CatalogueNode } from '../../../catalogue/types.ts';
import { definition as hybridDefinition } from '../../../catalogue/ai/hybrid-search-node/definition.ts';
import hybrid from '../../../catalogue/ai/hybrid-search-node/run.ts';
import { definition as keywordDefinition } from '../../../catalogue/ai/keyword-search-node/definition.ts';
import keyword from '../../../catalogue/ai/keyword-search-node/run.ts';
import { definition as vectorDefinition } from '../../../catalogue/ai/vector-search-node/definition.ts';
import vector from '../../../catalogue/ai/vector-search-node/run.ts';

const passages = [
  'Node retries: a failed node is retried up to five times, waiting between attempts',
  'The studio draws flows on a canvas with a minimap',
  'Webhooks start production runs of active flows and answer with the response node',
  'Redis streams hold the mailbox of every actor of a run',
  'Chunk documents, vectorize the chunks and index them into a collection',
  'A wait node pauses the flow for a number of seconds',
];

// 'redis' is in the title of the first, twice in the body of the second
const articles = [
  { n: 1, title: 'Redis streams', body: 'Workers take activations from a queue and answer in order' },
  { n: 2, title: 'Activations', body: 'Every activation waits in Redis until a worker takes it; Redis keeps it' },
];

let bed: AiTestbed;
type Results = { searchResults: Record<string, unknown>[]; _meta?: Record<string, unknown> };
const search = async (node: CatalogueNode, values: Record<string, unknown>) =>
  (await runNode(node, { vectorDB: 'Docs', ...values }, bed.context())).output as Results;

beforeAll(async () => {
  bed = await startAiTestbed();
  const store = await bed.vectorStore();
  await store.ensureCollection('proj_Docs', 512);
  await store.insert('proj_Docs', passages.map((text, i) => ({ vector: embedLocally(text), properties: { text, n: i } })));
  await store.ensureCollection('proj_Articles', 512);
  await store.insert('proj_Articles', articles.map((a) => ({ vector: embedLocally(`${a.title}\n${a.body}`), properties: a })));
});
afterAll(() => bed.close());

describe('vectorSearchNode', () => {
  it('has the spec defaults: certainty 0.85, limit 3', () => {
    const field = (name: string) => fieldOf(vectorDefinition, name)?.defaultValue;
    expect([field('certainty'), field('limit')]).toEqual([0.85, 3]);
  });

  it('returns the nearest records with their certainty and the embedding _meta', async () => {
    const out = await search(vector, { searchQuery: 'how are failed nodes retried?', certainty: 0 });
    expect(out.searchResults).toHaveLength(3);
    expect(out.searchResults[0]).toMatchObject({ n: 0, text: passages[0] });
    expect(out.searchResults[0].certainty).toBeGreaterThan(out.searchResults[1].certainty as number);
    expect(out._meta).toMatchObject({ model_name: 'weft-local-embedding', total_cost: 0 });
  });

  it('leaves out records below the certainty (0.85 by default)', async () => {
    expect((await search(vector, { searchQuery: 'something unrelated entirely' })).searchResults).toEqual([]);
  });

  it("wraps failures as 'ERROR in running Search Node: …'", async () => {
    await expect(search(vector, { vectorDB: 'Missing', searchQuery: 'x' })).rejects.toThrow(
      'ERROR in running Search Node: Collection not found! please create it first before using it',
    );
  });
});

describe('keywordSearchNode', () => {
  it('ranks by BM25 and carries the score', async () => {
    const out = await search(keyword, { searchQuery: 'webhook production runs' });
    expect(out.searchResults[0]).toMatchObject({ n: 2 });
    expect(out.searchResults[0].score).toBeGreaterThan(0);
  });

  it('filters', async () => {
    const out = await search(keyword, { searchQuery: 'flows', filters: { n: '5' } });
    expect(out.searchResults.map((r) => r.n)).toEqual([5]);
  });
});

describe('properties and boostProperties (BM25F)', () => {
  const order = async (node: CatalogueNode, values: Record<string, unknown>) =>
    (await search(node, { vectorDB: 'Articles', searchQuery: 'redis', alpha: 0, ...values })).searchResults.map((r) => r.n);

  it('both search nodes have the fields, empty by default (every text property)', () => {
    for (const definition of [keywordDefinition, hybridDefinition]) {
      const field = (name: string) => fieldOf(definition, name);
      expect([field('boostProperties')?.defaultValue, field('properties')?.defaultValue]).toEqual([[], []]);
    }
  });

  it('keyword search: properties restrict it, a weight reorders it', async () => {
    expect(await order(keyword, {})).toEqual([2, 1]);
    expect(await order(keyword, { properties: ['title'] })).toEqual([1]);
    expect(await order(keyword, { properties: '["body"]' })).toEqual([2]);
    expect(await order(keyword, { boostProperties: ['title^5'] })).toEqual([1, 2]);
    expect(await order(keyword, { properties: ['title^5', 'body'] })).toEqual([1, 2]);
  });

  it('hybrid search: the keyword half reads the same properties and weights', async () => {
    expect(await order(hybrid, {})).toEqual([2, 1]);
    expect(await order(hybrid, { properties: ['title'] })).toEqual([1]);
    expect(await order(hybrid, { boostProperties: '["title^5"]' })).toEqual([1, 2]);
  });

  it('refuses bad properties with a clear error', async () => {
    await expect(order(keyword, { properties: 'body' })).rejects.toThrow('Properties must be a list');
    await expect(order(keyword, { properties: ['title^0'] })).rejects.toThrow('Properties: invalid entry "title^0"');
    await expect(order(hybrid, { boostProperties: ['title'] })).rejects.toThrow('Boost properties: "title" needs a weight, like title^2');
    await expect(order(hybrid, { properties: ['body'], boostProperties: ['title^2'] })).rejects.toThrow('Boost properties: "title" is not one of the searched properties');
  });
});

describe('hybridSearchNode', () => {
  it('has the spec defaults: alpha 0.25, relativeScoreFusion, autocut 0, limit 3; certainty 0 (every vector candidate)', () => {
    const field = (name: string) => fieldOf(hybridDefinition, name)?.defaultValue;
    expect([field('alpha'), field('fusionType'), field('autocut'), field('limit'), field('certainty')]).toEqual([0.25, 'relativeScoreFusion', 0, 3, 0]);
    expect(fieldOf(hybridDefinition, 'certainty')).toMatchObject({ type: 'number', minValue: 0, maxValue: 1 });
  });

  it('keeps only vector candidates at least as certain as the certainty', async () => {
    const all = await search(hybrid, { searchQuery: 'mailbox actor', alpha: 1, limit: 6 });
    const sure = await search(hybrid, { searchQuery: 'mailbox actor', alpha: 1, limit: 6, certainty: 0.99 });
    expect(all.searchResults).toHaveLength(6);
    expect(sure.searchResults).toEqual([]);
    // the keyword half is not bound by it
    const mixed = await search(hybrid, { searchQuery: 'mailbox actor', alpha: 0.5, limit: 6, certainty: 0.99 });
    expect(mixed.searchResults.map((r) => r.n)).toEqual([3]);
  });

  it('fuses both searches; each result has a score', async () => {
    const out = await search(hybrid, { searchQuery: 'retry a failed node' });
    expect(out.searchResults[0]).toMatchObject({ n: 0 });
    expect(out.searchResults.every((r) => typeof r.score === 'number')).toBe(true);
    const ranked = await search(hybrid, { searchQuery: 'retry a failed node', fusionType: 'rankedFusion' });
    expect(ranked.searchResults[0]).toMatchObject({ n: 0 });
  });

  it('alpha 0 is keyword search alone; alpha 1 vector search alone', async () => {
    const kw = await search(hybrid, { searchQuery: 'mailbox actor', alpha: 0, limit: 6 });
    expect(kw.searchResults.map((r) => r.n)).toEqual([3]);
    const vec = await search(hybrid, { searchQuery: 'mailbox actor', alpha: 1, limit: 6 });
    expect(vec.searchResults).toHaveLength(6);
  });

  it('autocut keeps the results before the first jump', async () => {
    const all = await search(hybrid, { searchQuery: 'chunk and vectorize documents', limit: 6 });
    const cut = await search(hybrid, { searchQuery: 'chunk and vectorize documents', limit: 6, autocut: 1 });
    expect(cut.searchResults.length).toBeLessThan(all.searchResults.length);
    expect(cut.searchResults[0]).toMatchObject({ n: 4 });
  });

  it("wraps failures as 'ERROR in running hybrid Search Node: …'", async () => {
    await expect(search(hybrid, { vectorDB: 'Missing', searchQuery: 'x' })).rejects.toThrow('ERROR in running hybrid Search Node: Collection not found!');
  });
});

describe("the search nodes' 'Faliure in executing the Search Node, Please try again' (spec 000 §8)", () => {
  it('is the failure of a search whose query resolved to nothing, then the placeholder and why', async () => {
    for (const node of [vector, keyword, hybrid]) {
      const ctx = bed.context({ input: { question: 'retries' }, outputs: { trigger_1: { question: 'retries' } } });
      await expect(runNode(node, { vectorDB: 'Docs', searchQuery: '{{trigger.output.searchQuery}}' }, ctx)).rejects.toThrow(
        "Faliure in executing the Search Node, Please try again: Search query: {{trigger.output.searchQuery}} resolved to nothing (trigger has no output field 'searchQuery')",
      );
    }
  });

  it('other bad values keep their own message', async () => {
    await expect(search(vector, { searchQuery: 'x', limit: 1000 })).rejects.toThrow(/^Limit/);
  });
});
