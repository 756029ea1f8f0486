import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ModelAccess } from '../../../catalogue/services/models.ts';
import type { ModelParam } from '../../../contract/models.ts';
import { DEFAULT_NOT_FOUND, DefaultModelsStore, MISSING_DEFAULTS } from './default-models.ts';
import { ModelGateway, type CredentialReader } from './gateway.ts';
import { LOCAL_EMBEDDING_DIMENSION } from './local-embedding.ts';
import { LOCAL_EMBEDDING_MODEL, MODELS, modelInfoSource, type ModelInfo } from './model-info.ts';
import { INVALID_MODEL_PARAM } from './model-param.ts';
import { AllowList } from '../outbound/address-policy.ts';
import { Outbound } from '../outbound/client.ts';
import { apiError, chatCompletion, chatStream, echoAnswer, startOpenAILoopback, type OpenAILoopback } from './testing/openai-loopback.ts';

let loopback: OpenAILoopback;
let redis: Redis;
let defaults: DefaultModelsStore;
/** the gateways' outbound client: the loopback server allowed, every other private address refused */
let outbound: Outbound;
const prefix = `weft-test-${randomUUID()}:`;

/** A project's credentials as the credential store reveals them; names not here are missing. */
function credentialsOf(table: Record<string, Record<string, unknown>>): CredentialReader {
  return {
    async get(name) {
      const found = table[name];
      if (!found) throw new Error(`No credentials found for ${name}`);
      return found;
    },
  };
}

const model = (model_name: string, extra: Partial<ModelParam> = {}): ModelParam => ({
  type: 'text',
  model_name,
  provider_name: 'openai',
  credential_name: 'openai-main',
  ...extra,
});

let gateway: ModelGateway;
let access: ModelAccess;

beforeAll(async () => {
  loopback = await startOpenAILoopback();
  outbound = new Outbound({ allow: new AllowList([loopback.host]) });
  redis = new Redis(process.env.REDIS_URL!);
  defaults = new DefaultModelsStore(redis, prefix);
});
afterAll(async () => {
  await loopback.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});
beforeEach(() => {
  loopback.requests.length = 0;
  loopback.handle(echoAnswer);
  gateway = new ModelGateway({ defaults, outbound, maxRetries: 0 });
  access = gateway.forProject(
    'p1',
    credentialsOf({
      'openai-main': { apiKey: 'sk-test-1234', baseUrl: loopback.baseUrl },
      local: { baseUrl: `${loopback.baseUrl}/` },
      'no-key': { baseUrl: loopback.baseUrl },
      'no-url': { apiKey: 'k' },
    }),
  );
});

