// Memory add and retrieve on the real embedded store (local embedding model), the model's
// answers from a loopback OpenAI server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion } from './testing/openai-loopback.ts';
import { startAiTestbed, type AiTestbed } from './testing/ai-testbed.ts';
import { runNode } from '../../../catalogue/testing/node-harness.ts';
import { definition as addDefinition } from '../../../catalogue/ai/memory-add-node/definition.ts';
import add from '../../../catalogue/ai/memory-add-node/run.ts';
import { definition as retrieveDefinition } from '../../../catalogue/ai/memory-retrieve-node/definition.ts';
import retrieve from '../../../catalogue/ai/memory-retrieve-node/run.ts';

let bed: AiTestbed;
/** what the model answers: facts to extract, then the actions it picks given what it is shown */
let facts: string[] | null = [];
let decide: (shown: { existing: { id: string; text: string }[]; facts: string[] }) => unknown[] = () => [];

beforeAll(async () => {
  bed = await startAiTestbed();
  bed.loopback.handle((request) => {
    const messages = request.body.messages as { role: string; content: string }[];
    if (messages[0].content.startsWith('Extract the facts')) return { json: chatCompletion('gpt-4o-mini', facts === null ? 'Sure! The facts are: none' : JSON.stringify({ facts })) };
    return { json: chatCompletion('gpt-4o-mini', JSON.stringify({ memory: decide(JSON.parse(messages[1].content)) })) };
  });
});
afterAll(() => bed.close());

type AddOut = { memoryActions: { event: string; id: string; text: string; previous?: string }[]; extractedFacts: string[] };

describe('memory nodes', () => {
  it('adds extracted facts for the user and session in {projectSlug}_Memory_{collection}', async () => {
    facts = ['Drinks green tea every morning', 'Lives in Oslo'];
    decide = (shown) => shown.facts.map((text) => ({ event: 'ADD', text }));
    const out = (await runNode(add, { uniqueId: 'user-1', memoryValue: 'I live in Oslo and drink green tea every morning', metadata: '{"source":"chat"}' }, bed.context())).output as AddOut;
    expect(out.extractedFacts).toEqual(facts);
    expect(out.memoryActions.map((a) => [a.event, a.text])).toEqual([
      ['ADD', 'Drinks green tea every morning'],
      ['ADD', 'Lives in Oslo'],
    ]);
    const stored = await (await bed.vectorStore()).filter('proj_Memory_Default', { uniqueId: 'user-1', sessionId: 'Global' }, 10);
    expect(stored.map((r) => r.properties.memory).sort()).toEqual(['Drinks green tea every morning', 'Lives in Oslo']);
    expect(stored[0].properties).toMatchObject({ metadata: { source: 'chat' }, timestamp: expect.any(String) });
  });

  it('updates and deletes the memories the model names, reporting the previous text', async () => {
    facts = ['Moved to Bergen'];
    decide = (shown) => {
      const oslo = shown.existing.find((m) => m.text === 'Lives in Oslo')!;
      const tea = shown.existing.find((m) => m.text.includes('tea'))!;
      return [
        { event: 'UPDATE', id: oslo.id, text: 'Lives in Bergen' },
        { event: 'DELETE', id: tea.id },
      ];
    };
    const out = (await runNode(add, { uniqueId: 'user-1', memoryValue: 'I moved to Bergen, and I quit tea' }, bed.context())).output as AddOut;
    expect(out.memoryActions.map((a) => [a.event, a.text, a.previous])).toEqual([
      ['UPDATE', 'Lives in Bergen', 'Lives in Oslo'],
      ['DELETE', 'Drinks green tea every morning', undefined],
    ]);
    const stored = await (await bed.vectorStore()).filter('proj_Memory_Default', { uniqueId: 'user-1' }, 10);
    expect(stored.map((r) => r.properties.memory)).toEqual(['Lives in Bergen']);
  });

  it('treats an extraction that is not JSON as no facts', async () => {
    bed.loopback.requests.length = 0;
    facts = null;
    const out = (await runNode(add, { uniqueId: 'user-2', memoryValue: 'hello' }, bed.context())).output as AddOut;
    expect(out).toMatchObject({ memoryActions: [], extractedFacts: [] });
    expect(bed.loopback.requests).toHaveLength(1);
  });

  it('retrieves the nearest memories as records and as user messages prefixed by user and session', async () => {
    const out = (await runNode(retrieve, { searchQuery: 'where does the user live?', filters: { uniqueId: 'user-1' } }, bed.context())).output as {
      memories: { role: string; content: string }[];
      rawMemories: Record<string, unknown>[];
    };
    expect(out.memories).toEqual([{ role: 'user', content: 'user-1 (Global): Lives in Bergen' }]);
    expect(out.rawMemories[0]).toMatchObject({ memory: 'Lives in Bergen', uniqueId: 'user-1', certainty: expect.any(Number) });
    const none = (await runNode(retrieve, { searchQuery: 'x', memoryCollection: 'Empty' }, bed.context())).output as { memories: unknown[] };
    expect(none.memories).toEqual([]);
  });

  it('leaves out memories below the 0.01 certainty threshold (spec 002 §9)', async () => {
    const query = 'favourite colour';
    const [vector] = (await bed.models.embed(null, [query])).vectors;
    const memory = (text: string, v: number[]) => ({ vector: v, properties: { memory: text, uniqueId: 'user-3', sessionId: 'Global', memoryId: text } });
    // the same direction: certainty 1; the opposite one: certainty 0
    await bed.context().services.vectors.index('Memory_Colours', [memory('Likes blue', vector), memory('Opposite', vector.map((x) => -x))], { primaryKeys: [], duplicateOperation: 'overwrite' });
    const out = (await runNode(retrieve, { searchQuery: query, memoryCollection: 'Colours', limit: 5 }, bed.context())).output as { rawMemories: { memory: string }[] };
    expect(out.rawMemories.map((m) => m.memory)).toEqual(['Likes blue']);
  });
});
