// Runs the node through the real model gateway (runtime/models) against a loopback OpenAI server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatCompletion } from './testing/openai-loopback.ts';
import { startAiTestbed, type AiTestbed } from './testing/ai-testbed.ts';
import { handlesOf } from '../../../catalogue/handles.ts';
import { runNode } from '../../../catalogue/testing/node-harness.ts';
import { CALLING_LLM, LLM_RESPONSE_RECEIVED } from '../../../catalogue/ai/llm-call.ts';
import { definition } from '../../../catalogue/ai/classifier-node/definition.ts';
import node from '../../../catalogue/ai/classifier-node/run.ts';

let bed: AiTestbed;
beforeAll(async () => {
  bed = await startAiTestbed();
});
afterAll(() => bed.close());
beforeEach(() => bed.reset());

const answers = (...contents: string[]) => {
  let i = 0;
  bed.loopback.handle(() => ({ json: chatCompletion('gpt-4o-mini', contents[Math.min(i++, contents.length - 1)]) }));
};
const values = { classifier: ['Billing', 'Bug report', 'Other'], prompts: [{ role: 'user', content: 'I was charged twice' }] };

describe('classifierNode', () => {
  it('has one output handle a class', () => {
    expect(handlesOf(definition, values)).toEqual(['Billing', 'Bug report', 'Other']);
  });

  it("routes along the chosen class's handle and reports it as class and condition", async () => {
    answers('{"class":"billing"}');
    const ctx = bed.context();
    const result = await runNode(node, values, ctx);
    expect(result.route).toEqual(['Billing']);
    expect(result.output).toMatchObject({ class: 'Billing', condition: 'Billing', _meta: { model_name: 'gpt-4o-mini', total_tokens: 15 } });
    const body = bed.loopback.requests[0].body as { messages: { content: string }[]; response_format: unknown };
    expect(body.messages[0].content).toContain('["Billing","Bug report","Other"]');
    expect(body.messages.at(-1)?.content).toBe('I was charged twice');
    expect(ctx.progressed).toEqual([CALLING_LLM, LLM_RESPONSE_RECEIVED]);
  });

  it('asks again when the answer is no class, and accepts a bare label', async () => {
    answers('{"class":"Refund"}', 'Bug  Report');
    const result = await runNode(node, values, bed.context());
    expect(result.route).toEqual(['Bug report']);
    expect(result.output).toMatchObject({ _meta: { total_tokens: 30 } });
  });

  it('fails after 3 retries', async () => {
    answers('{"class":"Refund"}');
    await expect(runNode(node, values, bed.context())).rejects.toThrow('The model did not answer with one of the classes after 3 retries (last answer: {"class":"Refund"})');
    expect(bed.loopback.requests).toHaveLength(4);
  });
});
