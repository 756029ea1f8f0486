/** @module catalogue/ai/keyword-search-node/run — BM25, autocut, limit. */
import { defineNode } from '../../define-node.ts';
import { autocut } from '../fusion.ts';
import { runningError, SEARCH_NODE, searchNodeOptions } from '../node-errors.ts';
import { keywordFieldsOf, result, vectorsOf } from '../search-run.ts';
import { definition } from './definition.ts';

/** With autocut on, this many records are ranked before the cut. */
const AUTOCUT_CANDIDATES = 100;

export default defineNode(definition, async (values, ctx) => {
  const vectors = vectorsOf(ctx);
  const fields = keywordFieldsOf(values);
  const { limit, autocut: cut } = values;
  try {
    const hits = await vectors.keyword(values.vectorDB, values.searchQuery.trim(), { limit: cut > 0 ? AUTOCUT_CANDIDATES : limit, filters: values.filters, fields });
    const kept = hits.slice(0, autocut(hits.map((h) => h.score), cut)).slice(0, limit);
    return { output: { searchResults: kept.map((h) => result(h, { score: h.score })) } };
  } catch (error) {
    throw runningError(SEARCH_NODE, error);
  }
}, searchNodeOptions);
