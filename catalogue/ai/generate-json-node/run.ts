/**
 * @module catalogue/ai/generate-json-node/run — ask for JSON, check it against the schema,
 * and on a bad answer tell the model what is wrong and ask again (JSON_RETRIES times). Tools as
 * Generate text's: its own and a tool server's.
 */
import { isPlainObject, parseJsonish } from '../../coerce.ts';
import { defineNode } from '../../define-node.ts';
import { operationalError, userError } from '../../errors.ts';
import type { NodeValues } from '../../field-values.ts';
import type { NodeContext } from '../../types.ts';
import { buildMessages } from '../chat-input.ts';
import { schemaProblem } from '../json-schema.ts';
import type { UsageMeta } from '../../services/models.ts';
import { converse } from '../tool-loop.ts';
import { withNodeTools } from '../tool-server.ts';
import type { Tool, ToolCallRecord } from '../tools.ts';
import { addUsage } from '../usage-meta.ts';
import { definition, JSON_RETRIES } from './definition.ts';

type Values = NodeValues<typeof definition>;

function answerProblem(content: string, schema: unknown): { value?: unknown; problem?: string } {
  const text = content.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  const parsed = parseJsonish(text);
  if (!text || !parsed.ok) return { problem: 'the answer is not valid JSON' };
  const problem = schemaProblem(parsed.value, schema);
  return problem ? { problem } : { value: parsed.value };
}

export default defineNode(definition, async (values, ctx) => {
  const schema = values.schema;
  if (!isPlainObject(schema)) throw userError('Schema must be a JSON object');
  return withNodeTools(ctx, values, (tools) => answerFitting(ctx, values, schema, tools));
});

async function answerFitting(ctx: NodeContext<'models'>, values: Values, schema: Record<string, unknown>, tools: Tool[]) {
  const messages = buildMessages({ prompts: values.prompts, messages: values.messages, memories: values.memories, attachments: values.attachments });
  messages.unshift({ role: 'system', content: `Answer with one JSON object, and nothing else, that fits this JSON schema:\n${JSON.stringify(schema)}` });
  let meta: UsageMeta | undefined;
  const toolCalls: ToolCallRecord[] = [];
  let problem = '';
  for (let attempt = 0; attempt <= JSON_RETRIES; attempt++) {
    const turn = await converse(ctx, values.generativeModelName, messages, { tools, stream: false, json: true, turn: attempt });
    meta = addUsage(meta, turn.meta);
    toolCalls.push(...turn.toolCalls);
    const checked = answerProblem(turn.reply.content, schema);
    if (!checked.problem) return { output: { generatedResponse: checked.value, _meta: meta, tool_calls: toolCalls } };
    problem = checked.problem;
    messages.splice(0, messages.length, ...turn.messages);
    messages.push({ role: 'user', content: `That answer does not fit the schema (${problem}). Answer again with JSON only.` });
  }
  throw operationalError(`The model's answer did not fit the schema after ${JSON_RETRIES} retries: ${problem}`);
}
