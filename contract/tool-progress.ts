/**
 * @module contract/tool-progress — how a model node's tool calls show in a run: two
 * `node.progress` messages a call, 'Calling tool {name} with {arguments}' before it and 'Tool
 * {name} answered: {result}' after it (each part at most TOOL_PROGRESS_CHARS characters). The
 * node writes them (catalogue/ai/tool-loop.ts); the studio reads them back (editor/stores/run-view.ts)
 * to list a node's calls. Tool names are letters, digits, _ and -, so the messages read back exactly.
 */
export const TOOL_PROGRESS_CHARS = 500;

const brief = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  return text.length > TOOL_PROGRESS_CHARS ? `${text.slice(0, TOOL_PROGRESS_CHARS)}…` : text;
};

export const toolCallMessage = (name: string, args: unknown) => `Calling tool ${name} with ${brief(args)}`;
export const toolAnswerMessage = (name: string, result: unknown) => `Tool ${name} answered: ${brief(result)}`;

/** A tool call as the studio lists it: its input, then its answer once it came. */
export interface ToolCallView {
  name: string;
  input: string;
  answer?: string;
}

const CALL = /^Calling tool ([A-Za-z0-9_-]{1,64}) with ([\s\S]*)$/;
const ANSWER = /^Tool ([A-Za-z0-9_-]{1,64}) answered: ([\s\S]*)$/;

/** The calls so far with this progress message applied (the same list when it is no tool message). */
export function withToolProgress(calls: readonly ToolCallView[], message: string | undefined): readonly ToolCallView[] {
  const call = message ? CALL.exec(message) : null;
  if (call) return [...calls, { name: call[1], input: call[2] }];
  const answer = message ? ANSWER.exec(message) : null;
  if (!answer) return calls;
  // the latest call of that tool still waiting for its answer
  const index = calls.findLastIndex((c) => c.name === answer[1] && c.answer === undefined);
  if (index < 0) return calls;
  return calls.map((c, i) => (i === index ? { ...c, answer: answer[2] } : c));
}
