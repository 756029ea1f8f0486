/**
 * @module catalogue/definitions — every node definition, as pure data. The editor imports
 * this, so it may import definition files only (never an executor).
 */
import { definition as chunkingNode } from './ai/chunking-node/definition.ts';
import { definition as classifierNode } from './ai/classifier-node/definition.ts';
import { definition as generateImageNode } from './ai/generate-image-node/definition.ts';
import { definition as generateJsonNode } from './ai/generate-json-node/definition.ts';
import { definition as generateTextNode } from './ai/generate-text-node/definition.ts';
import { definition as hybridSearchNode } from './ai/hybrid-search-node/definition.ts';
import { definition as keywordSearchNode } from './ai/keyword-search-node/definition.ts';
import { definition as memoryAddNode } from './ai/memory-add-node/definition.ts';
import { definition as memoryRetrieveNode } from './ai/memory-retrieve-node/definition.ts';
import { definition as multiModalNode } from './ai/multi-modal-node/definition.ts';
import { definition as ragNode } from './ai/rag-node/definition.ts';
import { definition as vectorDbNode } from './ai/vector-db-node/definition.ts';
import { definition as vectorSearchNode } from './ai/vector-search-node/definition.ts';
import { definition as vectorizeNode } from './ai/vectorize-node/definition.ts';
import { definition as apiNode } from './app/api-node/definition.ts';
import { definition as chatTriggerNode } from './interface/chat-trigger-node/definition.ts';
import { definition as graphqlTriggerNode } from './interface/graphql-trigger-node/definition.ts';
import { definition as searchTriggerNode } from './interface/search-trigger-node/definition.ts';
import { definition as webhookTriggerNode } from './interface/webhook-trigger-node/definition.ts';
import { definition as branchNode } from './logic/branch-node/definition.ts';
import { definition as codeNode } from './logic/code-node/definition.ts';
import { definition as conditionNode } from './logic/condition-node/definition.ts';
import { definition as executeFlowNode } from './logic/execute-flow-node/definition.ts';
import { definition as forLoopEndNode } from './logic/for-loop-end-node/definition.ts';
import { definition as forLoopNode } from './logic/for-loop-node/definition.ts';
import { definition as variablesNode } from './logic/variables-node/definition.ts';
import { definition as waitNode } from './logic/wait-node/definition.ts';
import { definition as apiResponseNode } from './response/api-response-node/definition.ts';
import { definition as chatResponseNode } from './response/chat-response-node/definition.ts';
import { definition as graphqlResponseNode } from './response/graphql-response-node/definition.ts';
import { definition as searchResponseNode } from './response/search-response-node/definition.ts';
import type { NodeDefinition } from './types.ts';

export const definitions: NodeDefinition[] = [
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
];
