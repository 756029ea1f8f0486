/**
 * Tools on every model node (Generate text, Generate JSON, Multi-modal; the "tools on
 * every model node"), through the real model gateway against the loopback OpenAI server: the
 * model calls a code tool, its answer goes back, and each call is two progress events; the
 * spec's texts 'Tools must be an array', 'Tool {x} not found' and 'Error executing tool'
 * (the multi-modal node names itself before them, as all its failures).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toolAnswerMessage, toolCallMessage } from '../../../contract/tool-progress.ts';
import { chatCompletion } from './testing/openai-loopback.ts';
import { startAiTestbed, type AiTestbed } from './testing/ai-testbed.ts';
import { runNode } from '../../../catalogue/testing/node-harness.ts';
import generateJson from '../../../catalogue/ai/generate-json-node/run.ts';
import generateText from '../../../catalogue/ai/generate-text-node/run.ts';
import multiModal from '../../../catalogue/ai/multi-modal-node/run.ts';

let bed: AiTestbed;
beforeAll(async () => {
  bed = await startAiTestbed();
});
afterAll(() => bed.close());
beforeEach(() => bed.reset());

const prompts = [{ role: 'user', content: 'How much is 2 + 3?' }];
const nodes = [
  { label: 'Generate text', node: generateText, values: { prompts, stream: false }, answer: 'It is 5', expected: 'It is 5' },
  { label: 'Generate JSON', node: generateJson, values: { prompts, schema: { type: 'object', properties: { sum: { type: 'number' } } } }, answer: '{"sum":5}', expected: { sum: 5 } },
  { label: 'Multi-modal', node: multiModal, values: { prompts, attachments: ['data:image/png;base64,AAAA'], stream: false }, answer: 'It is 5', expected: 'It is 5' },
];
const add = { name: 'add', description: 'adds', parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } }, code: 'return input.a + input.b;' };

/** The model calls `tool` once, then answers `answer`. */
function script(tool: string, answer: string): void {
  bed.loopback.handle((request) => {
    const called = (request.body.messages as { role: string }[]).some((m) => m.role === 'tool');
    if (called) return { json: chatCompletion('gpt-4o-mini', answer) };
    return { json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'call_1', name: tool, arguments: '{"a":2,"b":3}' }] }) };
  });
}

describe.each(nodes)('tools on $label', ({ node, values, answer, expected }) => {
  it('offers the tools, runs the one the model calls, hands its answer back, and shows the call as progress', async () => {
    script('add', answer);
    const ctx = bed.context();
    const result = await runNode(node, { ...values, tools: [add] }, ctx);
    expect(result.output).toMatchObject({ generatedResponse: expected, tool_calls: [{ id: 'call_1', name: 'add', arguments: { a: 2, b: 3 }, result: 5 }] });
    const first = bed.loopback.requests[0].body as { tools: { function: { name: string } }[] };
    expect(first.tools.map((t) => t.function.name)).toEqual(['add']);
    const second = bed.loopback.requests[1].body as { messages: unknown[] };
    expect(second.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_1', content: '5' });
    expect(ctx.progressed).toContain(toolCallMessage('add', '{"a":2,"b":3}'));
    expect(ctx.progressed).toContain(toolAnswerMessage('add', 5));
  });

  it("refuses tools that are not a list: 'Tools must be an array'", async () => {
    await expect(runNode(node, { ...values, tools: { name: 'add' } }, bed.context())).rejects.toThrow('Tools must be an array');
    expect(bed.loopback.requests).toHaveLength(0);
  });

  it("fails with 'Tool {x} not found' when the model calls a tool the node does not offer", async () => {
    script('subtract', answer);
    await expect(runNode(node, { ...values, tools: [add] }, bed.context())).rejects.toThrow('Tool subtract not found');
  });

  it("fails with 'Error executing tool' and the cause when the tool throws", async () => {
    script('add', answer);
    const broken = { ...add, code: "throw new Error('out of order');" };
    await expect(runNode(node, { ...values, tools: [broken] }, bed.context())).rejects.toThrow(/Error executing tool: .*out of order/);
  });
});
