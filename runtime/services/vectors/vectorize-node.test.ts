// Runs the node through the real model gateway (runtime/models) against a loopback OpenAI server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAiTestbed, type AiTestbed } from '../models/testing/ai-testbed.ts';
import { runNode } from '../../../catalogue/testing/node-harness.ts';
import { definition } from '../../../catalogue/ai/vectorize-node/definition.ts';
import node from '../../../catalogue/ai/vectorize-node/run.ts';

let bed: AiTestbed;
beforeAll(async () => {
  bed = await startAiTestbed();
});
afterAll(() => bed.close());
beforeEach(() => bed.reset());

type Out = { vectors: number[][]; _meta: Record<string, unknown> };

describe('vectorizeNode', () => {
  it("embeds with the project's default (the local model here): no request leaves the process", async () => {
    const ctx = bed.context({ outputs: { chunking_1: { chunks: ['first chunk', 'second chunk'] } } });
    const out = (await runNode(node, { inputText: '{{chunking_1.output.chunks}}' }, ctx)).output as Out;
    expect(out.vectors).toHaveLength(2);
    expect(out.vectors[0]).toHaveLength(512);
    expect(out._meta).toMatchObject({ model_name: 'weft-local-embedding', model_provider: 'weft', prompt_tokens: 4, total_cost: 0 });
    expect(bed.loopback.requests).toHaveLength(0);
  });

  it('embeds through an OpenAI-compatible endpoint in order', async () => {
    const model = { type: 'embedding', model_name: 'text-embedding-3-small', provider_name: 'openai', credential_name: 'openai-test' };
    const out = (await runNode(node, { inputText: ['aaa', 'b'], embeddingModelName: model }, bed.context())).output as Out;
    expect(out.vectors).toEqual([
      [3, 3, 1],
      [1, 0, 2],
    ]);
    expect(out._meta).toMatchObject({ model_name: 'text-embedding-3-small', prompt_tokens: 2 });
  });

  it.each([[[]], [['', '  ']], [''], [null]])("'No texts found to vectorize' for %j", async (inputText) => {
    await expect(runNode(node, { inputText }, bed.context())).rejects.toThrow('No texts found to vectorize');
  });

  it('refuses texts that are not a list', async () => {
    await expect(runNode(node, { inputText: 'just text' }, bed.context())).rejects.toThrow('Texts must be a list');
  });
});
