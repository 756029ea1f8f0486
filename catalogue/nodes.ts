/**
 * @module catalogue/nodes — the one list of nodes (server side). Each node folder's `run.ts`
 * exports its definition and executor together (`export default defineNode(…)`), so a new
 * node is its folder plus one line here; the registry and GET /api/catalogue (in this order,
 * the palette's) come from it. Browser code never imports this (browser-imports.test.ts): the
 * editor reads definitions from GET /api/catalogue, or imports a `definition.ts` file.
 */
import agentLoopEndNode from './ai/agent-loop-end-node/run.ts';
import agentNode from './ai/agent-node/run.ts';
import apiNode from './app/api-node/run.ts';
import messagingNode from './app/messaging-node/run.ts';
import smtpNode from './app/smtp-node/run.ts';
import slackNode from './app/slack-node/run.ts';
import teamsNode from './app/teams-node/run.ts';
import teamsTriggerNode from './app/teams-trigger-node/run.ts';
import mailNode from './app/mail-node/run.ts';
import mailTriggerNode from './app/mail-trigger-node/run.ts';
import notesWorkspaceNode from './app/notes-workspace-node/run.ts';
import notesWorkspaceTriggerNode from './app/notes-workspace-trigger-node/run.ts';
import tableDatabaseNode from './app/table-database-node/run.ts';
import tableDatabaseTriggerNode from './app/table-database-trigger-node/run.ts';
import crawlerNode from './app/crawler-node/run.ts';
import postgresNode from './data-source/postgres-node/run.ts';
import postgresTriggerNode from './data-source/postgres-trigger-node/run.ts';
import crawlServiceNode from './app/crawl-service-node/run.ts';
import scraperNode from './app/scraper-node/run.ts';
import apiResponseNode from './response/api-response-node/run.ts';
import automationResponseNode from './response/automation-response-node/run.ts';
import automationTriggerNode from './interface/automation-trigger-node/run.ts';
import branchNode from './logic/branch-node/run.ts';
import chatResponseNode from './response/chat-response-node/run.ts';
import chatTriggerNode from './interface/chat-trigger-node/run.ts';
import chunkingNode from './ai/chunking-node/run.ts';
import agentClassifierNode from './ai/agent-classifier-node/run.ts';
import classifierNode from './ai/classifier-node/run.ts';
import cloudDriveReadNode from './app/cloud-drive-read-node/run.ts';
import codeNode from './logic/code-node/run.ts';
import conditionNode from './logic/condition-node/run.ts';
import extractFileNode from './app/extract-file-node/run.ts';
import executeFlowNode from './logic/execute-flow-node/run.ts';
import forLoopEndNode from './logic/for-loop-end-node/run.ts';
import forLoopNode from './logic/for-loop-node/run.ts';
import generateImageNode from './ai/generate-image-node/run.ts';
import generateJsonNode from './ai/generate-json-node/run.ts';
import generateTextNode from './ai/generate-text-node/run.ts';
import graphqlResponseNode from './response/graphql-response-node/run.ts';
import graphqlTriggerNode from './interface/graphql-trigger-node/run.ts';
import hybridSearchNode from './ai/hybrid-search-node/run.ts';
import keywordSearchNode from './ai/keyword-search-node/run.ts';
import mcpNode from './ai/mcp-node/run.ts';
import memoryAddNode from './ai/memory-add-node/run.ts';
import memoryRetrieveNode from './ai/memory-retrieve-node/run.ts';
import multiModalNode from './ai/multi-modal-node/run.ts';
import ragNode from './ai/rag-node/run.ts';
import searchResponseNode from './response/search-response-node/run.ts';
import searchTriggerNode from './interface/search-trigger-node/run.ts';
import variablesNode from './logic/variables-node/run.ts';
import vectorDbNode from './ai/vector-db-node/run.ts';
import vectorSearchNode from './ai/vector-search-node/run.ts';
import vectorizeNode from './ai/vectorize-node/run.ts';
import waitNode from './logic/wait-node/run.ts';
import googleDriveTriggerNode from './data-source/google-drive-trigger-node/run.ts';
import googleSheetsTriggerNode from './data-source/google-sheets-trigger-node/run.ts';
import s3TriggerNode from './data-source/s3-trigger-node/run.ts';
import onedriveTriggerNode from './data-source/onedrive-trigger-node/run.ts';
import sharepointTriggerNode from './data-source/sharepoint-trigger-node/run.ts';
import webhookTriggerNode from './interface/webhook-trigger-node/run.ts';
import { createRegistry } from './registry.ts';
import type { CredentialTest } from './credential-test.ts';
import type { OptionLoader } from './option-loaders.ts';
import type { AnySourceReader } from './sync-reader.ts';
import type { NodePackage } from './define-node.ts';
import type { NodeDefinition } from './types.ts';

