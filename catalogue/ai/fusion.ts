/**
 * @module runtime/services/vectors/fusion — hybrid search's fusion of a vector result list and a
 * keyword result list, and autocut, as Weaviate defines them.
 *
 * - relativeScoreFusion: each list's scores are scaled to 0…1 ((s − min) / (max − min); a
 *   list whose scores are all equal scales to 1), then weighted — alpha for the vector list,
 *   1 − alpha for the keyword list — and summed per record.
 * - rankedFusion: each record gets weight / (60 + rank) from each list it is in (rank from 0).
 * - autocut N: keep the results before the N-th jump in their scores (0: no cut); see below.
 */

export type FusionType = 'relativeScoreFusion' | 'rankedFusion';
export const RANKED_FUSION_K = 60;

export interface Scored<T> {
  id: string;
  score: number;
  item: T;
}

function scaled<T>(list: Scored<T>[]): Scored<T>[] {
  if (list.length === 0) return list;
  const scores = list.map((r) => r.score);
  const max = Math.max(...scores);
  const min = Math.min(...scores);
  return list.map((r) => ({ ...r, score: max === min ? 1 : (r.score - min) / (max - min) }));
}

/** Fuse two lists (each best first); the answer is best first, ties kept in first-seen order. */
export function fuse<T>(vector: Scored<T>[], keyword: Scored<T>[], alpha: number, type: FusionType): Scored<T>[] {
  const fused = new Map<string, Scored<T>>();
  const add = (list: Scored<T>[], weight: number) => {
    const scores = type === 'rankedFusion' ? list.map((r, rank) => ({ ...r, score: weight / (RANKED_FUSION_K + rank) })) : scaled(list).map((r) => ({ ...r, score: r.score * weight }));
    for (const r of scores) {
      const seen = fused.get(r.id);
      if (seen) seen.score += r.score;
      else fused.set(r.id, { ...r });
    }
  };
  add(vector, alpha);
  add(keyword, 1 - alpha);
  return [...fused.values()].sort((a, b) => b.score - a.score);
}

/**
 * How many of the values (scores best first, or distances nearest first) to keep under autocut
 * `cutOff`: each value is scaled to 0…1 from the first to the last, its distance from the
 * straight line 0…1 taken, and the list is cut before the `cutOff`-th local maximum of it
 * (the last value compared with the two before it).
 */
export function autocut(values: number[], cutOff: number): number {
  if (!(cutOff > 0) || values.length <= 1) return values.length;
  const first = values[0];
  const last = values[values.length - 1];
  if (first === last) return values.length;
  const step = 1 / (values.length - 1);
  const diff = values.map((y, i) => (y - first) / (last - first) - i * step);
  let extrema = 0;
  for (let i = 1; i < diff.length; i++) {
    const peak = i === diff.length - 1 ? diff[i] > diff[i - 1] && i >= 2 && diff[i] > diff[i - 2] : diff[i] > diff[i - 1] && diff[i] > diff[i + 1];
    if (peak && ++extrema >= cutOff) return i;
  }
  return values.length;
}
