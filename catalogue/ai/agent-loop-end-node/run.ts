/**
 * @module catalogue/ai/agent-loop-end-node/run — the supervisor's result, from what the engine
 * gathered: `loopOutput` (each iteration's record: the supervisor's step and the agent's output)
 * and `loopEndedBy` (the supervisor's step that ended the loop; null at the bound).
 */
import { defineNode } from '../../define-node.ts';
import { agentOutputOf, agentRecords, lastModelText, type AgentStep } from '../agent-node/agent-history.ts';
import type { UsageMeta } from '../../services/models.ts';
import { addUsage } from '../usage-meta.ts';
import { AGENT_LOOP_END_CONDITION, definition } from './definition.ts';

export default defineNode(definition, async (values) => {
  const engine = values as { loopOutput?: unknown; loopEndedBy?: unknown };
  const records = agentRecords(engine.loopOutput);
  const last = (engine.loopEndedBy ?? null) as AgentStep | null;
  const steps = [...records.map((r) => r.step), last];
  let meta: UsageMeta | undefined;
  for (const step of steps) if (step?.usage) meta = addUsage(meta, step.usage);
  return { output: { condition: AGENT_LOOP_END_CONDITION, finalResponse: lastModelText(steps), agentOutput: agentOutputOf(records), _meta: meta ?? null } };
});
