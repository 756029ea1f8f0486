/**
 * @module catalogue/ai/agent-node/definition — the supervisor agent (spec 002 §3 "Supervisor
 * agent node", §4 "Supervisor"): a chat model chooses, iteration by iteration, which agent path
 * runs next, until it answers in text.
 */
import type { NodeDefinition } from '../../types.ts';
import { messagesField, modelField, promptsField, serverToolsField, toolServerField, toolsField } from '../fields.ts';

export const MAX_ITERATIONS = 10;
export const DEFAULT_ITERATIONS = 5;
/** the condition the supervisor returns when it starts its loop, as a For Loop returns 'Loop' */
export const AGENT_CONDITION = 'Agent';
/** spec 002 §4: what the nodes of the agent paths show (outside the iterations) once the supervisor is done */
export const RAN_INSIDE_AGENT_LOOP = 'Ran inside agent loop';

export const definition = {
  name: 'agent',
  label: 'Supervisor',
  type: 'agentNode',
  category: 'AI',
  status: 'Enabled',
  icon: 'compass',
  docs: '/docs/nodes/agent',
  services: ['models', 'mcp', 'flows'],
  description:
    'A chat model supervises agent paths: each agent is an output handle whose nodes end at an Agent Loop End. In ' +
    'every iteration the model either calls one agent (as a function whose parameters are the agent\'s schema), ' +
    'whose path then runs and whose output goes back to the model, or answers in text, which ends the loop. At most ' +
    `maxIterations model calls (1 to ${MAX_ITERATIONS}); a stop word seen more than once in an agent's output ends it ` +
    'early. The Agent Loop End outputs the final response, every agent\'s output and the summed usage.',
  inputs: [
    { name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'Supervisor' },
    promptsField(),
    {
      name: 'agents',
      label: 'Agents',
      type: 'json',
      required: true,
      defaultValue: [
        {
          name: 'Researcher',
          description: 'Finds facts about a topic',
          schema: { topic: { type: 'string', description: 'what to look up', required: true } },
        },
      ],
      description:
        'The agent paths: [{ name, description, schema }]. Each name is an output handle; connect its nodes and end ' +
        'them at an Agent Loop End. schema: the agent\'s input, { property: { type, description, required } } or a ' +
        'JSON schema; the model fills it in, and the path reads it as {{<this node>.output.agentTool.parameters}}.',
    },
    toolsField,
    toolServerField,
    serverToolsField,
    messagesField,
    { ...modelField('generativeModelName', 'Model', 'text'), required: true },
    {
      name: 'stopWord',
      label: 'Stop word',
      type: 'text',
      description: "A pattern (regular expression, or plain text): when it appears more than once in an agent's output, the loop stops.",
    },
    {
      name: 'maxIterations',
      label: 'Max iterations',
      type: 'number',
      defaultValue: DEFAULT_ITERATIONS,
      minValue: 1,
      maxValue: MAX_ITERATIONS,
      step: 1,
      description: 'The most model calls.',
    },
  ],
  closedOutputs: true,
  outputs: [
    { name: 'condition', type: 'string', description: "'Agent' when the loop starts" },
    { name: 'agents', type: 'array', description: 'the agent names (its output handles)' },
    { name: 'maxIterations', type: 'number', description: 'the most model calls' },
    { name: 'agentTool', type: 'object', description: 'in an iteration: the agent the model called, { name, parameters, tool_id }, or null' },
    { name: 'agentRawResponse', type: 'object', description: "in an iteration: the model's reply, { content, tool_calls }" },
    { name: 'modelStatusCode', type: 'number', description: 'in an iteration: 200, or 303 when the fallback model answered' },
    { name: 'finalResponse', type: 'string', description: "in the last iteration: the model's last text" },
    { name: 'agentOutput', type: 'array', description: 'in the last iteration: each iteration before, { iteration, agent, parameters, output }' },
    { name: 'stoppedBy', type: 'string', description: "in the last iteration: 'answer', 'stopWord' or 'maxIterations'" },
    { name: 'messages', type: 'array', description: "in an iteration: the messages of the model's turn (history for the next)" },
    { name: 'tool_calls', type: 'array', description: 'in an iteration: the calls of the node\'s own tools' },
    { name: 'usage', type: 'object', description: "in an iteration: this step's tokens and cost (the Agent Loop End's _meta sums them all)" },
  ],
  handles: { fromField: 'agents' },
  metadata: { author: 'weft', tags: ['ai', 'agent', 'supervisor', 'multi-agent', 'orchestrator', 'llm', 'tools', 'loop'] },
} as const satisfies NodeDefinition;
