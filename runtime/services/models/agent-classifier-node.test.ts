// Runs the node through the real model gateway (runtime/models) against a loopback OpenAI server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatCompletion } from './testing/openai-loopback.ts';
import { startAiTestbed, type AiTestbed } from './testing/ai-testbed.ts';
import { validateValues } from '../../../catalogue/values.ts';
import { handlesOf } from '../../../catalogue/handles.ts';
import { roleOfKind } from '../../../catalogue/roles.ts';
import { runNode } from '../../../catalogue/testing/node-harness.ts';
import { CALLING_LLM, LLM_RESPONSE_RECEIVED } from '../../../catalogue/ai/llm-call.ts';
import { definition } from '../../../catalogue/ai/agent-classifier-node/definition.ts';
import node from '../../../catalogue/ai/agent-classifier-node/run.ts';

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
const agents = [
  { name: 'Docs search', description: 'Answers questions from the indexed product documentation.' },
  { name: 'Order desk', description: 'Looks up orders by their number.' },
];
const values = { agents, prompts: [{ role: 'user', content: 'Where is order 1234?' }] };

describe('agentClassifierNode', () => {
  it('is a router with one output handle an agent path', () => {
    expect(roleOfKind(definition.type)).toBe('router');
    expect(handlesOf(definition, values)).toEqual(['Docs search', 'Order desk']);
    expect(handlesOf(definition, {})).toEqual(['Agent 1', 'Agent 2']);
  });

  it('refuses agent paths without a name or with a name used twice when saved', () => {
    expect(validateValues(definition, { agents: [{ name: ' ', description: 'x' }] })).toEqual([{ field: 'agents', message: 'Every agent path needs a name' }]);
    expect(validateValues(definition, { agents: [{ name: 'A' }, { name: 'A' }] })).toEqual([{ field: 'agents', message: 'Agent path "A" is used twice' }]);
    expect(validateValues(definition, { agents: 'A, B' })).toEqual([{ field: 'agents', message: 'Agent paths must be a list of { name, description }' }]);
  });

  it("shows the model every path's name and description and routes along the one it picks", async () => {
    answers('{"agent":"order desk"}');
    const ctx = bed.context();
    const result = await runNode(node, values, ctx);
    expect(result.route).toEqual(['Order desk']);
    expect(result.output).toMatchObject({ agent: 'Order desk', condition: 'Order desk', _meta: { model_name: 'gpt-4o-mini', total_tokens: 15 } });
    const body = bed.loopback.requests[0].body as { messages: { role: string; content: string }[]; response_format: unknown };
    expect(body.messages[0].role).toBe('system');
    expect(body.messages[0].content).toContain('- Docs search: Answers questions from the indexed product documentation.');
    expect(body.messages[0].content).toContain('- Order desk: Looks up orders by their number.');
    expect(body.messages.at(-1)?.content).toBe('Where is order 1234?');
    expect(ctx.progressed).toEqual([CALLING_LLM, LLM_RESPONSE_RECEIVED]);
  });

  it('asks again when the answer names no path, and adds up the usage', async () => {
    answers('{"agent":"Billing"}', '"Docs Search"');
    const result = await runNode(node, values, bed.context());
    expect(result.route).toEqual(['Docs search']);
    expect(result.output).toMatchObject({ _meta: { total_tokens: 30 } });
    const retry = bed.loopback.requests[1].body as { messages: { role: string; content: string }[] };
    expect(retry.messages.at(-1)?.content).toBe('That is not one of the agents ["Docs search","Order desk"]. Answer with {"agent": "<one of them>"}.');
  });

  it('fails after 3 retries', async () => {
    answers('{"agent":"Billing"}');
    await expect(runNode(node, values, bed.context())).rejects.toThrow(
      'The model did not choose one of the agent paths after 3 retries (last answer: {"agent":"Billing"})',
    );
    expect(bed.loopback.requests).toHaveLength(4);
  });
});
