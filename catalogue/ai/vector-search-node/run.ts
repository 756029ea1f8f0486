/** @module catalogue/ai/vector-search-node/run — embed, then nearest records above the certainty. */
import { defineNode } from '../../define-node.ts';
import { runningError, SEARCH_NODE, searchNodeOptions } from '../node-errors.ts';
import { queryVector, result, vectorsOf } from '../search-run.ts';
import { definition } from './definition.ts';

export default defineNode(definition, async (values, ctx) => {
  const vectors = vectorsOf(ctx);
  try {
    const { vector, meta } = await queryVector(ctx, values.embeddingModelName, values.searchQuery.trim());
    const hits = await vectors.nearVector(values.vectorDB, vector, { limit: values.limit, certainty: values.certainty, filters: values.filters });
    return { output: { searchResults: hits.map((h) => result(h, { certainty: h.certainty })), _meta: meta } };
  } catch (error) {
    throw runningError(SEARCH_NODE, error);
  }
}, searchNodeOptions);
