// Runs the node through the real model gateway against a loopback OpenAI server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiError } from './testing/openai-loopback.ts';
import { startAiTestbed, type AiTestbed } from './testing/ai-testbed.ts';
import { runNode } from '../../../catalogue/testing/node-harness.ts';
import { definition } from '../../../catalogue/ai/multi-modal-node/definition.ts';
import node from '../../../catalogue/ai/multi-modal-node/run.ts';

let bed: AiTestbed;
beforeAll(async () => {
  bed = await startAiTestbed();
});
afterAll(() => bed.close());
beforeEach(() => bed.reset());

describe('multiModalNode', () => {
  it('sends the images as image parts of the user message', async () => {
    const out = (await runNode(node, { prompts: [{ role: 'user', content: 'What is this?' }], attachments: ['data:image/png;base64,AAAA'] }, bed.context())).output;
    expect(out).toMatchObject({ tool_calls: [], _meta: { model_name: 'gpt-4o-mini' } });
    const sent = bed.loopback.requests[0].body.messages as { content: unknown }[];
    expect(sent.at(-1)?.content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
    ]);
    expect(definition.inputs.find((f) => f.name === 'attachments')).toMatchObject({ isPro: true, required: true });
  });

  it('needs an image, and names itself in failures', async () => {
    await expect(runNode(node, { prompts: [{ role: 'user', content: 'x' }] }, bed.context())).rejects.toThrow('Attachments is required');
    bed.loopback.handle(() => apiError(400, 'Invalid image URL'));
    await expect(runNode(node, { prompts: [{ role: 'user', content: 'x' }], attachments: ['https://img.invalid/a.png'], stream: false }, bed.context())).rejects.toThrow(
      'ERROR in running multiModalLLM Node: 400 Invalid image URL',
    );
  });
});
