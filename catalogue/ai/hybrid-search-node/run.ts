/**
 * @module catalogue/ai/hybrid-search-node/run — up to HYBRID_CANDIDATES records from each
 * search (the vector half's at least `certainty` certain), fused (../fusion.ts), autocut, then
 * the limit.
 */
import { defineNode } from '../../define-node.ts';
import { autocut, fuse } from '../fusion.ts';
import { HYBRID_SEARCH_NODE, runningError, searchNodeOptions } from '../node-errors.ts';
import { keywordFieldsOf, queryVector, result, vectorsOf } from '../search-run.ts';
import { definition, HYBRID_CANDIDATES } from './definition.ts';

export default defineNode(definition, async (values, ctx) => {
  const vectors = vectorsOf(ctx);
  const query = values.searchQuery.trim();
  const { alpha, vectorDB, filters } = values;
  const fields = keywordFieldsOf(values);
  try {
    const { vector, meta } = await queryVector(ctx, values.embeddingModelName, query);
    const [near, keyword] = await Promise.all([
      alpha > 0 ? vectors.nearVector(vectorDB, vector, { limit: HYBRID_CANDIDATES, certainty: values.certainty, filters }) : [],
      alpha < 1 ? vectors.keyword(vectorDB, query, { limit: HYBRID_CANDIDATES, filters, fields }) : [],
    ]);
    const fused = fuse(
      near.map((h) => ({ id: h.id, score: h.certainty, item: { id: h.id, properties: h.properties } })),
      keyword.map((h) => ({ id: h.id, score: h.score, item: { id: h.id, properties: h.properties } })),
      alpha,
      values.fusionType,
    );
    const kept = fused.slice(0, autocut(fused.map((r) => r.score), values.autocut)).slice(0, values.limit);
    return { output: { searchResults: kept.map((r) => result(r.item, { score: r.score })), _meta: meta } };
  } catch (error) {
    throw runningError(HYBRID_SEARCH_NODE, error);
  }
}, searchNodeOptions);
