import { spearman } from '@execret/stats';
import { editSpan } from './edit-span.js';
import type { GroupScores } from './group-scores.js';
import type { PoolView } from './pool-view.js';

export interface EditSpanDeception {
  readonly triples: number;
  /** Spearman's rho (average ranks for ties) between edit span and deception (0/1). */
  readonly rhoDeceived: number;
  /** Spearman's rho between edit span and the score margin s(distractor) − s(canonical). */
  readonly rhoMargin: number;
  /** Deception rate per span bucket (bucket labels like "1", "2", "3-4", "5-8", "9+"). */
  readonly buckets: readonly { label: string; triples: number; deceived: number; rate: number }[];
}

const BUCKETS: readonly { label: string; lo: number; hi: number }[] = [
  { label: '1', lo: 0, hi: 1 },
  { label: '2', lo: 2, hi: 2 },
  { label: '3-4', lo: 3, hi: 4 },
  { label: '5-8', lo: 5, hi: 8 },
  { label: '9-16', lo: 9, hi: 16 },
  { label: '17+', lo: 17, hi: Number.POSITIVE_INFINITY },
];

/**
 * Deception by edit character span: do smaller edits fool the retriever more often? For every paired
 * triple, span = {@link editSpan}(canonical code, distractor code) and deceived = s(distractor) >
 * s(canonical). Reports tie-aware Spearman correlations (NaN with fewer than 3 triples) and the rates in
 * the span buckets 1, 2, 3-4, 5-8, 9-16 and 17+ (span 0, an identical copy, falls into bucket 1). Queries
 * without a canonical score (NaN) are left out.
 *
 * @example
 * // spans [1, 7, 1, 1, 5, 1], deceived [1, 0, 0, 1, 0, 1]
 * const result = deceptionByEditSpan(pool, scores);
 * result.rhoDeceived; // -0.6928203230275508 (scipy.stats.spearmanr)
 * result.buckets[0];  // { label: '1', triples: 4, deceived: 3, rate: 0.75 }
 */
export function deceptionByEditSpan(pool: PoolView, scores: GroupScores): EditSpanDeception {
  const spans: number[] = [];
  const deceived: number[] = [];
  const margins: number[] = [];
  pool.distractors.forEach((ids, q) => {
    const canonicalIndex = pool.canonicals[q]![0];
    const c = scores.canonical[q]!;
    if (canonicalIndex === undefined || Number.isNaN(c)) return;
    ids.forEach((d, j) => {
      const s = scores.distractors[q]![j]!;
      spans.push(editSpan(pool.code[canonicalIndex]!, pool.code[d]!));
      deceived.push(s > c ? 1 : 0);
      margins.push(s - c);
    });
  });
  const buckets = BUCKETS.map(({ label, lo, hi }) => {
    let triples = 0;
    let hits = 0;
    spans.forEach((span, i) => {
      if (span >= lo && span <= hi) {
        triples++;
        hits += deceived[i]!;
      }
    });
    return { label, triples, deceived: hits, rate: triples === 0 ? 0 : hits / triples };
  });
  const enough = spans.length >= 3;
  return {
    triples: spans.length,
    rhoDeceived: enough ? spearman(spans, deceived).rho : Number.NaN,
    rhoMargin: enough ? spearman(spans, margins).rho : Number.NaN,
    buckets,
  };
}
