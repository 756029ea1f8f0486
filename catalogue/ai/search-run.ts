/** @module catalogue/ai/search-run — what the three search nodes share: the query vector, the BM25 fields, results. */
import type { NodeContext } from '../types.ts';
import { bm25Fields, type Bm25Fields } from './bm25-fields.ts';
import type { UsageMeta } from '../services/models.ts';
import type { Properties } from '../services/vectors.ts';
import { vectorsOf } from './vector-db-node/run.ts';


/** The properties keyword search reads and their weights, from the node's properties and boostProperties. */
export const keywordFieldsOf = (values: { readonly properties: unknown[]; readonly boostProperties: unknown[] }): Bm25Fields =>
  bm25Fields(values.properties, values.boostProperties);

/** The query's vector with the node's embedding model (the project's default when empty). */
export async function queryVector(ctx: NodeContext<'models'>, embeddingModel: unknown, query: string): Promise<{ vector: number[]; meta: UsageMeta }> {
  const reply = await ctx.services.models.embed(embeddingModel, [query], ctx.signal);
  return { vector: reply.vectors[0], meta: reply.meta };
}

/** A result as the nodes output it: the record's metadata, its id, and its measure. */
export const result = (hit: { id: string; properties: Properties }, measure: Record<string, number>) => ({ ...hit.properties, _id: hit.id, ...measure });

export { vectorsOf };