export const nodes: NodePackage[] = [
  webhookTriggerNode,
  chatTriggerNode,
  searchTriggerNode,
  graphqlTriggerNode,
  automationTriggerNode,
  mailTriggerNode,
  notesWorkspaceTriggerNode,
  tableDatabaseTriggerNode,
  conditionNode,
  branchNode,
  variablesNode,
  codeNode,
  apiNode,
  smtpNode,
  messagingNode,
  mailNode,
  tableDatabaseNode,
  notesWorkspaceNode,
  extractFileNode,
  cloudDriveReadNode,
  crawlerNode,
  scraperNode,
  crawlServiceNode,
  waitNode,
  forLoopNode,
  forLoopEndNode,
  executeFlowNode,
  generateTextNode,
  generateJsonNode,
  multiModalNode,
  mcpNode,
  classifierNode,
  agentNode,
  agentLoopEndNode,
  agentClassifierNode,
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
  automationResponseNode,
  // app nodes (the palette groups by category; here after the response nodes, so a search for
  // 'chat' still lists Chat and Chat Response first)
  teamsTriggerNode,
  slackNode,
  teamsNode,
  // data sources (triggers of scheduled sync jobs: runtime/integrations/sync/)
  googleSheetsTriggerNode,
  googleDriveTriggerNode,
  s3TriggerNode,
  // data sources (spec 001)
  postgresTriggerNode,
  postgresNode,
  onedriveTriggerNode,
  sharepointTriggerNode,
];

export const definitions: NodeDefinition[] = nodes.map((node) => node.definition);

/** The parts of one kind the nodes declare, by name; a name two nodes declare is a mistake the catalogue refuses at start. */
function gathered<T>(kind: string, partsOf: (node: NodePackage) => Readonly<Record<string, T>> | undefined): Record<string, T> {
  const all: Record<string, T> = {};
  for (const node of nodes) {
    for (const [name, part] of Object.entries(partsOf(node) ?? {})) {
      if (Object.hasOwn(all, name)) throw new Error(`${kind} ${name} is declared twice (again by ${node.definition.name})`);
      all[name] = part;
    }
  }
  return all;
}

/** The credential tests the nodes declare, by credential type (runtime/services/credential-tests/ adds the ones no node owns). */
export const nodeCredentialTests: Record<string, CredentialTest> = gathered('credential test', (node) => node.credentialTests);

/** Every form dropdown's loader, declared by the node that owns it, by its `loadOptionsMethod` name. */
export const optionLoaders: Record<string, OptionLoader> = gathered('option loader', (node) => node.loaders);

/** The sync readers the data-source nodes declare (the embedded sync engine reads them: runtime/services/sync-sources/). */
export const nodeSourceReaders: AnySourceReader[] = nodes.flatMap((node) => (node.syncReader ? [node.syncReader] : []));

/** The checked catalogue (creating it throws if any definition is unsound). */
export const registry = createRegistry(nodes);
