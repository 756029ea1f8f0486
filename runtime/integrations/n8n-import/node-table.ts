/**
 * @module runtime/integrations/n8n-import/node-table — which mapper takes which n8n node type. A type not
 * listed (or an operation its mapper refuses) becomes a placeholder Code node that fails with
 * the n8n node's name and type, keeping its place, its connections and its parameters (as a
 * comment), so nothing of the workflow disappears.
 */
import { aiAgent, llmChain, openAi } from './map-ai.ts';
import { gmail, postgres, slack } from './map-apps.ts';
import { codeNode, mergeNode, noOpNode } from './map-code.ts';
import { executeWorkflow, setNode, splitInBatches, waitNode } from './map-flow-steps.ts';
import { httpRequest, respondToWebhook } from './map-http.ts';
import { ifNode, switchNode } from './map-routing.ts';
import { callTrigger, chatTrigger, scheduleTrigger, webhookTrigger } from './map-triggers.ts';
import type { Mapped, NodeMapper } from './mapper-types.ts';
import type { N8nNode } from './n8n-format.ts';

const BASE = 'n8n-nodes-base.';
const LANGCHAIN = '@n8n/n8n-nodes-langchain.';

export const NODE_TABLE: Record<string, NodeMapper> = {
  [`${BASE}webhook`]: webhookTrigger,
  [`${BASE}manualTrigger`]: callTrigger,
  [`${BASE}start`]: callTrigger,
  [`${BASE}executeWorkflowTrigger`]: callTrigger,
  [`${BASE}scheduleTrigger`]: scheduleTrigger,
  [`${BASE}cron`]: scheduleTrigger,
  [`${BASE}interval`]: scheduleTrigger,
  [`${LANGCHAIN}chatTrigger`]: chatTrigger,
  [`${BASE}httpRequest`]: httpRequest,
  [`${BASE}if`]: ifNode,
  [`${BASE}switch`]: switchNode,
  [`${BASE}set`]: setNode,
  [`${BASE}code`]: codeNode,
  [`${BASE}function`]: codeNode,
  [`${BASE}functionItem`]: codeNode,
  [`${BASE}merge`]: mergeNode,
  [`${BASE}noOp`]: noOpNode,
  [`${BASE}wait`]: waitNode,
  [`${BASE}splitInBatches`]: splitInBatches,
  [`${BASE}respondToWebhook`]: respondToWebhook,
  [`${BASE}executeWorkflow`]: executeWorkflow,
  [`${BASE}openAi`]: openAi,
  [`${LANGCHAIN}openAi`]: openAi,
  [`${LANGCHAIN}agent`]: aiAgent,
  [`${LANGCHAIN}chainLlm`]: llmChain,
  [`${BASE}slack`]: slack,
  [`${BASE}gmail`]: gmail,
  [`${BASE}postgres`]: postgres,
};

/** The sticky note type: a weft sticky note, not a node. */
export const STICKY_NOTE_TYPE = `${BASE}stickyNote`;

/** weft's Code node refuses these words anywhere in its code, comments included (dangerous-patterns.ts). */
const REFUSED_WORDS = /\b(process|require|eval|Function|child_process|mainModule|constructor|execSync)\b/g;

/** A Code node standing where an n8n node without counterpart stood: it fails, naming the node, until it is replaced. */
export function placeholder(node: N8nNode): Mapped {
  const parameters = JSON.stringify(node.parameters, null, 2).replace(REFUSED_WORDS, (word) => `${word.slice(0, 1)}-${word.slice(1)}`);
  const comment = parameters.split('\n').map((line) => `// ${line}`).join('\n');
  const message = JSON.stringify(`The n8n node “${node.name}” (${node.type}) has no weft counterpart: replace this node`);
  return { type: 'codeNode', values: { code: `// Its n8n parameters:\n${comment}\nthrow new Error(${message});` } };
}
