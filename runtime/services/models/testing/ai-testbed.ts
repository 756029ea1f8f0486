/**
 * @module runtime/services/models/testing/ai-testbed — for AI node tests: a loopback OpenAI server, the
 * real gateway in front of it for project `project_test` (credential `openai-test` pointing at
 * the loopback, which the gateway's outbound client is allowed to call; default models gpt-4o-mini, the local embedding model, dall-e-3), an in-memory
 * vector store, and node contexts that carry them as `ctx.services.models` and `ctx.services.vectors`.
 */
import type { ModelAccess } from '../../../../catalogue/services/models.ts';
import { testContext, type TestContext, type TestContextOptions } from '../../../../catalogue/testing/node-harness.ts';
import type { NodeServices } from '../../../../catalogue/services/index.ts';
import type { DefaultModels } from '../../../../contract/models.ts';
import { ModelGateway } from '../gateway.ts';
import { LOCAL_EMBEDDING_MODEL } from '../model-info.ts';
import { AllowList } from '../../outbound/address-policy.ts';
import { Outbound } from '../../outbound/client.ts';
import { openEmbeddedVectorStore } from '../../vectors/embedded.ts';
import { ProjectVectors } from '../../vectors/project-vectors.ts';
import type { VectorStore } from '../../vectors/store.ts';
import { echoAnswer, startOpenAILoopback, type OpenAILoopback } from './openai-loopback.ts';

export const TEST_CREDENTIAL = 'openai-test';

export const testDefaults: DefaultModels = {
  text_model: { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: TEST_CREDENTIAL },
  embedding_model: { type: 'embedding', model_name: LOCAL_EMBEDDING_MODEL, provider_name: 'weft', credential_name: '' },
  image_model: { type: 'image', model_name: 'dall-e-3', provider_name: 'openai', credential_name: TEST_CREDENTIAL },
};

export type AiTestContext = TestContext<'models' | 'vectors'> & { streamed: string[] };

export interface AiTestbed {
  loopback: OpenAILoopback;
  /** the outbound client of the gateway: the loopback server allowed, nothing else private */
  outbound: Outbound;
  models: ModelAccess;
  /** an in-memory embedded vector store behind `ctx.vectors` (project slug `proj`), opened on first use */
  vectorStore(): Promise<VectorStore>;
  /** every addRecords call (added, duplicatesDeleted); `recordLimit` makes one that would pass it throw */
  records: { calls: [number, number][]; total: number; recordLimit?: number };
  /** a node context whose services `models` and `vectors` are the gateway and the store (unless `overrides.services` says otherwise); `streamed` gathers the streamed text pieces */
  context(overrides?: Omit<TestContextOptions, 'services'> & { services?: Partial<NodeServices> }): AiTestContext;
  /** forget recorded requests and go back to the echo answers */
  reset(): void;
  close(): Promise<void>;
}

export async function startAiTestbed(): Promise<AiTestbed> {
  const loopback = await startOpenAILoopback();
  const outbound = new Outbound({ allow: new AllowList([loopback.host]) });
  const gateway = new ModelGateway({ defaults: { get: async () => testDefaults }, outbound, maxRetries: 0 });
  const models = gateway.forProject('project_test', {
    async get(name) {
      if (name !== TEST_CREDENTIAL) throw new Error(`No credentials found for ${name}`);
      return { apiKey: 'sk-test', baseUrl: loopback.baseUrl };
    },
  });
  let opening: Promise<VectorStore> | undefined;
  const vectorStore = () => (opening ??= openEmbeddedVectorStore());
  const records: AiTestbed['records'] = { calls: [], total: 0 };
  const vectors = new ProjectVectors({
    store: vectorStore,
    scopeOf: async (projectId) => (projectId === 'project_test' ? { projectSlug: 'proj', tenant: null } : null),
    async addRecords(_projectId, added, deleted) {
      const total = records.total + added - deleted;
      if (records.recordLimit !== undefined && total > records.recordLimit) {
        throw new Error(`Project exceeded max records, max records: ${records.recordLimit}, current records: ${total}. Please upgrade your plan or delete some records.`);
      }
      records.calls.push([added, deleted]);
      records.total = total;
    },
  }).forProject('project_test');
  return {
    loopback,
    outbound,
    models,
    vectorStore,
    records,
    context(overrides = {}) {
      const services = { models, vectors, ...overrides.services };
      const ctx = testContext<'models' | 'vectors'>({ ...overrides, services }) as AiTestContext;
      const progress = ctx.progress;
      ctx.streamed = [];
      ctx.progress = async (message, stream) => {
        if (stream?.text) ctx.streamed.push(stream.text);
        return progress(message, stream);
      };
      return ctx;
    },
    reset() {
      loopback.requests.length = 0;
      loopback.handle(echoAnswer);
    },
    async close() {
      await loopback.close();
      if (opening) await (await opening).close();
    },
  };
}
