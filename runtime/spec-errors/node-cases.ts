/**
 * @module runtime/spec-errors/node-cases — how to make each catalogue node (and the model
 * gateway and vector store behind them) produce a spec error text: the node run as the runtime
 * runs it, against the real gateway, a loopback OpenAI server and an embedded vector store
 * (runtime/services/models/testing/ai-testbed.ts). Each case answers the text that came out.
 */
import { registry } from '../../catalogue/nodes.ts';
import type { ModelAccess } from '../../catalogue/services/models.ts';
import { RESPONSE_TYPE_KEY } from '../../catalogue/response/graphql-response-node/async-values.ts';
import { runNode } from '../../catalogue/testing/node-harness.ts';
import type { NodeContext, Values } from '../../catalogue/types.ts';
import { ModelGateway, type GatewayOptions } from '../services/models/gateway.ts';
import { MODELS, modelInfoSource } from '../services/models/model-info.ts';
import { TEST_CREDENTIAL, testDefaults, type AiTestbed } from '../services/models/testing/ai-testbed.ts';
import { chatCompletion } from '../services/models/testing/openai-loopback.ts';
import { startMcpTestServer } from '../services/mcp-client/testing/mcp-test-server.ts';
import { mcpAccess } from '../services/mcp-client/mcp-access.ts';
import { AllowList } from '../services/outbound/address-policy.ts';
import { Outbound } from '../services/outbound/client.ts';
import { openEmbeddedVectorStore } from '../services/vectors/embedded.ts';
import { ProjectVectors } from '../services/vectors/project-vectors.ts';
import type { VectorStore } from '../services/vectors/store.ts';

export type NodeCase = (bed: AiTestbed) => Promise<string>;

/** The message of what `work` threw; a test failure when it did not throw. */
export async function failure(work: Promise<unknown>): Promise<string> {
  const outcome = await work.then(
    (value) => ({ threw: false as const, value }),
    (error: unknown) => ({ threw: true as const, error }),
  );
  if (!outcome.threw) throw new Error(`expected a failure, got ${JSON.stringify(outcome.value)}`);
  return outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
}

/** Run the catalogue node `type` with `values` in `ctx`. */
export function run(type: string, values: Values, ctx: NodeContext) {
  const node = registry.get(type);
  if (!node) throw new Error(`no node ${type}`);
  return runNode(node, values, ctx);
}

const gpt = (extra: Record<string, unknown> = {}) => ({ type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: TEST_CREDENTIAL, ...extra });
const ask = { prompts: [{ role: 'user', content: 'hi' }], stream: false };

/** A gateway of its own for project_test (model info, defaults, credentials as the case needs them). */
function gatewayWith(bed: AiTestbed, options: Partial<GatewayOptions> & { credential?: Record<string, unknown> } = {}): ModelAccess {
  const { credential, ...rest } = options;
  return new ModelGateway({ defaults: { get: async () => testDefaults }, outbound: bed.outbound, maxRetries: 0, ...rest }).forProject('project_test', {
    get: async () => credential ?? { apiKey: 'sk-test', baseUrl: bed.loopback.baseUrl },
  });
}
const withProxy = (proxy: string) => modelInfoSource(MODELS.map((m) => (m.model === 'gpt-4o-mini' ? { ...m, proxy } : m)));

/** A collection `Docs` of project_test holding one record (for searches that must reach the store). */
async function docs(bed: AiTestbed): Promise<NodeContext> {
  const ctx = bed.context();
  const { vectors } = await run('vectorizeNode', { inputText: ['Redis streams carry messages'] }, ctx).then((r) => r.output as { vectors: number[][] });
  await run('vectorDbNode', { vectorDB: 'Docs', action: 'index', vectorsField: vectors, metadataField: [{ text: 'Redis streams carry messages' }] }, ctx);
  return ctx;
}

