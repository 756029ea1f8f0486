import { describe, expect, it } from 'vitest';
import { countLocalTokens, embedLocally, LOCAL_EMBEDDING_DIMENSION, words } from './local-embedding.ts';

const cosine = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i], 0);

describe('the local embedding model', () => {
  it('gives unit vectors of 512 numbers, the same for the same text', () => {
    const v = embedLocally('Index documents for search');
    expect(v).toHaveLength(LOCAL_EMBEDDING_DIMENSION);
    expect(Math.hypot(...v)).toBeCloseTo(1, 10);
    expect(embedLocally('Index documents for search')).toEqual(v);
  });

  it('a text without words is the zero vector', () => {
    expect(embedLocally('  ?! ').every((x) => x === 0)).toBe(true);
  });

  it('folds case, accents, stop words and word endings', () => {
    expect(words('The Café is INDEXING the indexes')).toEqual(['cafe', 'index', 'index']);
    expect(words('classes queries process')).toEqual(['class', 'queri', 'process']);
    expect(words('message messages')).toEqual(['messag', 'messag']);
    expect(countLocalTokens('The workers are running')).toBe(2);
    expect(cosine(embedLocally('Indexing documents'), embedLocally('indexed document'))).toBeGreaterThan(0.8);
  });

  it('puts texts sharing words closer than unrelated texts', () => {
    const query = embedLocally('how do I retry a failed node');
    const related = embedLocally('Node retries: a failed node is retried up to five times');
    const unrelated = embedLocally('The studio draws flows on a canvas with a minimap');
    expect(cosine(query, related)).toBeGreaterThan(cosine(query, unrelated) + 0.2);
  });

  it('tolerates a misspelling through character trigrams', () => {
    const misspelt = cosine(embedLocally('authentication'), embedLocally('authentification'));
    const other = cosine(embedLocally('authentication'), embedLocally('spreadsheet'));
    expect(misspelt).toBeGreaterThan(0.3);
    expect(misspelt).toBeGreaterThan(other + 0.3);
  });
});
