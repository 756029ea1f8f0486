// Runs the node through the real model gateway (runtime/models) against a loopback OpenAI server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatCompletion } from './testing/openai-loopback.ts';
import { startAiTestbed, type AiTestbed } from './testing/ai-testbed.ts';
import { runNode } from '../../../catalogue/testing/node-harness.ts';
import { definition } from '../../../catalogue/ai/generate-json-node/definition.ts';
import node from '../../../catalogue/ai/generate-json-node/run.ts';

let bed: AiTestbed;
beforeAll(async () => {
  bed = await startAiTestbed();
});
afterAll(() => bed.close());
beforeEach(() => bed.reset());

const schema = { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } }, required: ['name', 'age'] };
const prompts = [{ role: 'user', content: 'Ada Lovelace, 36' }];
const answers = (...contents: string[]) => {
  let i = 0;
  bed.loopback.handle(() => ({ json: chatCompletion('gpt-4o-mini', contents[Math.min(i++, contents.length - 1)]) }));
};

describe('generateJsonNode', () => {
  it('asks for a JSON object with the schema and returns the parsed answer', async () => {
    answers('{"name":"Ada Lovelace","age":36}');
    const result = await runNode(node, { schema, prompts }, bed.context());
    expect(result.output).toMatchObject({ generatedResponse: { name: 'Ada Lovelace', age: 36 }, tool_calls: [], _meta: { model_name: 'gpt-4o-mini' } });
    const body = bed.loopback.requests[0].body as { response_format: unknown; messages: { role: string; content: string }[] };
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.messages[0].content).toContain(JSON.stringify(schema));
  });

  it('sends a bad answer back with the problem and accepts the corrected one; usage adds up', async () => {
    answers('not json', '```json\n{"name":"Ada","age":-1}\n```', '{"name":"Ada","age":36}');
    const result = await runNode(node, { schema, prompts }, bed.context());
    expect(result.output).toMatchObject({ generatedResponse: { name: 'Ada', age: 36 }, _meta: { prompt_tokens: 30, completion_tokens: 15 } });
    const last = bed.loopback.requests[2].body as { messages: { role: string; content: string }[] };
    expect(last.messages.at(-1)?.content).toBe('That answer does not fit the schema ($.age: must be at least 0). Answer again with JSON only.');
    expect(last.messages.at(-2)).toEqual({ role: 'assistant', content: '```json\n{"name":"Ada","age":-1}\n```' });
  });

  it('gives up after 3 retries, naming the last problem', async () => {
    answers('{"name":"Ada"}');
    await expect(runNode(node, { schema, prompts }, bed.context())).rejects.toThrow(
      "The model's answer did not fit the schema after 3 retries: $: missing required property age",
    );
    expect(bed.loopback.requests).toHaveLength(4);
  });

  it('refuses a schema that is not an object', async () => {
    await expect(runNode(node, { schema: '[1]', prompts }, bed.context())).rejects.toThrow('Schema must be a JSON object');
  });
});
