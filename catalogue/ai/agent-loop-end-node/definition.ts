/** @module catalogue/ai/agent-loop-end-node/definition — where a supervisor's agent paths meet (spec 002 §3 "Agent Loop End node"). */
import type { NodeDefinition } from '../../types.ts';
import { metaOutput } from '../fields.ts';

export const AGENT_LOOP_END_CONDITION = 'Agent Loop End';

export const definition = {
  name: 'agentLoopEndNode',
  label: 'Agent Loop End',
  // the engine treats it as a loop end: it runs once per iteration, then once when the loop ends
  type: 'forLoopEndNode',
  category: 'AI',
  status: 'Restricted',
  icon: 'loop-end',
  docs: '/docs/nodes/agentLoopEndNode',
  description:
    "Closes a Supervisor's agent paths. When the supervisor stops it outputs condition 'Agent Loop End', the final " +
    "response (the model's last text), agentOutput (each iteration: the agent called, its parameters and its output) " +
    'and _meta (tokens and cost of every model call, summed). Nodes after it run once.',
  // loopOutput and loopEndedBy are not configured: the engine gathers them and sets them as values.
  inputs: [],
  closedOutputs: true,
  outputs: [
    { name: 'condition', type: 'string', description: "always 'Agent Loop End'" },
    { name: 'finalResponse', type: 'string', description: "the model's last text" },
    { name: 'agentOutput', type: 'array', description: 'each iteration: { iteration, agent, parameters, output }' },
    metaOutput,
  ],
  metadata: { author: 'weft', tags: ['ai', 'agent', 'supervisor', 'loop', 'end'] },
} as const satisfies NodeDefinition;
