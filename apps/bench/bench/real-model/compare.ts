/**
 * Comparing two embeddings of the same texts: per-row `1 − cos` and largest per-dimension difference, and the
 * rankings they give (cosine, float64; ties: higher index first, trec_eval's rule).
 */
import { DIMS } from './reference.js';

/** Per row: 1 − cos(a, b) and max |a − b| over dimensions (float64 arithmetic). */
export function rowDifferences(a: Float32Array, b: Float32Array): { oneMinusCos: number[]; maxAbs: number[] } {
  const rows = a.length / DIMS;
  const oneMinusCos: number[] = [];
  const maxAbs: number[] = [];
  for (let r = 0; r < rows; r++) {
    let dot = 0;
    let na = 0;
    let nb = 0;
    let worst = 0;
    for (let d = 0; d < DIMS; d++) {
      const x = a[r * DIMS + d] as number;
      const y = b[r * DIMS + d] as number;
      dot += x * y;
      na += x * x;
      nb += y * y;
      worst = Math.max(worst, Math.abs(x - y));
    }
    oneMinusCos.push(na === 0 || nb === 0 ? (na === nb ? 0 : 1) : 1 - dot / Math.sqrt(na * nb));
    maxAbs.push(worst);
  }
  return { oneMinusCos, maxAbs };
}

/** Largest value and the row it is at. */
export function worstOf(values: readonly number[], rows: readonly number[]): { value: number; row: number } {
  let best = { value: Number.NEGATIVE_INFINITY, row: -1 };
  for (const r of rows) if ((values[r] as number) > best.value) best = { value: values[r] as number, row: r };
  return best;
}

/** Cosine scores of one query against documents (float64), and the order: score descending, index descending. */
function rank(data: Float32Array, query: number, docs: readonly number[]): { order: number[]; scores: number[] } {
  const norm = (r: number) => {
    let s = 0;
    for (let d = 0; d < DIMS; d++) s += (data[r * DIMS + d] as number) ** 2;
    return Math.sqrt(s);
  };
  const qn = norm(query);
  const scores = docs.map((doc) => {
    let s = 0;
    for (let d = 0; d < DIMS; d++) s += (data[query * DIMS + d] as number) * (data[doc * DIMS + d] as number);
    return s / (qn * norm(doc));
  });
  const order = docs.map((_, i) => i).sort((i, j) => (scores[j] as number) - (scores[i] as number) || j - i);
  return { order, scores };
}

export interface RankingComparison {
  readonly queries: number;
  readonly identicalOrders: number;
  readonly identicalTop10: number;
  readonly identicalRank1: number;
  /** Pairs of documents ranked in opposite orders, summed over queries. */
  readonly swappedPairs: number;
  /** Of those, pairs whose two documents reach the model as the same token ids (a tie in exact arithmetic). */
  readonly swappedSameInput: number;
  /** The largest score gap, in the second ranking, of a swapped pair whose inputs differ (0 when none). */
  readonly largestGapDistinct: number;
  readonly differing: { query: number; firstDifferentRank: number; swappedPairs: number }[];
}

/**
 * Ranks `docs` for each query with both embeddings and compares the orders. Every pair of documents the two
 * orders put the other way round is a swap; `sameInput(x, y)` (positions in `docs`) says when two documents are
 * the same input to the model, so that their order is decided by rounding alone.
 */
export function compareRankings(
  ours: Float32Array,
  theirs: Float32Array,
  queries: readonly number[],
  docs: readonly number[],
  sameInput: (x: number, y: number) => boolean = () => false,
): RankingComparison {
  let identicalOrders = 0;
  let identicalTop10 = 0;
  let identicalRank1 = 0;
  let swappedPairs = 0;
  let swappedSameInput = 0;
  let largestGapDistinct = 0;
  const differing: RankingComparison['differing'] = [];
  for (const q of queries) {
    const a = rank(ours, q, docs);
    const b = rank(theirs, q, docs);
    const first = a.order.findIndex((doc, i) => doc !== b.order[i]);
    if (first < 0) identicalOrders++;
    if (first < 0 || first >= 10) identicalTop10++;
    if (first !== 0) identicalRank1++;
    if (first < 0) continue;
    const positionInB = new Int32Array(docs.length);
    b.order.forEach((doc, i) => {
      positionInB[doc] = i;
    });
    let swaps = 0;
    for (let i = first; i < a.order.length; i++) {
      const x = a.order[i] as number;
      for (let j = i + 1; j < a.order.length; j++) {
        const y = a.order[j] as number;
        if ((positionInB[x] as number) < (positionInB[y] as number)) continue;
        swaps++;
        if (sameInput(x, y)) swappedSameInput++;
        else
          largestGapDistinct = Math.max(
            largestGapDistinct,
            Math.abs((b.scores[x] as number) - (b.scores[y] as number)),
          );
      }
    }
    swappedPairs += swaps;
    differing.push({ query: q, firstDifferentRank: first + 1, swappedPairs: swaps });
  }
  return {
    queries: queries.length,
    identicalOrders,
    identicalTop10,
    identicalRank1,
    swappedPairs,
    swappedSameInput,
    largestGapDistinct,
    differing,
  };
}

/** A small number in scientific notation (0 as `0`). */
export const sci = (x: number) => (x === 0 ? '0' : x.toExponential(2));
