/**
 * @module scripts/eval/search — `npm run eval:search`: recall@3 and MRR of keyword (BM25),
 * vector (the local embedding model) and hybrid search over scripts/eval/search-eval.json,
 * on the embedded vector store (in memory), through the same code the search nodes run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { autocut, fuse } from '../../catalogue/ai/fusion.ts';
import { embedLocally, LOCAL_EMBEDDING_DIMENSION } from '../../runtime/services/models/local-embedding.ts';
import { openEmbeddedVectorStore } from '../../runtime/services/vectors/embedded.ts';

interface EvalSet {
  passages: { id: string; text: string }[];
  questions: { question: string; relevant: string[] }[];
}

const K = 3;
/** candidates each side of a hybrid search, as the hybrid search node takes */
const CANDIDATES = 100;

export interface Scores {
  recallAt3: number;
  mrr: number;
}

export function score(rankings: string[][], relevant: string[][]): Scores {
  let recall = 0;
  let reciprocal = 0;
  rankings.forEach((ranked, i) => {
    const wanted = new Set(relevant[i]);
    recall += ranked.slice(0, K).filter((id) => wanted.has(id)).length / wanted.size;
    const first = ranked.findIndex((id) => wanted.has(id));
    reciprocal += first >= 0 ? 1 / (first + 1) : 0;
  });
  return { recallAt3: recall / rankings.length, mrr: reciprocal / rankings.length };
}

export async function evaluate(set: EvalSet, alphas = [0.25, 0.5]): Promise<Record<string, Scores>> {
  const store = await openEmbeddedVectorStore();
  try {
    await store.ensureCollection('eval', LOCAL_EMBEDDING_DIMENSION);
    await store.insert('eval', set.passages.map((p) => ({ id: p.id, vector: embedLocally(p.text), properties: { text: p.text } })));
    const relevant = set.questions.map((q) => q.relevant);
    const keyword: string[][] = [];
    const vector: string[][] = [];
    const hybrid: Record<string, string[][]> = {};
    for (const { question } of set.questions) {
      const kw = await store.keyword('eval', question, { limit: CANDIDATES });
      const near = await store.nearVector('eval', embedLocally(question), { limit: CANDIDATES, certainty: 0 });
      keyword.push(kw.map((h) => h.id));
      vector.push(near.map((h) => h.id));
      for (const alpha of alphas) {
        for (const type of ['relativeScoreFusion', 'rankedFusion'] as const) {
          const fused = fuse(
            near.map((h) => ({ id: h.id, score: h.certainty, item: h.id })),
            kw.map((h) => ({ id: h.id, score: h.score, item: h.id })),
            alpha,
            type,
          );
          (hybrid[`hybrid ${type} alpha ${alpha}`] ??= []).push(fused.slice(0, autocut(fused.map((f) => f.score), 0)).map((f) => f.id));
        }
      }
    }
    return {
      'keyword (BM25)': score(keyword, relevant),
      'vector (weft-local-embedding)': score(vector, relevant),
      ...Object.fromEntries(Object.entries(hybrid).map(([name, rankings]) => [name, score(rankings, relevant)])),
    };
  } finally {
    await store.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const set = JSON.parse(readFileSync(join(import.meta.dirname, 'search-eval.json'), 'utf8')) as EvalSet;
  const results = await evaluate(set);
  console.log(`${set.questions.length} questions over ${set.passages.length} passages`);
  console.log('search'.padEnd(44), 'recall@3', '  MRR');
  for (const [name, s] of Object.entries(results)) console.log(name.padEnd(44), s.recallAt3.toFixed(3).padStart(8), s.mrr.toFixed(3).padStart(6));
}
