import { describe, expect, it } from 'vitest';
import { tokenUsageOf } from '../../../contract/token-usage.ts';
import { loggedBody, maskSecretFields, maxLoggedBodyBytes, severityOf } from './log-record.ts';

describe('severityOf (spec 002 §9)', () => {
  it.each([
    [200, 'INFO'], [202, 'INFO'], [399, 'INFO'], [400, 'WARN'], [429, 'WARN'], [499, 'WARN'], [500, 'ERROR'], [509, 'ERROR'],
  ])('%i is %s', (status, severity) => expect(severityOf(status)).toBe(severity));
});

describe('tokenUsageOf', () => {
  it("sums the _meta token figures and costs of node outputs, lists and objects, and skips outputs without", () => {
    const outputs = [
      { generatedResponse: 'a', _meta: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15, total_cost: 0.001, model_name: 'gpt-x' } },
      { vectors: [], _meta: { prompt_tokens: 7, prompt_tokens_cost: 0.0002, completion_tokens_cost: 0.0001, model_name: 'embed-y' } },
      { finalResponse: 'b', _meta: [{ prompt_tokens: 1, completion_tokens: 2, cost: 0.5 }, { input_tokens: 3, output_tokens: 4, model_name: 'gpt-x' }] },
      'Skipped the node execution',
      null,
      { data: 1 },
      { _meta: { prompt_tokens: 'many' } },
    ];
    expect(tokenUsageOf(outputs)).toEqual({
      tokenUsage: { promptTokens: 21, completionTokens: 11, totalTokens: 32 },
      cost: 0.5013,
      models: ['gpt-x', 'embed-y'],
    });
  });
});

describe('what a log keeps of a request', () => {
  it('masks fields that look secret at any depth', () => {
    expect(maskSecretFields({ name: 'Ada', password: 'p', nested: [{ apiKey: 'k', Authorization: 'Bearer x', token: null }] })).toEqual({
      name: 'Ada', password: '••••', nested: [{ apiKey: '••••', Authorization: '••••', token: null }],
    });
  });

  it('cuts a large body to 4 KB of text', () => {
    const body = loggedBody({ text: 'x'.repeat(10_000) }) as { truncated: boolean; text: string };
    expect(body.truncated).toBe(true);
    expect(Buffer.byteLength(body.text)).toBeLessThanOrEqual(maxLoggedBodyBytes);
    expect(loggedBody({ a: 1 })).toEqual({ a: 1 });
    expect(loggedBody(undefined)).toBeNull();
  });
});
