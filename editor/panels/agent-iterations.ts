/**
 * @module editor/panels/agent-iterations — a supervisor's iterations in the shown run, as the
 * inspector lists them: each iteration's choice (the agent the model called, or how the loop
 * ended), the agent's input and output, and the step's tokens and cost. The agent's output is
 * the record its Agent Loop End stored for that iteration (matched by the call's id).
 */
import type { NodeRun } from '../stores/run-view.ts';
import { nodeUsage } from './node-usage.ts';

export interface AgentIteration {
  iteration: number;
  /** the agent called, or 'answered' / 'stopWord' / 'maxIterations' when the step ended the loop */
  choice: string;
  input?: unknown;
  output?: unknown;
  /** tokens and cost, one line; '' when the step called no model */
  usage: string;
}

interface Step {
  agentTool?: { name?: string; parameters?: unknown; tool_id?: string } | null;
  stoppedBy?: string;
  usage?: unknown;
}

interface LoopRecord {
  currentValue?: Step;
  output?: unknown;
}

const endings: Record<string, string> = { answer: 'answered', stopWord: 'stop word seen', maxIterations: 'max iterations reached' };

/** `supervisor`'s iterations; `nodes`: every node of the run (to find the agents' outputs). */
export function agentIterations(supervisor: NodeRun, nodes: Iterable<NodeRun>): AgentIteration[] {
  const records = new Map<string, unknown>();
  for (const node of nodes) {
    for (const value of Object.values(node.byIteration ?? {})) {
      const id = (value as LoopRecord | null)?.currentValue?.agentTool?.tool_id;
      if (id) records.set(id, (value as LoopRecord).output);
    }
  }
  return Object.entries(supervisor.byIteration ?? {})
    .map(([key, value]) => {
      const step = (value ?? {}) as Step;
      const tool = step.agentTool;
      const usage = step.usage ? (nodeUsage({ output: { _meta: step.usage } })?.line ?? '') : '';
      const row: AgentIteration = { iteration: Number(key), choice: tool?.name ?? endings[step.stoppedBy ?? ''] ?? 'running', usage };
      if (tool) row.input = tool.parameters;
      if (tool?.tool_id && records.has(tool.tool_id)) row.output = records.get(tool.tool_id);
      return row;
    })
    .sort((a, b) => a.iteration - b.iteration);
}
