/**
 * The model gateway calls out through the one outbound client: a credential's baseUrl on a
 * loopback address the operator has not allowed is refused before any request (however the
 * address is spelt), a redirect is checked again, and a streamed answer still streams.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ModelAccess } from '../../../catalogue/services/models.ts';
import { NodeError } from '../../../catalogue/errors.ts';
import type { ModelParam } from '../../../contract/models.ts';
import { AllowList } from '../outbound/address-policy.ts';
import { Outbound } from '../outbound/client.ts';
import { ModelGateway } from './gateway.ts';
import { TEST_CREDENTIAL, testDefaults } from './testing/ai-testbed.ts';
import { chatStream, echoAnswer, startOpenAILoopback, type OpenAILoopback } from './testing/openai-loopback.ts';

let loopback: OpenAILoopback;
let port = '';

beforeAll(async () => {
  loopback = await startOpenAILoopback();
  port = new URL(loopback.baseUrl).port;
});
afterAll(() => loopback.close());
beforeEach(() => {
  loopback.requests.length = 0;
  loopback.handle(echoAnswer);
});

/** The gateway of project_test, its credential's baseUrl `baseUrl`, its outbound client allowing `allow`. */
function gateway(baseUrl: string, allow: string[] = [], timeoutMs?: number): ModelAccess {
  const outbound = new Outbound({ allow: new AllowList(allow) });
  return new ModelGateway({ defaults: { get: async () => testDefaults }, outbound, maxRetries: 0, timeoutMs }).forProject(
    'project_test',
    { get: async () => ({ apiKey: 'sk-test', baseUrl }) },
  );
}

const gpt: ModelParam = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: TEST_CREDENTIAL };
const embedding: ModelParam = { type: 'embedding', model_name: 'text-embedding-3-small', provider_name: 'openai', credential_name: TEST_CREDENTIAL };
const ask = { messages: [{ role: 'user' as const, content: 'hello' }] };

/** What `work` threw, as message and kind. */
async function failure(work: Promise<unknown>): Promise<{ message: string; kind: string }> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof NodeError)) throw new Error(`expected a NodeError, got ${String(error)}`);
  return { message: error.message, kind: error.kind };
}

const refused = (host: string) => `Refused to call ${host}: loopback address; the operator can allow it with WEFT_OUTBOUND_ALLOW`;

describe('model calls under the address policy', () => {
  it.each([
    ['127.1', '127.0.0.1'],
    ['[::1]', '::1'],
    ['0x7f.0.0.1', '127.0.0.1'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
  ])('refuses a credential whose baseUrl is loopback %s (not allowed), with no request made', async (host, shown) => {
    const models = gateway(`http://${host}:${port}/v1`);
    expect(await failure(models.chat(gpt, ask))).toEqual({ message: refused(shown), kind: 'user' });
    expect(await failure(models.chat(gpt, { ...ask, onText: () => {} }))).toEqual({ message: refused(shown), kind: 'user' });
    expect(await failure(models.embed(embedding, ['a text']))).toEqual({ message: refused(shown), kind: 'user' });
    expect(loopback.requests).toHaveLength(0);
  });

  it('refuses a loopback name, and a loopback port the allow-list does not name', async () => {
    const byName = await failure(gateway(`http://localhost:${port}/v1`).chat(gpt, ask));
    expect(byName.kind).toBe('user');
    expect(byName.message).toMatch(/^Refused to call localhost \((127\.0\.0\.1|::1)\): loopback address; the operator can allow it with WEFT_OUTBOUND_ALLOW$/);
    const otherPort = await failure(gateway(loopback.baseUrl, [`127.0.0.1:${Number(port) === 1 ? 2 : Number(port) - 1}`]).chat(gpt, ask));
    expect(otherPort).toEqual({ message: refused('127.0.0.1'), kind: 'user' });
    expect(loopback.requests).toHaveLength(0);
  });

  it('calls the server the allow-list names, and checks a redirect to a loopback address it does not', async () => {
    const models = gateway(loopback.baseUrl, [loopback.host]);
    expect((await models.chat(gpt, ask)).content).toBe('echo: hello');
    loopback.handle(() => ({ status: 307, json: {}, headers: { location: `http://[::1]:${port}/v1/chat/completions` } }));
    expect(await failure(models.chat(gpt, ask))).toEqual({ message: refused('::1'), kind: 'user' });
    expect(loopback.requests.map((r) => r.path)).toEqual(['/v1/chat/completions', '/v1/chat/completions']);
  });

  it('streams: the first piece reaches the node before the server sends the last', async () => {
    const events: string[] = [];
    let firstArrived = () => {};
    const arrived = new Promise<void>((ok) => (firstArrived = ok));
    const chunks = chatStream('gpt-4o-mini', ['first ', 'last']);
    loopback.handle(() => ({
      sse: (async function* () {
        for (const [index, chunk] of chunks.entries()) {
          // chunk 2 carries 'last': held back until 'first ' has arrived (or 5 s, when nothing streams)
          if (index === 2) await Promise.race([arrived, new Promise((ok) => setTimeout(ok, 5000))]);
          events.push(`sent ${index}`);
          yield chunk;
        }
      })(),
    }));
    const reply = await gateway(loopback.baseUrl, [loopback.host]).chat(gpt, {
      ...ask,
      onText(text) {
        events.push(`got ${text}`);
        if (text === 'first ') firstArrived();
      },
    });
    expect(reply.content).toBe('first last');
    // the rest's order is the network's: only that the first piece came before the last was sent is ours
    expect(events.slice(0, 4)).toEqual(['sent 0', 'sent 1', 'got first ', 'sent 2']);
    expect(events.sort()).toEqual(['got first ', 'got last', 'sent 0', 'sent 1', 'sent 2', 'sent 3', 'sent 4']);
  });

  it("gives up on a stream that stalls past the gateway's timeout, with kind timeout", async () => {
    const [first, ...rest] = chatStream('gpt-4o-mini', ['only this']);
    let release = () => {};
    const stalled = new Promise<void>((ok) => (release = ok));
    loopback.handle(() => ({
      sse: (async function* () {
        yield first;
        await stalled;
        yield* rest;
      })(),
    }));
    const timedOut = await failure(gateway(loopback.baseUrl, [loopback.host], 300).chat(gpt, { ...ask, onText: () => {} }));
    release();
    expect(timedOut).toEqual({ message: 'No answer within 0.3 s', kind: 'timeout' });
  });
});
