/**
 * @module catalogue/ai/pick-one — a model chooses one name among several (the classifier's
 * classes, the agent classifier's agent paths): it answers `{"<key>": "<name>"}`; the name is
 * matched case- and space-insensitively (a bare name, quoted or not, is accepted too); an
 * answer that is none of them is sent back, PICK_RETRIES more times (spec 000 §9: classifier
 * retries 3 times). Usage adds up over the attempts.
 */
import { isPlainObject, parseJsonish } from '../coerce.ts';
import { operationalError } from '../errors.ts';
import type { NodeContext } from '../types.ts';
import { callLLM } from './llm-call.ts';
import type { ChatMessage, UsageMeta } from '../services/models.ts';
import { addUsage } from './usage-meta.ts';
import { CLASSIFIER_RETRIES } from './classifier-node/definition.ts';

/** spec 000 §9 'Classifier and extraction retry 3 times' (the agent classifier is a classifier) */
export const PICK_RETRIES = CLASSIFIER_RETRIES;

const fold = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

function chosen(content: string, names: string[], key: string): string | undefined {
  const parsed = parseJsonish(content.trim());
  const answer = parsed.ok && isPlainObject(parsed.value) ? String(parsed.value[key] ?? '') : content;
  return names.find((n) => fold(n) === fold(answer.replace(/^["']|["']$/g, '')));
}

export interface PickOptions {
  names: string[];
  /** the JSON key of the answer: 'class', 'agent' */
  key: string;
  /** the system message that explains the choice (put before the node's own messages) */
  instructions: string;
  /** what was not picked, for the retry and the failure: 'one of the classes' */
  what: string;
  /** the failure's text before ' after 3 retries (last answer: …)' */
  failure: string;
}

export async function pickOne(ctx: NodeContext<'models'>, model: unknown, messages: ChatMessage[], options: PickOptions): Promise<{ name: string; meta: UsageMeta }> {
  const { names, key } = options;
  const conversation: ChatMessage[] = [{ role: 'system', content: options.instructions }, ...messages];
  let meta: UsageMeta | undefined;
  let last = '';
  for (let attempt = 0; attempt <= PICK_RETRIES; attempt++) {
    const reply = await callLLM(ctx, model, { messages: conversation, json: true }, false);
    meta = addUsage(meta, reply.meta);
    const name = chosen(reply.content, names, key);
    if (name) return { name, meta };
    last = reply.content;
    conversation.push({ role: 'assistant', content: reply.content });
    conversation.push({ role: 'user', content: `That is not ${options.what} ${JSON.stringify(names)}. Answer with {"${key}": "<one of them>"}.` });
  }
  throw operationalError(`${options.failure} after ${PICK_RETRIES} retries (last answer: ${last.slice(0, 200)})`);
}
