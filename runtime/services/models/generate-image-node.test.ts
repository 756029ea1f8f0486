// Runs the node through the real model gateway (runtime/models) against a loopback OpenAI server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAiTestbed, type AiTestbed } from './testing/ai-testbed.ts';
import { runNode } from '../../../catalogue/testing/node-harness.ts';
import { definition } from '../../../catalogue/ai/generate-image-node/definition.ts';
import node from '../../../catalogue/ai/generate-image-node/run.ts';

let bed: AiTestbed;
beforeAll(async () => {
  bed = await startAiTestbed();
});
afterAll(() => bed.close());
beforeEach(() => bed.reset());

describe('generateImageNode', () => {
  it('returns the image URL and revised prompt with _meta', async () => {
    const ctx = bed.context({ outputs: { trigger_1: { animal: 'fox' } } });
    const result = await runNode(node, { prompts: 'A {{trigger_1.output.animal}} in the snow' }, ctx);
    expect(result.output).toMatchObject({
      imageUrl: 'https://images.invalid/0.png',
      revised_prompt: 'revised: A fox in the snow',
      _meta: { model_name: 'dall-e-3', total_cost: 0.04 },
    });
    expect(bed.loopback.requests[0].body).toMatchObject({ model: 'dall-e-3', size: '1024x1024' });
    expect(ctx.progressed).toEqual(['Calling the LLM', 'LLM response received']);
  });

  it("'ERROR in running imageGenNode: No image data returned' when the endpoint returns none", async () => {
    bed.loopback.handle(() => ({ json: { created: 1, data: [] } }));
    await expect(runNode(node, { prompts: 'x' }, bed.context())).rejects.toThrow('ERROR in running imageGenNode: No image data returned');
  });
});
