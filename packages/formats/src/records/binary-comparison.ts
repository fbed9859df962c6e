/**
 * A `tests/pairwise_tests.json` entry for a binary measure (`exec@k`): the release's keys, plus `mcnemar_mid_p` and
 * the adjusted p-values that `@execret/stats`' `compareSystems` adds. `@execret/dataset` reads the release's keys
 * ({@link ReleaseBinaryComparison}).
 */
export interface BinaryComparison {
  /** Queries where A scores 1 and B scores 0. */
  a_only: number;
  /** Queries where B scores 1 and A scores 0. */
  b_only: number;
  /** Queries where both score 1. */
  both: number;
  /** Queries where both score 0. */
  neither: number;
  /** Mean of A, (a_only + both)/n. */
  a_rate: number;
  /** Mean of B, (b_only + both)/n. */
  b_rate: number;
  /** a_rate − b_rate, computed as (a_only − b_only)/n. */
  delta: number;
  /** Exact two-sided McNemar p-value. */
  mcnemar_exact_p: number;
  /** McNemar mid-p value (not in the release). */
  mcnemar_mid_p: number;
  /** Paired percentile-bootstrap interval of a_rate − b_rate at the chosen confidence. */
  bootstrap_ci_95: [number, number];
  /** Holm-adjusted `mcnemar_exact_p` over the measure's family of pairs (only with `adjust: 'holm'`). */
  mcnemar_exact_p_holm?: number;
  /** Benjamini–Hochberg-adjusted `mcnemar_exact_p` (only with `adjust: 'benjamini-hochberg'`). */
  mcnemar_exact_p_bh?: number;
}

/** The keys of a {@link BinaryComparison} that the release's `pairwise_tests.json` has. */
export type ReleaseBinaryComparison = Omit<
  BinaryComparison,
  'mcnemar_mid_p' | 'mcnemar_exact_p_holm' | 'mcnemar_exact_p_bh'
>;
