/**
 * @module catalogue/ai/agent-node/run — the supervisor (spec 002 §4 "Supervisor"). Run by the
 * engine as a deciding loop (ARCHITECTURE.md "Loops"): first to start the loop (at most
 * maxIterations model calls), then once at the start of every iteration i, as actor `<id>#i`,
 * with the records of the iterations before. There it calls the model with one function per
 * agent (and the node's own tools and its tool server's, run inline); a call of an agent routes the iteration into
 * that agent's path, whose output the Agent Loop End records for the next iteration; a reply
 * without a tool call, a stop word seen more than once in the last agent's output, or the
 * bound ends the loop. Each iteration's step is an actor finished once: a crash re-runs an
 * unfinished step, never a finished one, so the model is asked once per iteration.
 */
import { defineNode } from '../../define-node.ts';
import { isNodeError, operationalError, userError } from '../../errors.ts';
import { buildMessages } from '../chat-input.ts';
import { callLLM } from '../llm-call.ts';
import type { ChatMessage, ChatReply, UsageMeta } from '../../services/models.ts';
import type { NodeContext } from '../../types.ts';
import { withNodeTools } from '../tool-server.ts';
import { callTool, toolSpecs, type Tool, type ToolCallRecord } from '../tools.ts';
import { MAX_TOOL_ROUNDS } from '../tool-loop.ts';
import { addUsage } from '../usage-meta.ts';
import { agentFunctions, NO_MATCHING_EDGE, type AgentFunction } from './agent-functions.ts';
import { agentOutputOf, agentRecords, historyOf, lastModelText, stopWordSeen, type AgentStep } from './agent-history.ts';
import { AGENT_CONDITION, definition, MAX_ITERATIONS, RAN_INSIDE_AGENT_LOOP } from './definition.ts';

/** spec 002 §8 */
export const UNKNOWN_AGENT_ERROR = 'Unknown error in executing agent node, please try again';

/** maxIterations as checked (1 to 10); anything else falls back to 10 (spec 002 §4 "runtime fallback 10"). */
export function iterationsOf(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= MAX_ITERATIONS ? n : MAX_ITERATIONS;
}

const rawOf = (reply: ChatReply) => ({ content: reply.content, tool_calls: reply.tool_calls });

export default defineNode(definition, async (values, ctx) => {
  const agents = agentFunctions(values.agents);
  const max = iterationsOf(values.maxIterations);
  if (ctx.iteration === undefined) {
    // one step more than model calls: the step after the last call ends the loop (the bound)
    const items = Array.from({ length: max + 1 }, (_, i) => i);
    return { output: { condition: AGENT_CONDITION, agents: agents.map((a) => a.agent), maxIterations: max }, loop: { items, waitMs: 0, decide: true } };
  }
  const records = agentRecords((values as { loopOutput?: unknown }).loopOutput);
  const steps = records.map((r) => r.step);
  const end = (stoppedBy: string, step?: Partial<AgentStep>) => ({
    output: {
      agentTool: null,
      agentRawResponse: null,
      modelStatusCode: null,
      messages: [],
      ...step,
      finalResponse: lastModelText([...steps, step as AgentStep | undefined]),
      agentOutput: agentOutputOf(records),
      stoppedBy,
    },
    endLoop: true,
    loopBodyOutput: RAN_INSIDE_AGENT_LOOP,
  });
  if (ctx.iteration >= max) return end('maxIterations');
  if (records.length && stopWordSeen(values.stopWord, records[records.length - 1].output)) return end('stopWord');

  const start = [...buildMessages({ prompts: values.prompts, messages: values.messages }), ...historyOf(records)];
  // the node's own tools and its tool server's, open for this iteration's turn
  const turn = await withNodeTools(ctx, values, (tools) => decide(ctx, values.generativeModelName, start, agents, tools));
  const { reply, agentCall, meta, messages, toolCalls } = turn;
  const step = { agentRawResponse: rawOf(reply), modelStatusCode: meta.status_code, usage: meta, messages, tool_calls: toolCalls };
  if (!agentCall) return end('answer', step);
  const agentTool = { name: agentCall.agent, parameters: agentCall.parameters, tool_id: agentCall.id };
  await ctx.progress(`Calling agent ${agentCall.agent}`);
  return { output: { ...step, agentTool }, route: [agentCall.agent] };
});

interface Turn {
  reply: ChatReply;
  agentCall?: { agent: string; id: string; parameters: unknown };
  meta: UsageMeta;
  /** the messages this turn added: the model's replies and the node's own tools' answers */
  messages: ChatMessage[];
  toolCalls: ToolCallRecord[];
}

/**
 * One iteration's turn: ask the model until it calls an agent or answers; calls of the node's
 * own tools are run here and answered (at most MAX_TOOL_ROUNDS model calls in a turn). A call
 * of no agent and no tool is 'No matching edges found'.
 */
async function decide(ctx: NodeContext<'models'>, model: unknown, start: ChatMessage[], agents: AgentFunction[], tools: Tool[]): Promise<Turn> {
  const messages: ChatMessage[] = [];
  const toolCalls: ToolCallRecord[] = [];
  const offered = [...agents.map((a) => a.spec), ...toolSpecs(tools)];
  let meta: UsageMeta | undefined;
  for (let round = 1; ; round++) {
    const reply = await modelReply(ctx, model, [...start, ...messages], offered);
    meta = addUsage(meta, reply.meta);
    if (reply.tool_calls.length === 0) {
      messages.push({ role: 'assistant', content: reply.content });
      return { reply, meta, messages, toolCalls };
    }
    const call = reply.tool_calls.find((c) => agents.some((a) => a.spec.function.name === c.function.name));
    if (call) {
      // only the agent's call stays in the history: its answer is the path's output
      messages.push({ role: 'assistant', content: reply.content || null, tool_calls: [call] });
      const agent = agents.find((a) => a.spec.function.name === call.function.name)!.agent;
      return { reply, meta, messages, toolCalls, agentCall: { agent, id: call.id, parameters: parameters(call.function.arguments) } };
    }
    if (reply.tool_calls.some((c) => !tools.some((t) => t.name === c.function.name))) throw userError(NO_MATCHING_EDGE);
    if (round >= MAX_TOOL_ROUNDS) throw operationalError(`The model kept calling tools for ${MAX_TOOL_ROUNDS} rounds without choosing an agent or answering`);
    messages.push({ role: 'assistant', content: reply.content || null, tool_calls: reply.tool_calls });
    for (const [index, tc] of reply.tool_calls.entries()) {
      const { record, content } = await callTool(tools, tc, `i${ctx.iteration}r${round}c${index}`);
      toolCalls.push(record);
      messages.push({ role: 'tool', tool_call_id: tc.id, content });
    }
  }
}

async function modelReply(ctx: NodeContext<'models'>, model: unknown, messages: ChatMessage[], tools: ReturnType<typeof toolSpecs>): Promise<ChatReply> {
  try {
    return await callLLM(ctx, model, { messages, tools }, false);
  } catch (error) {
    if (isNodeError(error)) throw error;
    // spec 002 §5: a missing credential is named, the builder's to mend
    if (error instanceof Error && error.message.startsWith('No credentials found for ')) throw userError(error.message);
    throw operationalError(UNKNOWN_AGENT_ERROR, error);
  }
}

function parameters(text: string): unknown {
  try {
    return JSON.parse(text || '{}');
  } catch {
    return text;
  }
}
