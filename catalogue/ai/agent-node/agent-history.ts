/**
 * @module catalogue/ai/agent-node/agent-history — what the supervisor remembers between
 * iterations, rebuilt from the loop's records (the engine hands iteration i the records of
 * 0 … i-1 as `loopOutput`): each iteration's turn of model messages, then the agent's output as
 * the tool message answering its call. Nothing else is kept, so a re-run rebuilds the same
 * conversation.
 */
import { isPlainObject } from '../../coerce.ts';
import type { ChatMessage, UsageMeta } from '../../services/models.ts';

/** What a supervisor's step in one iteration outputs (see run.ts). */
export interface AgentStep {
  agentTool: { name: string; parameters: unknown; tool_id: string } | null;
  agentRawResponse: { content: string; tool_calls: unknown[] } | null;
  modelStatusCode: number | null;
  messages: ChatMessage[];
  /** this step's model calls (not `_meta`: the run's usage is counted once, from the Agent Loop End's `_meta`) */
  usage?: UsageMeta;
  finalResponse?: string;
  stoppedBy?: string;
}

/** One iteration as the engine recorded it: the supervisor's step, and what the agent path gave. */
export interface AgentRecord {
  index: number;
  step: AgentStep;
  output: unknown;
}

/** The engine's records (`{ index, currentValue, output }`) as agent records; anything else is left out. */
export function agentRecords(value: unknown): AgentRecord[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((r): r is Record<string, unknown> => isPlainObject(r) && isPlainObject(r.currentValue))
    .map((r) => ({ index: Number(r.index), step: r.currentValue as unknown as AgentStep, output: r.output ?? null }));
}

export function outputText(output: unknown): string {
  return typeof output === 'string' ? output : JSON.stringify(output ?? null);
}

/** The conversation so far: every iteration's turn, each agent call answered by the agent's output. */
export function historyOf(records: AgentRecord[]): ChatMessage[] {
  return records.flatMap(({ step, output }) => [
    ...(Array.isArray(step.messages) ? step.messages : []),
    ...(step.agentTool ? [{ role: 'tool' as const, tool_call_id: step.agentTool.tool_id, content: outputText(output) }] : []),
  ]);
}

/** The stop word as a pattern: a regular expression, or the text itself when it is not one. */
function stopPattern(stopWord: string): RegExp {
  try {
    return new RegExp(stopWord, 'g');
  } catch {
    return new RegExp(stopWord.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g');
  }
}

/** Spec 002 §4: stop early when the stop word's pattern appears more than once in the output. */
export function stopWordSeen(stopWord: string | undefined, output: unknown): boolean {
  if (!stopWord) return false;
  return (outputText(output).match(stopPattern(stopWord)) ?? []).length > 1;
}

/** The final response: the model's last text, over every step (the one that ended the loop last). */
export function lastModelText(steps: (AgentStep | null | undefined)[]): string {
  for (let i = steps.length - 1; i >= 0; i--) {
    const content = steps[i]?.agentRawResponse?.content;
    if (typeof content === 'string' && content.trim()) return content;
  }
  return '';
}

/** Spec 002 §3 `agentOutput`: each iteration's agent, its parameters and what its path gave (the Supervisor's last step and the Agent Loop End both output it). */
export function agentOutputOf(records: AgentRecord[]): { iteration: number; agent: string | null; parameters: unknown; output: unknown }[] {
  return records.map((r) => ({ iteration: r.index, agent: r.step.agentTool?.name ?? null, parameters: r.step.agentTool?.parameters ?? null, output: r.output }));
}
