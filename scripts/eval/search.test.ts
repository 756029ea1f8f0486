import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate, score } from './search.ts';

const set = JSON.parse(readFileSync(join(import.meta.dirname, 'search-eval.json'), 'utf8')) as {
  passages: { id: string; text: string }[];
  questions: { question: string; relevant: string[] }[];
};

describe('the search evaluation set', () => {
  it('has at least 40 questions over at least 150 passages, each with relevant passages that exist', () => {
    expect(set.questions.length).toBeGreaterThanOrEqual(40);
    expect(set.passages.length).toBeGreaterThanOrEqual(150);
    const ids = new Set(set.passages.map((p) => p.id));
    expect(ids.size).toBe(set.passages.length);
    for (const q of set.questions) {
      expect(q.relevant.length).toBeGreaterThan(0);
      for (const id of q.relevant) expect(ids.has(id), `${q.question} → ${id}`).toBe(true);
    }
  });

  it('scores recall@3 and MRR', () => {
    expect(score([['a', 'b', 'c', 'd'], ['x', 'y', 'z', 'w']], [['b', 'w'], ['q']])).toEqual({ recallAt3: 0.25, mrr: 0.25 });
  });

  it('hybrid search (the node defaults: relativeScoreFusion, alpha 0.25) beats keyword and vector search alone on recall@3 and MRR', async () => {
    const results = await evaluate(set, [0.25]);
    const hybrid = results['hybrid relativeScoreFusion alpha 0.25'];
    for (const alone of [results['keyword (BM25)'], results['vector (weft-local-embedding)']]) {
      expect(hybrid.recallAt3).toBeGreaterThan(alone.recallAt3);
      expect(hybrid.mrr).toBeGreaterThan(alone.mrr);
    }
  }, 120_000);
});
