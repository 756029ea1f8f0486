/**
 * @module catalogue/executors — server side: every node with its executor, in the order of
 * `definitions`. The runtime builds its registry from `catalogue`.
 */
import { run as chunkingNode } from './ai/chunking-node/run.ts';
import { run as classifierNode } from './ai/classifier-node/run.ts';
import { run as generateImageNode } from './ai/generate-image-node/run.ts';
import { run as generateJsonNode } from './ai/generate-json-node/run.ts';
import { run as generateTextNode } from './ai/generate-text-node/run.ts';
import { run as hybridSearchNode } from './ai/hybrid-search-node/run.ts';
import { run as keywordSearchNode } from './ai/keyword-search-node/run.ts';
import { run as memoryAddNode } from './ai/memory-add-node/run.ts';
import { run as memoryRetrieveNode } from './ai/memory-retrieve-node/run.ts';
import { run as multiModalNode } from './ai/multi-modal-node/run.ts';
import { run as ragNode } from './ai/rag-node/run.ts';
import { run as vectorDbNode } from './ai/vector-db-node/run.ts';
import { run as vectorSearchNode } from './ai/vector-search-node/run.ts';
import { run as vectorizeNode } from './ai/vectorize-node/run.ts';
import { run as apiNode } from './app/api-node/run.ts';
import { definitions } from './definitions.ts';
import { run as chatTriggerNode } from './interface/chat-trigger-node/run.ts';
import { run as graphqlTriggerNode } from './interface/graphql-trigger-node/run.ts';
import { run as searchTriggerNode } from './interface/search-trigger-node/run.ts';
import { run as webhookTriggerNode } from './interface/webhook-trigger-node/run.ts';
import { run as branchNode } from './logic/branch-node/run.ts';
import { run as codeNode } from './logic/code-node/run.ts';
import { run as conditionNode } from './logic/condition-node/run.ts';
import { run as executeFlowNode } from './logic/execute-flow-node/run.ts';
import { run as forLoopEndNode } from './logic/for-loop-end-node/run.ts';
import { run as forLoopNode } from './logic/for-loop-node/run.ts';
import { run as variablesNode } from './logic/variables-node/run.ts';
import { run as waitNode } from './logic/wait-node/run.ts';
import { run as apiResponseNode } from './response/api-response-node/run.ts';
import { run as chatResponseNode } from './response/chat-response-node/run.ts';
import { run as graphqlResponseNode } from './response/graphql-response-node/run.ts';
import { run as searchResponseNode } from './response/search-response-node/run.ts';
import { createRegistry } from './registry.ts';
import type { CatalogueNode, Executor } from './types.ts';

/** Executors by node name. */
export const executors: Record<string, Executor> = {
  webhookTriggerNode,
  chatTriggerNode,
  searchTriggerNode,
  graphqlTriggerNode,
  conditionNode,
  branchNode,
  variablesNode,
  codeNode,
  apiNode,
  waitNode,
  forLoopNode,
  forLoopEndNode,
  executeFlowNode,
  generateTextNode,
  generateJsonNode,
  multiModalNode,
  classifierNode,
  generateImageNode,
  chunkingNode,
  vectorizeNode,
  vectorDbNode,
  vectorSearchNode,
  hybridSearchNode,
  keywordSearchNode,
  ragNode,
  memoryAddNode,
  memoryRetrieveNode,
  apiResponseNode,
  chatResponseNode,
  searchResponseNode,
  graphqlResponseNode,
};

export const catalogue: CatalogueNode[] = definitions.map((definition) => {
  const run = executors[definition.name];
  if (!run) throw new Error(`No executor for node ${definition.name}`);
  return { definition, run };
});

/** The checked catalogue (creating it throws if any definition is unsound). */
export const registry = createRegistry(catalogue);
