import type { GroupScores } from './group-scores.js';
import type { PoolView } from './pool-view.js';

export interface DeceptionCell {
  /** Paired (query, canonical, distractor) triples of this bug type. */
  readonly triples: number;
  /** Triples where the distractor scores strictly above the canonical. */
  readonly deceived: number;
  /** Triples where the two scores are exactly equal. */
  readonly ties: number;
  /** deceived / triples. */
  readonly rate: number;
}

/**
 * Deception rate per bug type over paired triples: a triple (q, canonical, distractor) deceives the
 * retriever when s(q, distractor) > s(q, canonical). Ties are counted apart and are not deceptions.
 * Bug types are reported in code-point order; distractors without a bug type count as `unknown`.
 *
 * @example
 * // a wrong_comparison distractor above its canonical, an off_by_one one below
 * deceptionByBugType(pool, scores).wrong_comparison // { triples: 1, deceived: 1, ties: 0, rate: 1 }
 */
export function deceptionByBugType(pool: PoolView, scores: GroupScores): Record<string, DeceptionCell> {
  const counts = new Map<string, { triples: number; deceived: number; ties: number }>();
  pool.distractors.forEach((ids, q) => {
    const c = scores.canonical[q]!;
    if (Number.isNaN(c)) return;
    ids.forEach((d, j) => {
      const type = pool.bugTypes[d] || 'unknown';
      const cell = counts.get(type) ?? { triples: 0, deceived: 0, ties: 0 };
      const s = scores.distractors[q]![j]!;
      cell.triples++;
      if (s > c) cell.deceived++;
      else if (s === c) cell.ties++;
      counts.set(type, cell);
    });
  });
  const out: Record<string, DeceptionCell> = {};
  for (const type of [...counts.keys()].sort()) {
    const cell = counts.get(type)!;
    out[type] = { ...cell, rate: cell.triples === 0 ? 0 : cell.deceived / cell.triples };
  }
  return out;
}
