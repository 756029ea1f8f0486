// Runs the node through the real model gateway (runtime/models) against a loopback OpenAI server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatCompletion, chatStream } from './testing/openai-loopback.ts';
import { startAiTestbed, type AiTestbed } from './testing/ai-testbed.ts';
import { runNode } from '../../../catalogue/testing/node-harness.ts';
import { CALLING_LLM, LLM_RESPONSE_RECEIVED, STREAMING } from '../../../catalogue/ai/llm-call.ts';
import { definition } from '../../../catalogue/ai/generate-text-node/definition.ts';
import node from '../../../catalogue/ai/generate-text-node/run.ts';

let bed: AiTestbed;

beforeAll(async () => {
  bed = await startAiTestbed();
});
afterAll(() => bed.close());
beforeEach(() => bed.reset());

const sent = (i = 0) => bed.loopback.requests[i].body as { messages: { role: string; content: unknown }[]; tools?: unknown[]; stream?: boolean; model?: string };

describe('generateTextNode', () => {
  it('sends system and user prompts with their templates resolved, streams the answer as progress, and reports _meta', async () => {
    bed.loopback.handle(() => ({ sse: chatStream('gpt-4o-mini', ['The answer ', 'is 42, ', 'says the model.'], { promptTokens: 30, completionTokens: 9 }) }));
    const ctx = bed.context({ outputs: { trigger_1: { question: 'What is six times seven?' } } });
    const result = await runNode(
      node,
      { prompts: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Q: {{trigger_1.output.question}}' }] },
      ctx,
    );
    expect(sent().messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Q: What is six times seven?' },
    ]);
    expect(result.output).toEqual({
      generatedResponse: 'The answer is 42, says the model.',
      _meta: {
        prompt_tokens: 30,
        completion_tokens: 9,
        total_tokens: 39,
        prompt_tokens_cost: 0.0000045,
        completion_tokens_cost: 0.0000054,
        total_cost: 0.0000099,
        model_name: 'gpt-4o-mini',
        model_provider: 'openai',
        status_code: 200,
      },
      tool_calls: [],
      images: [],
    });
    expect(ctx.progressed[0]).toBe(CALLING_LLM);
    expect(ctx.progressed.at(-1)).toBe(LLM_RESPONSE_RECEIVED);
    expect(ctx.streamed.join('')).toBe('The answer is 42, says the model.');
    expect(new Set(ctx.progressed.slice(1, -1))).toEqual(new Set([STREAMING]));
  });

  it('does not stream when told not to', async () => {
    const ctx = bed.context();
    const result = await runNode(node, { prompts: [{ role: 'user', content: 'hi' }], stream: false }, ctx);
    expect(result.output).toMatchObject({ generatedResponse: 'echo: hi' });
    expect(sent().stream).toBeUndefined();
    expect(ctx.progressed).toEqual([CALLING_LLM, LLM_RESPONSE_RECEIVED]);
  });

  it('puts memories and the chat history between the system and the user prompts, attachments on the user message', async () => {
    await runNode(
      node,
      {
        prompts: [{ role: 'system', content: 'sys' }, { role: 'user', content: 'now' }],
        memories: [{ role: 'user', content: 'remembered fact' }],
        messages: JSON.stringify([{ role: 'user', content: 'earlier' }, { role: 'assistant', content: 'reply' }]),
        attachments: ['https://img.invalid/cat.png'],
        stream: false,
      },
      bed.context(),
    );
    expect(sent().messages).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'remembered fact' },
      { role: 'user', content: 'earlier' },
      { role: 'assistant', content: 'reply' },
      { role: 'user', content: [{ type: 'text', text: 'now' }, { type: 'image_url', image_url: { url: 'https://img.invalid/cat.png' } }] },
    ]);
  });

  it.each([
    ['not JSON', '[{"role":', 'Invalid chat history: it must be a JSON array of messages'],
    ['not an array', { role: 'user', content: 'x' }, 'Invalid chat history: it must be a JSON array of messages'],
    ['an unknown role', [{ role: 'robot', content: 'x' }], 'Invalid chat history: role robot is not one of system, assistant, user, function, tool'],
  ])('refuses a chat history that is %s', async (_, messages, text) => {
    await expect(runNode(node, { prompts: [{ role: 'user', content: 'x' }], messages }, bed.context())).rejects.toThrow(text);
    expect(bed.loopback.requests).toHaveLength(0);
  });

  it('refuses prompts with other roles, and no prompt at all', async () => {
    await expect(runNode(node, { prompts: [{ role: 'assistant', content: 'x' }] }, bed.context())).rejects.toThrow(
      'Prompts must be a list of messages with the role system or user',
    );
    await expect(runNode(node, { prompts: [{ role: 'user', content: '  ' }] }, bed.context())).rejects.toThrow('Prompts is required');
  });

  it('runs the code tools the model calls and hands their answers back until it answers', async () => {
    bed.loopback.handle((request) => {
      const messages = request.body.messages as { role: string; content: string }[];
      const toolAnswers = messages.filter((m) => m.role === 'tool');
      if (toolAnswers.length === 0) {
        return {
          sse: chatStream('gpt-4o-mini', [], {
            toolCalls: [
              { id: 'call_a', name: 'add', arguments: '{"a":2,"b":3}' },
              { id: 'call_b', name: 'add', arguments: '{"a":1,"b":1}' },
            ],
          }),
        };
      }
      return { sse: chatStream('gpt-4o-mini', [`tools said ${toolAnswers.map((m) => m.content).join(' | ')}`]) };
    });
    const tools = [{ name: 'add', description: 'adds', parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } }, code: 'return input.a + input.b;' }];
    const ctx = bed.context();
    const result = await runNode(node, { prompts: [{ role: 'user', content: 'add 2 and 3' }], tools }, ctx);
    expect(result.output).toMatchObject({
      generatedResponse: 'tools said 5 | 2',
      tool_calls: [
        { id: 'call_a', name: 'add', arguments: { a: 2, b: 3 }, result: 5 },
        { id: 'call_b', name: 'add', arguments: { a: 1, b: 1 }, result: 2 },
      ],
    });
    expect(sent(0).tools).toEqual([{ type: 'function', function: { name: 'add', description: 'adds', parameters: tools[0].parameters } }]);
    const second = sent(1).messages;
    expect(second.at(-3)).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'call_a' }, { id: 'call_b' }] });
    expect(second.at(-2)).toEqual({ role: 'tool', tool_call_id: 'call_a', content: '5' });
    expect(second.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_b', content: '2' });
    // the two calls' usage adds up
    expect((result.output as { _meta: { prompt_tokens: number } })._meta.prompt_tokens).toBe(20);
    // each call and its answer is a progress event of the run
    expect(ctx.progressed).toContain('Calling tool add with {"a":2,"b":3}');
    expect(ctx.progressed).toContain('Tool add answered: 5');
  });

  it('answers without tools when the model calls none', async () => {
    bed.loopback.handle(() => ({ json: chatCompletion('gpt-4o-mini', 'no tools needed') }));
    const result = await runNode(node, { prompts: [{ role: 'user', content: 'hi' }], tools: [{ name: 'add', code: 'return 1;' }], stream: false }, bed.context());
    expect(result.output).toMatchObject({ generatedResponse: 'no tools needed', tool_calls: [] });
    expect(bed.loopback.requests).toHaveLength(1);
    expect(sent(0).tools).toHaveLength(1);
  });

  it("fails with 'Tool {x} not found' when the model calls a tool the node does not offer", async () => {
    bed.loopback.handle(() => ({ json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'c', name: 'missing', arguments: '{}' }] }) }));
    const failure = runNode(node, { prompts: [{ role: 'user', content: 'x' }], tools: [{ name: 'add', code: 'return 1;' }], stream: false }, bed.context());
    await expect(failure).rejects.toThrow('Tool missing not found');
    await expect(failure).rejects.toMatchObject({ kind: 'user' });
  });

  it("fails with 'Error executing tool' and the cause when a tool throws", async () => {
    bed.loopback.handle(() => ({ json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'c', name: 'boom', arguments: '{}' }] }) }));
    const tools = [{ name: 'boom', code: "throw new Error('the tool broke');" }];
    const failure = runNode(node, { prompts: [{ role: 'user', content: 'x' }], tools, stream: false }, bed.context());
    await expect(failure).rejects.toThrow(/^Error executing tool: .*the tool broke/);
    await expect(failure).rejects.toMatchObject({ kind: 'user' });
  });

  it('stops offering tools after 5 rounds', async () => {
    bed.loopback.handle((request) =>
      request.body.tools
        ? { json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'c', name: 'again', arguments: '{}' }] }) }
        : { json: chatCompletion('gpt-4o-mini', 'done') },
    );
    const result = await runNode(node, { prompts: [{ role: 'user', content: 'loop' }], tools: [{ name: 'again', code: 'return 1;' }], stream: false }, bed.context());
    expect(bed.loopback.requests).toHaveLength(5);
    expect(bed.loopback.requests[4].body.tools).toBeUndefined();
    expect(result.output).toMatchObject({ generatedResponse: 'done' });
    expect((result.output as { tool_calls: unknown[] }).tool_calls).toHaveLength(4);
  });

  it("refuses tools that are not an array, and tool code with the Code node's refused patterns", async () => {
    await expect(runNode(node, { prompts: [{ role: 'user', content: 'x' }], tools: '{"name":"a"}' }, bed.context())).rejects.toThrow('Tools must be an array');
    await expect(
      runNode(node, { prompts: [{ role: 'user', content: 'x' }], tools: [{ name: 't', code: 'return process.env' }] }, bed.context()),
    ).rejects.toThrow('Cannot execute code with dangerous patterns');
  });

  it('uses the model the node names, and says which credential is missing', async () => {
    const model = { type: 'text', model_name: 'gpt-4.1-nano', provider_name: 'openai', credential_name: 'other' };
    await expect(runNode(node, { prompts: [{ role: 'user', content: 'x' }], generativeModelName: model }, bed.context())).rejects.toThrow(
      'No credentials found for other',
    );
    await runNode(node, { prompts: [{ role: 'user', content: 'x' }], generativeModelName: { ...model, credential_name: 'openai-test' } }, bed.context());
    expect(sent().model).toBe('gpt-4.1-nano');
  });
});
