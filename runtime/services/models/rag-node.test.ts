// Retrieval from the real embedded store (local embedding model), generation through the
// gateway against a loopback OpenAI server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countLocalTokens, embedLocally } from './local-embedding.ts';
import { chatCompletion } from './testing/openai-loopback.ts';
import { startAiTestbed, type AiTestbed } from './testing/ai-testbed.ts';
import { fieldOf, runNode } from '../../../catalogue/testing/node-harness.ts';
import { definition } from '../../../catalogue/ai/rag-node/definition.ts';
import node from '../../../catalogue/ai/rag-node/run.ts';

let bed: AiTestbed;
const passages = ['A failed node is retried up to five times', 'The studio draws flows on a canvas', 'Wait nodes pause for 1 to 90 seconds'];

beforeAll(async () => {
  bed = await startAiTestbed();
  const store = await bed.vectorStore();
  await store.ensureCollection('proj_Handbook', 512);
  await store.insert('proj_Handbook', passages.map((text) => ({ vector: embedLocally(text), properties: { text } })));
});
afterAll(() => bed.close());
beforeEach(() => bed.reset());

describe('ragNode', () => {
  it('has the node catalogue defaults: limit 3, certainty 0.7', () => {
    const field = (name: string) => fieldOf(definition, name)?.defaultValue;
    expect([field('limit'), field('certainty')]).toEqual([3, 0.7]);
  });

  it('hands the nearest passages to the model and answers with them as references; usage of both calls adds up', async () => {
    bed.loopback.handle(() => ({ json: chatCompletion('gpt-4o-mini', 'Up to five times [1].', { promptTokens: 50, completionTokens: 7 }) }));
    const ctx = bed.context({ outputs: { trigger_1: { question: 'How often is a failed node retried?' } } });
    const out = (
      await runNode(
        node,
        { vectorDB: 'Handbook', queryField: '{{trigger_1.output.question}}', certainty: 0.5, limit: 1, prompts: [{ role: 'system', content: 'Be exact.' }, { role: 'user', content: '{{trigger_1.output.question}}' }], stream: false },
        ctx,
      )
    ).output as { modelResponse: string; references: Record<string, unknown>[]; _meta: Record<string, number> };
    expect(out.modelResponse).toBe('Up to five times [1].');
    expect(out.references).toHaveLength(1);
    expect(out.references[0]).toMatchObject({ text: passages[0] });
    expect(out.references[0].certainty).toBeGreaterThan(0.5);
    expect(out._meta).toMatchObject({ prompt_tokens: 50 + countLocalTokens('How often is a failed node retried?'), completion_tokens: 7, model_name: 'gpt-4o-mini' });
    const sent = bed.loopback.requests[0].body.messages as { role: string; content: string }[];
    expect(sent.map((m) => m.role)).toEqual(['system', 'system', 'user']);
    expect(sent[1].content).toBe(`Passages:\n[1] ${passages[0]}`);
    expect(ctx.progressed).toEqual(['Calling the LLM', 'LLM response received']);
  });

  it('says so to the model when no passage is certain enough', async () => {
    await runNode(node, { vectorDB: 'Handbook', queryField: 'quantum chromodynamics', prompts: [{ role: 'user', content: 'q' }], stream: false }, bed.context());
    const sent = bed.loopback.requests[0].body.messages as { content: string }[];
    expect(sent[0].content).toBe('Passages:\n(no passage of the collection matches the question)');
  });
});