/** A vector store that was opened and closed again: every query fails as a broken database does. */
const closedStores = new WeakMap<AiTestbed, Promise<VectorStore>>();
async function closedStoreContext(bed: AiTestbed): Promise<NodeContext> {
  let closing = closedStores.get(bed);
  if (!closing) {
    closing = openEmbeddedVectorStore().then(async (opened) => {
      await opened.ensureCollection('proj_Docs', 2);
      await opened.close();
      return opened;
    });
    closedStores.set(bed, closing);
  }
  const store = await closing;
  const vectors = new ProjectVectors({ store: async () => store, scopeOf: async () => ({ projectSlug: 'proj', tenant: null }) }).forProject('project_test');
  return bed.context({ services: { vectors } });
}

export const nodeCases: Record<string, NodeCase> = {
  'No Project found': async (bed) => {
    const vectors = new ProjectVectors({ store: bed.vectorStore, scopeOf: async () => null }).forProject('project_gone');
    return failure(run('vectorDbNode', { vectorDB: 'Docs', action: 'index', vectorsField: [[1, 0]], metadataField: ['x'] }, bed.context({ services: { vectors }, projectId: 'project_gone' })));
  },
  'Missing credentials - {slug} for provider {p}': (bed) =>
    failure(run('generateTextNode', { ...ask, generativeModelName: gpt({ credential_name: 'keyless' }) }, bed.context({ services: { models: gatewayWith(bed, { credential: {} }) } }))),
  'Missing credentialId for model': (bed) => failure(run('generateTextNode', { ...ask, generativeModelName: gpt({ credential_name: '' }) }, bed.context())),
  'API key and Gateway URL must be set': (bed) =>
    failure(run('generateTextNode', { ...ask, generativeModelName: gpt() }, bed.context({ services: { models: gatewayWith(bed, { models: withProxy('portkey') }) } }))),
  'Unsupported proxy': (bed) =>
    failure(run('generateTextNode', { ...ask, generativeModelName: gpt() }, bed.context({ services: { models: gatewayWith(bed, { models: withProxy('carrier-pigeon') }) } }))),
  'Model client not found': (bed) => failure(run('generateTextNode', { ...ask, generativeModelName: gpt({ provider_name: 'nobody' }) }, bed.context())),
  'Model is no longer supported or not found - {model}': (bed) =>
    failure(run('generateTextNode', { ...ask, generativeModelName: gpt({ model_name: 'gpt-2' }) }, bed.context())),
  'Default model not found! Please set a default model for this model type': (bed) => {
    const models = gatewayWith(bed, { defaults: { get: async () => ({ text_model: testDefaults.text_model }) } });
    return failure(run('generateImageNode', { prompts: 'a fox' }, bed.context({ services: { models } })));
  },
  'Missing default models config': (bed) =>
    failure(run('generateTextNode', ask, bed.context({ services: { models: gatewayWith(bed, { defaults: { get: async () => null } }) } }))),
  'Invalid input data...': (bed) => failure(run('generateTextNode', { ...ask, generativeModelName: 'not a model' }, bed.context())),
  'No choices found': (bed) => {
    bed.loopback.handle(() => ({ json: { id: 'x', object: 'chat.completion', choices: [], usage: { prompt_tokens: 1, completion_tokens: 0 } } }));
    return failure(run('generateTextNode', ask, bed.context()));
  },
  'No image data returned': (bed) => {
    bed.loopback.handle(() => ({ json: { created: 1, data: [] } }));
    return failure(run('generateImageNode', { prompts: 'a fox' }, bed.context()));
  },
  'Could not find embedding object': (bed) => {
    bed.loopback.handle(() => ({ json: { object: 'list', data: [], usage: { prompt_tokens: 1, total_tokens: 1 } } }));
    const model = { type: 'embedding', model_name: 'text-embedding-3-small', provider_name: 'openai', credential_name: TEST_CREDENTIAL };
    return failure(run('vectorizeNode', { inputText: ['a text'], embeddingModelName: model }, bed.context()));
  },
  // Generate text's tool server (`credentials`) names a credential the project lacks
  'credential ... not found! Please add first': (bed) => failure(run('generateTextNode', { ...ask, credentials: 'toolbox' }, bed.context())),
  'Invalid chat history ...': (bed) => failure(run('generateTextNode', { ...ask, messages: 'not a list' }, bed.context())),
  'Tools must be an array': (bed) => failure(run('generateTextNode', { ...ask, tools: { name: 'one' } }, bed.context())),
  'Tool {x} not found': (bed) => {
    bed.loopback.handle(() => ({ json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'c1', name: 'ghost', arguments: '{}' }] }) }));
    const tools = [{ name: 'real', description: 'a tool', code: 'return 1;' }];
    return failure(run('generateTextNode', { ...ask, tools }, bed.context()));
  },
  'Error executing tool': (bed) => {
    bed.loopback.handle(() => ({ json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'c1', name: 'broken', arguments: '{}' }] }) }));
    const tools = [{ name: 'broken', description: 'throws', code: "throw new Error('out of order');" }];
    return failure(run('generateTextNode', { ...ask, tools }, bed.context()));
  },
  'Error calling MCP tool': (bed) => {
    bed.loopback.handle(() => ({ json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'c1', name: 'explode', arguments: '{}' }] }) }));
    return withMcpServer(bed, (ctx) => failure(run('mcpNode', { ...mcpAsk, selectedTools: ['explode'] }, ctx)));
  },
  'ERROR in running LLM Agent': (bed) => {
    bed.loopback.handle(() => ({ status: 400, json: { error: { message: 'model refused', type: 'invalid_request_error', param: null, code: null } } }));
    return withMcpServer(bed, (ctx) => failure(run('mcpNode', mcpAsk, ctx)));
  },
  'Failure in executing the node, Please try again': (bed) => {
    bed.loopback.handle(() => ({ json: chatCompletion('gpt-4o-mini', '') }));
    return withMcpServer(bed, (ctx) => failure(run('mcpNode', mcpAsk, ctx)));
  },
  'ERROR in running Search Node: {message}': (bed) => failure(run('vectorSearchNode', { searchQuery: 'redis', vectorDB: 'Nowhere' }, bed.context())),
  'ERROR in running hybrid Search Node: {message}': (bed) => failure(run('hybridSearchNode', { searchQuery: 'redis', vectorDB: 'Nowhere' }, bed.context())),
  'ERROR in running multiModalLLM Node: {message}': (bed) => {
    bed.loopback.handle(() => ({ status: 400, json: { error: { message: 'Invalid image URL', type: 'invalid_request_error', param: null, code: null } } }));
    return failure(run('multiModalNode', { ...ask, attachments: ['https://images.invalid/a.png'] }, bed.context()));
  },
  'ERROR in running imageGenNode': (bed) => {
    bed.loopback.handle(() => ({ json: { created: 1, data: [] } }));
    return failure(run('generateImageNode', { prompts: 'a fox' }, bed.context()));
  },
  'ERROR in running API Node': (bed) => failure(run('apiNode', { url: 'not a url', method: 'GET' }, bed.context())),
  'Error in running graphql response': (bed) =>
    failure(run('graphqlResponseNode', { outputMapping: [{ key: 'a', value: 1 }], webhookUrl: 'ftp://example.com/x', [RESPONSE_TYPE_KEY]: 'async' }, bed.context())),
  'Failed to send conversation to webhook': async (bed) => {
    // port 9 (discard) on loopback: nothing listens, the POST is refused at once
    const ctx = bed.context();
    await run('chatResponseNode', { content: 'hello', webhookUrl: 'http://127.0.0.1:9/conversations' }, ctx);
    return ctx.progressed.join('\n');
  },
  'Faliure in executing the Search Node, Please try again': (bed) =>
    failure(run('vectorSearchNode', { searchQuery: '{{trigger.output.searchQuery}}', vectorDB: 'Docs' }, bed.context({ outputs: { trigger_1: {} } }))),
  'Failed to process reference': async (bed) => {
    // a reference metadata service on loopback, which this context does not allow
    const ctx = bed.context({ serviceUrls: { referenceMetadata: 'http://127.0.0.1:9/metadata' } });
    await run('chatResponseNode', { content: 'hello', references: 'https://example.com/page' }, ctx);
    return ctx.progressed.join('\n');
  },
  'Collection not found! please create it first before using it': (bed) => failure(run('vectorDbNode', { vectorDB: 'Nowhere', action: 'filter', filters: { a: 1 } }, bed.context())),
  'Error in deleting data': async (bed) => failure(run('vectorDbNode', { vectorDB: 'Docs', action: 'delete', filters: { a: 1 } }, await closedStoreContext(bed))),
  'Project Id is required': (bed) => failure(run('vectorSearchNode', { searchQuery: 'redis', vectorDB: 'Docs' }, bed.context({ projectId: '' }))),
  'Invalid data, metadata or vectors is empty': (bed) => failure(run('vectorDbNode', { vectorDB: 'Docs', action: 'index', vectorsField: [], metadataField: [] }, bed.context())),
  'Invalid data, metadata and vectors length mismatch': (bed) =>
    failure(run('vectorDbNode', { vectorDB: 'Docs', action: 'index', vectorsField: [[1, 0]], metadataField: ['a', 'b'] }, bed.context())),
  'Invalid filters provided': (bed) => failure(run('vectorDbNode', { vectorDB: 'Docs', action: 'filter', filters: [1, 2] }, bed.context())),
  'No fields found for the collection': async (bed) => failure(run('keywordSearchNode', { searchQuery: 'redis', vectorDB: 'Docs', properties: ['summary'] }, await docs(bed))),
  'Failed to filter data': async (bed) => failure(run('vectorDbNode', { vectorDB: 'Docs', action: 'filter', filters: { a: 1 } }, await closedStoreContext(bed))),
  'Invalid action': (bed) => failure(run('vectorDbNode', { vectorDB: 'Docs', action: 'explode' }, bed.context())),
  'No texts found to vectorize': (bed) => failure(run('vectorizeNode', { inputText: ['', '  '] }, bed.context())),
  'Cannot chunk empty text': (bed) => failure(run('chunkingNode', { chunkField: '   ' }, bed.context())),
  'Cannot execute code with dangerous patterns': (bed) => failure(run('codeNode', { code: "return require('fs');" }, bed.context())),
  'No code found to execute': (bed) => failure(run('codeNode', { code: '  ' }, bed.context())),
  // spec 002 §8, the texts of nodes weft has
  'Initial value must be a number': (bed) => failure(run('forLoopNode', { initialValue: 'one' }, bed.context())),
  'Increment value must be a number': (bed) => failure(run('forLoopNode', { increment: 'one' }, bed.context())),
  'End value must be a number': (bed) => failure(run('forLoopNode', { endValue: 'ten' }, bed.context())),
  'Iterator value must be a list': (bed) => failure(run('forLoopNode', { iterateOver: 'list', iteratorValue: 'not a list' }, bed.context())),
  'Maximum loop execution depth exceeded (limit: 100)': (bed) => failure(run('forLoopNode', { endValue: 101 }, bed.context())),
  'Seconds must be between 1 and 90': async (bed) => ((await run('waitNode', { seconds: 91 }, bed.context())).output as { message: string }).message,
  'Mapping is not found': (bed) => failure(run('variablesNode', { mapping: '' }, bed.context())),
  'Value is null': (bed) => failure(run('variablesNode', { mapping: [{ key: 'a', type: 'string', value: null }] }, bed.context())),
};

const mcpAsk = { promptTemplate: 'weather?', credentials: 'mcp', generativeModelName: gpt(), selectedTools: ['get_weather'] };

/** A real MCP server on loopback behind `ctx.services.mcp`, its credential 'mcp', for the time of `work`. */
async function withMcpServer(bed: AiTestbed, work: (ctx: NodeContext) => Promise<string>): Promise<string> {
  const server = await startMcpTestServer();
  try {
    const mcp = mcpAccess(new Outbound({ allow: new AllowList([server.host]) }));
    return await work(bed.context({ services: { mcp }, credentials: { get: async () => ({ hostUrl: `${server.url}/mcp`, type: 'http' }) } }));
  } finally {
    await server.close();
  }
}
