import type { RerankHit } from './types.js';

/**
 * Orders scored candidates best first: by `score` descending, then by input index ascending, so equal scores
 * keep the first stage's order; then keeps the first `topN` (all when `topN` is undefined).
 *
 * @throws {RangeError} when `topN` is not an integer ≥ 1, or a score is NaN
 * @example
 * rankHits([0.2, 0.9, 0.9], [2, 3, 3], 2);
 * // [{ index: 1, score: 0.9, rawScore: 3 }, { index: 2, score: 0.9, rawScore: 3 }]
 */
export function rankHits(scores: ArrayLike<number>, rawScores: ArrayLike<number>, topN?: number): RerankHit[] {
  if (scores.length !== rawScores.length) {
    throw new RangeError(`@execret/rerankers rankHits: ${scores.length} scores but ${rawScores.length} raw scores`);
  }
  if (topN !== undefined && (!Number.isInteger(topN) || topN < 1)) {
    throw new RangeError(`@execret/rerankers rankHits: topN must be an integer >= 1, received ${topN}`);
  }
  const order = Array.from({ length: scores.length }, (_, i) => i);
  for (const i of order) {
    if (Number.isNaN(scores[i])) throw new RangeError(`@execret/rerankers rankHits: score ${i} is NaN`);
  }
  order.sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
  const kept = topN === undefined ? order : order.slice(0, topN);
  return kept.map((index) => ({ index, score: scores[index] as number, rawScore: rawScores[index] as number }));
}
