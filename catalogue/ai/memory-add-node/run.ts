/**
 * @module catalogue/ai/memory-add-node/run — extract facts (JSON {facts: […]}; invalid JSON →
 * none), find the 5 nearest memories of the user and session for each, let the model choose
 * the actions, apply them. A memory record: { memory, uniqueId, sessionId, memoryId,
 * metadata, timestamp }.
 */
import { randomUUID } from 'node:crypto';
import { isPlainObject, parseJsonish } from '../../coerce.ts';
import { defineNode } from '../../define-node.ts';
import { callLLM } from '../llm-call.ts';
import type { UsageMeta } from '../../services/models.ts';
import { addUsage } from '../usage-meta.ts';
import type { Properties, VectorAccess } from '../../services/vectors.ts';
import { vectorsOf } from '../vector-db-node/run.ts';
import { definition, MEMORY_NEIGHBOURS, MEMORY_THRESHOLD } from './definition.ts';

export interface MemoryAction {
  event: 'ADD' | 'UPDATE' | 'DELETE';
  id: string;
  text: string;
  previous?: string;
}

export const memoryVectorDb = (collection: string) => `Memory_${collection.trim()}`;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value == null ? '' : JSON.stringify(value));
const parsedObject = (content: string) => {
  const parsed = parseJsonish(content.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
  return parsed.ok && isPlainObject(parsed.value) ? parsed.value : {};
};

/** Nearest memories of this user and session; none when the collection does not exist yet. */
async function nearest(vectors: VectorAccess, vectorDB: string, vector: number[], who: Properties) {
  try {
    return await vectors.nearVector(vectorDB, vector, { limit: MEMORY_NEIGHBOURS, certainty: MEMORY_THRESHOLD, filters: who });
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('Collection not found')) return [];
    throw error;
  }
}

export default defineNode(definition, async (values, ctx) => {
  const vectors = vectorsOf(ctx);
  const models = ctx.services.models;
  const who = { uniqueId: values.uniqueId.trim(), sessionId: values.sessionId.trim() };
  const input = values.memoryValue.trim();
  const metadata = isPlainObject(values.metadata) ? values.metadata : {};
  const vectorDB = memoryVectorDb(values.memoryCollection);

  const extraction = await callLLM(
    ctx,
    values.generativeModelName,
    {
      messages: [
        { role: 'system', content: 'Extract the facts worth remembering about the user from the text. Answer with JSON {"facts": ["…"]} and nothing else; an empty list when there are none.' },
        { role: 'user', content: input },
      ],
      json: true,
    },
    false,
  );
  let meta: UsageMeta = extraction.meta;
  const found = parsedObject(extraction.content).facts;
  const facts = Array.isArray(found) ? found.map(text).filter(Boolean) : [];
  if (facts.length === 0) return { output: { memoryActions: [], extractedFacts: [], _meta: meta } };

  const embedded = await models.embed(values.embeddingModelName, facts, ctx.signal);
  meta = addUsage(meta, embedded.meta);
  const existing = new Map<string, string>();
  for (const vector of embedded.vectors) {
    for (const hit of await nearest(vectors, vectorDB, vector, who)) existing.set(String(hit.properties.memoryId), text(hit.properties.memory));
  }
  // the model sees short numbers, not ids
  const ids = [...existing.keys()];
  const decision = await callLLM(
    ctx,
    values.generativeModelName,
    {
      messages: [
        {
          role: 'system',
          content:
            'You manage memories about a user. Compare the new facts with the existing memories and answer with JSON ' +
            '{"memory": [{"event": "ADD" | "UPDATE" | "DELETE" | "NONE", "id": "<existing id, for UPDATE and DELETE>", "text": "<the memory text>"}]}: ' +
            'ADD a new fact, UPDATE a memory the fact refines, DELETE a memory the fact contradicts, NONE when already known.',
        },
        { role: 'user', content: JSON.stringify({ existing: ids.map((id, i) => ({ id: String(i), text: existing.get(id) })), facts }) },
      ],
      json: true,
    },
    false,
  );
  meta = addUsage(meta, decision.meta);
  const chosen = parsedObject(decision.content).memory;
  const actions: MemoryAction[] = [];
  const toAdd: { text: string; id: string }[] = [];
  for (const item of Array.isArray(chosen) ? chosen : []) {
    if (!isPlainObject(item)) continue;
    const event = String(item.event ?? '').toUpperCase();
    const memoryText = text(item.text);
    const known = ids[Number(item.id)];
    if (event === 'ADD' && memoryText) {
      const id = randomUUID();
      toAdd.push({ text: memoryText, id });
      actions.push({ event: 'ADD', id, text: memoryText });
    } else if (event === 'UPDATE' && known && memoryText) {
      await vectors.delete(vectorDB, { ...who, memoryId: known });
      toAdd.push({ text: memoryText, id: known });
      actions.push({ event: 'UPDATE', id: known, text: memoryText, previous: existing.get(known) });
    } else if (event === 'DELETE' && known) {
      await vectors.delete(vectorDB, { ...who, memoryId: known });
      actions.push({ event: 'DELETE', id: known, text: existing.get(known) ?? '' });
    }
  }
  if (toAdd.length) {
    const reply = await models.embed(values.embeddingModelName, toAdd.map((m) => m.text), ctx.signal);
    meta = addUsage(meta, reply.meta);
    const timestamp = new Date().toISOString();
    await vectors.index(
      vectorDB,
      toAdd.map((m, i) => ({ vector: reply.vectors[i], properties: { memory: m.text, ...who, memoryId: m.id, metadata, timestamp } })),
      { primaryKeys: [], duplicateOperation: 'overwrite' },
    );
  }
  return { output: { memoryActions: actions, extractedFacts: facts, _meta: meta } };
});