describe('chat completions', () => {
  it('sends the messages with the key to the endpoint and prices the answer', async () => {
    loopback.handle(() => ({ json: chatCompletion('gpt-4o-mini', 'Hello!', { promptTokens: 1000, completionTokens: 200 }) }));
    const reply = await access.chat(model('gpt-4o-mini', { params: { temperature: 0.2 } }), { messages: [{ role: 'user', content: 'Hi' }] });
    expect(reply.content).toBe('Hello!');
    expect(reply.tool_calls).toEqual([]);
    expect(reply.meta).toEqual({
      prompt_tokens: 1000,
      completion_tokens: 200,
      total_tokens: 1200,
      prompt_tokens_cost: 0.00015,
      completion_tokens_cost: 0.00012,
      total_cost: 0.00027,
      model_name: 'gpt-4o-mini',
      model_provider: 'openai',
      status_code: 200,
    });
    const [request] = loopback.requests;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test-1234');
    expect(request.body).toMatchObject({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }], temperature: 0.2, max_tokens: 4096 });
  });

  it('passes tools and returns the tool calls the model makes', async () => {
    loopback.handle(() => ({ json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'call_1', name: 'add', arguments: '{"a":1,"b":2}' }] }) }));
    const tools = [{ type: 'function' as const, function: { name: 'add', parameters: { type: 'object', properties: { a: { type: 'number' } } } } }];
    const reply = await access.chat(model('gpt-4o-mini'), { messages: [{ role: 'user', content: 'add' }], tools });
    expect(reply.content).toBe('');
    expect(reply.tool_calls).toEqual([{ id: 'call_1', type: 'function', function: { name: 'add', arguments: '{"a":1,"b":2}' } }]);
    expect(loopback.requests[0].body.tools).toEqual(tools);
  });

  it('streams text piece by piece over SSE and puts streamed tool calls together', async () => {
    loopback.handle(() => ({
      sse: chatStream('gpt-4o-mini', ['Hel', 'lo ', 'world'], { toolCalls: [{ id: 'call_9', name: 'lookup', arguments: '{"q":"weft docs"}' }], promptTokens: 7, completionTokens: 3 }),
    }));
    const pieces: string[] = [];
    const reply = await access.chat(model('gpt-4o-mini'), { messages: [{ role: 'user', content: 'x' }], onText: (d) => void pieces.push(d) });
    expect(pieces).toEqual(['Hel', 'lo ', 'world']);
    expect(reply.content).toBe('Hello world');
    expect(reply.tool_calls).toEqual([{ id: 'call_9', type: 'function', function: { name: 'lookup', arguments: '{"q":"weft docs"}' } }]);
    expect(reply.meta).toMatchObject({ prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 });
    expect(loopback.requests[0].body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('asks for JSON when told to', async () => {
    await access.chat(model('gpt-4o-mini'), { messages: [{ role: 'user', content: 'x' }], json: true });
    expect(loopback.requests[0].body.response_format).toEqual({ type: 'json_object' });
  });

  it("answers 'No choices found' when the endpoint returns none", async () => {
    loopback.handle(() => ({ json: { id: 'x', object: 'chat.completion', choices: [], usage: { prompt_tokens: 1, completion_tokens: 0 } } }));
    await expect(access.chat(model('gpt-4o-mini'), { messages: [{ role: 'user', content: 'x' }] })).rejects.toThrow('No choices found');
  });

  it("passes the provider's error message on", async () => {
    loopback.handle(() => apiError(401, 'Incorrect API key provided'));
    await expect(access.chat(model('gpt-4o-mini'), { messages: [{ role: 'user', content: 'x' }] })).rejects.toThrow('Incorrect API key provided');
  });

  it('falls back to the fallback model when a direct call fails, flagged 303', async () => {
    loopback.handle((request) =>
      request.body.model === 'gpt-4o' ? apiError(500, 'overloaded', 'server_error') : { json: chatCompletion('gpt-4o-mini', 'from the fallback') },
    );
    const reply = await access.chat(model('gpt-4o'), { messages: [{ role: 'user', content: 'x' }] });
    expect(reply.content).toBe('from the fallback');
    expect(reply.meta.status_code).toBe(303);
    expect(reply.meta.model_name).toBe('gpt-4o-mini');
    expect(loopback.requests.map((r) => r.body.model)).toEqual(['gpt-4o', 'gpt-4o-mini']);
  });

  it('does not fall back for a model without a fallback', async () => {
    loopback.handle(() => apiError(500, 'overloaded', 'server_error'));
    await expect(access.chat(model('gpt-4o-mini'), { messages: [{ role: 'user', content: 'x' }] })).rejects.toThrow('overloaded');
    expect(loopback.requests).toHaveLength(1);
  });

  it('calls any model on an OpenAI-compatible endpoint named by the credential', async () => {
    const reply = await access.chat(model('llama3.2', { provider_name: 'openai-compatible', credential_name: 'local' }), {
      messages: [{ role: 'user', content: 'ping' }],
    });
    expect(reply.content).toBe('echo: ping');
    expect(reply.meta).toMatchObject({ model_name: 'llama3.2', model_provider: 'openai-compatible', total_cost: 0 });
    expect(loopback.requests[0].body.model).toBe('llama3.2');
  });
});

describe('model params (spec 000 §5, §8)', () => {
  const chat = (value: unknown) => access.chat(value, { messages: [{ role: 'user', content: 'x' }] });

  it.each([
    ['text that is not JSON', 'gpt-4o'],
    ['a list', []],
    ['no provider', { type: 'text', model_name: 'gpt-4o', credential_name: 'x' }],
    ['no credential_name', { type: 'text', model_name: 'gpt-4o', provider_name: 'openai' }],
    ['an unknown type', { type: 'audio', model_name: 'gpt-4o', provider_name: 'openai', credential_name: 'x' }],
  ])('refuses %s', async (_, value) => {
    await expect(chat(value)).rejects.toThrow(INVALID_MODEL_PARAM);
  });

  it('accepts the model param as JSON text', async () => {
    await expect(chat(JSON.stringify(model('gpt-4o-mini')))).resolves.toMatchObject({ content: 'echo: x' });
  });

  it("'Missing credentialId for model' without a credential", async () => {
    await expect(chat(model('gpt-4o-mini', { credential_name: '' }))).rejects.toThrow('Missing credentialId for model');
  });

  it("'Model is no longer supported or not found - {model}' for an unknown model of a listed provider", async () => {
    await expect(chat(model('gpt-2'))).rejects.toThrow('Model is no longer supported or not found - gpt-2');
    await expect(chat(model('text-embedding-3-small'))).rejects.toThrow('Model is no longer supported or not found - text-embedding-3-small');
  });

  it("'Model client not found' for a provider weft has no client for", async () => {
    await expect(chat(model('claude', { provider_name: 'anthropic' }))).rejects.toThrow('Model client not found');
  });

  it("'Missing credentials - {slug} for provider {p}' when the credential lacks the key or the URL", async () => {
    await expect(chat(model('gpt-4o-mini', { credential_name: 'no-key' }))).rejects.toThrow('Missing credentials - no-key for provider openai');
    await expect(chat(model('m', { provider_name: 'openai-compatible', credential_name: 'no-url' }))).rejects.toThrow(
      'Missing credentials - no-url for provider openai-compatible',
    );
  });

  it("the credential store's own error when the credential does not exist", async () => {
    await expect(chat(model('gpt-4o-mini', { credential_name: 'nope' }))).rejects.toThrow('No credentials found for nope');
  });
});

describe('proxies', () => {
  const viaProxy = (proxy: string): ModelInfo[] => MODELS.map((m) => (m.model === 'gpt-4o-mini' ? { ...m, proxy } : m));
  const credentials = () => credentialsOf({ 'openai-main': { apiKey: 'sk-provider' } });

  it('calls through Portkey with its key and the provider named', async () => {
    const proxied = new ModelGateway({
      defaults,
      outbound,
      maxRetries: 0,
      models: modelInfoSource(viaProxy('portkey')),
      proxies: { portkey: { url: loopback.baseUrl, apiKey: 'pk-123' } },
    }).forProject('p1', credentials());
    await proxied.chat(model('gpt-4o-mini'), { messages: [{ role: 'user', content: 'x' }] });
    expect(loopback.requests[0].headers).toMatchObject({ 'x-portkey-api-key': 'pk-123', 'x-portkey-provider': 'openai', authorization: 'Bearer sk-provider' });
  });

  it('calls through LiteLLM with its key', async () => {
    const proxied = new ModelGateway({
      defaults,
      outbound,
      maxRetries: 0,
      models: modelInfoSource(viaProxy('litellm')),
      proxies: { litellm: { url: loopback.baseUrl, apiKey: 'll-key' } },
    }).forProject('p1', credentials());
    await proxied.chat(model('gpt-4o-mini'), { messages: [{ role: 'user', content: 'x' }] });
    expect(loopback.requests[0].headers.authorization).toBe('Bearer ll-key');
  });

  it("'API key and Gateway URL must be set' for a proxy without its settings; 'Unsupported proxy' for an unknown one", async () => {
    const unset = new ModelGateway({ defaults, outbound, models: modelInfoSource(viaProxy('portkey')), proxies: { portkey: { url: loopback.baseUrl } } });
    await expect(unset.forProject('p1', credentials()).chat(model('gpt-4o-mini'), { messages: [] })).rejects.toThrow('API key and Gateway URL must be set');
    const unknown = new ModelGateway({ defaults, outbound, models: modelInfoSource(viaProxy('carrier-pigeon')) });
    await expect(unknown.forProject('p1', credentials()).chat(model('gpt-4o-mini'), { messages: [] })).rejects.toThrow('Unsupported proxy');
    expect(loopback.requests).toHaveLength(0);
  });

  it("calls an 'old' model straight at the provider with the project's key, and falls back like a direct one", async () => {
    const old = (m: ModelInfo) => (m.model === 'gpt-4o' || m.model === 'gpt-4o-mini' ? { ...m, proxy: 'old' } : m);
    const direct = new ModelGateway({ defaults, outbound, maxRetries: 0, models: modelInfoSource(MODELS.map(old)) }).forProject(
      'p1',
      credentialsOf({ 'openai-main': { apiKey: 'sk-provider', baseUrl: loopback.baseUrl } }),
    );
    loopback.handle((request) =>
      request.body.model === 'gpt-4o' ? apiError(500, 'overloaded', 'server_error') : { json: chatCompletion('gpt-4o-mini', 'from the fallback') },
    );
    const reply = await direct.chat(model('gpt-4o'), { messages: [{ role: 'user', content: 'x' }] });
    expect(reply).toMatchObject({ content: 'from the fallback', meta: { status_code: 303, model_name: 'gpt-4o-mini' } });
    expect(loopback.requests.map((r) => [r.body.model, r.headers.authorization])).toEqual([
      ['gpt-4o', 'Bearer sk-provider'],
      ['gpt-4o-mini', 'Bearer sk-provider'],
    ]);
  });
});

describe('default models', () => {
  it("'Missing default models config' when the project has none, then the configured default", async () => {
    const project = `p-${randomUUID()}`;
    const ofProject = gateway.forProject(project, credentialsOf({ 'openai-main': { apiKey: 'k', baseUrl: loopback.baseUrl } }));
    await expect(ofProject.chat('', { messages: [] })).rejects.toThrow(MISSING_DEFAULTS);
    await defaults.set(project, { text_model: model('gpt-4.1-mini') });
    const reply = await ofProject.chat(undefined, { messages: [{ role: 'user', content: 'hi' }] });
    expect(reply.meta.model_name).toBe('gpt-4.1-mini');
    await expect(ofProject.image(null, { prompt: 'x' })).rejects.toThrow(DEFAULT_NOT_FOUND);
  });

  it('refuses a default of the wrong type', async () => {
    await expect(defaults.set('p2', { embedding_model: model('gpt-4o-mini') })).rejects.toThrow('embedding_model must be a model of type embedding');
  });
});

describe('embeddings', () => {
  it('embeds through the endpoint, in input order, priced by tokens', async () => {
    const reply = await access.embed(model('text-embedding-3-small', { type: 'embedding' }), ['alpha', 'be']);
    expect(reply.vectors).toEqual([
      [5, 2, 1],
      [2, 1, 2],
    ]);
    expect(reply.dimension).toBe(3);
    expect(reply.meta).toMatchObject({ prompt_tokens: 2, completion_tokens: 0, model_name: 'text-embedding-3-small', prompt_tokens_cost: 4e-8 });
    expect(loopback.requests[0]).toMatchObject({ path: '/v1/embeddings', body: { input: ['alpha', 'be'], encoding_format: 'float' } });
  });

  it("'Could not find embedding object' when the answer lacks vectors", async () => {
    loopback.handle(() => ({ json: { object: 'list', data: [], usage: { prompt_tokens: 1 } } }));
    await expect(access.embed(model('text-embedding-3-small', { type: 'embedding' }), ['a'])).rejects.toThrow('Could not find embedding object');
  });

  it('embeds with the built-in local model without a key or a request', async () => {
    const local = { type: 'embedding', model_name: LOCAL_EMBEDDING_MODEL, provider_name: 'weft', credential_name: '' };
    const reply = await access.embed(local, ['Index the documents', 'indexing documents']);
    expect(reply.dimension).toBe(LOCAL_EMBEDDING_DIMENSION);
    expect(reply.vectors[0]).toHaveLength(LOCAL_EMBEDDING_DIMENSION);
    expect(reply.meta).toMatchObject({ prompt_tokens: 4, total_cost: 0, model_provider: 'weft' });
    expect(loopback.requests).toHaveLength(0);
  });
});

describe('images', () => {
  it('generates images with their revised prompts, priced per image', async () => {
    const reply = await access.image(model('dall-e-3', { type: 'image' }), { prompt: 'a red fox', n: 2, size: '1024x1024' });
    expect(reply.images).toEqual([
      { url: 'https://images.invalid/0.png', revised_prompt: 'revised: a red fox' },
      { url: 'https://images.invalid/1.png', revised_prompt: 'revised: a red fox' },
    ]);
    expect(reply.meta).toMatchObject({ prompt_tokens_cost: 0.08, total_cost: 0.08, model_name: 'dall-e-3' });
    expect(loopback.requests[0]).toMatchObject({ path: '/v1/images/generations', body: { model: 'dall-e-3', prompt: 'a red fox', n: 2, size: '1024x1024' } });
  });

  it('accepts base64 images as data URLs', async () => {
    loopback.handle(() => ({ json: { created: 1, data: [{ b64_json: 'aGVsbG8=' }] } }));
    const reply = await access.image(model('gpt-image-1', { type: 'image' }), { prompt: 'x' });
    expect(reply.images).toEqual([{ url: 'data:image/png;base64,aGVsbG8=', revised_prompt: '' }]);
  });

  it("'No image data returned' for an empty answer", async () => {
    loopback.handle(() => ({ json: { created: 1, data: [] } }));
    await expect(access.image(model('dall-e-3', { type: 'image' }), { prompt: 'x' })).rejects.toThrow('No image data returned');
  });
});
