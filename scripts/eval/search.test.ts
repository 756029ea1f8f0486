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

  // On the audited labels keyword search has a slightly higher MRR than hybrid search, so only recall and the comparison with vector search are claimed.
  it('hybrid search (the node defaults: relativeScoreFusion, alpha 0.25) ranks better than vector search and finds at least as much in the top 3 as either alone', async () => {
    const results = await evaluate(set, [0.25]);
    const hybrid = results['hybrid relativeScoreFusion alpha 0.25'];
    expect(hybrid.mrr).toBeGreaterThan(results['vector (weft-local-embedding)'].mrr);
    expect(hybrid.recallAt3).toBeGreaterThanOrEqual(Math.max(results['keyword (BM25)'].recallAt3, results['vector (weft-local-embedding)'].recallAt3));
  }, 120_000);
});
