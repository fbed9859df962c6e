/** The cutoffs of every measure, as in the release's `results/<model>.json` (`ks`). */
export const RELEASE_KS = [1, 3, 5, 10] as const;

/**
 * Every per-query measure of a release results file, in results-file spelling: exec@k, precision@k
 * (execution precision), ndcg@k and exec_ndcg_gap@k for k in {@link RELEASE_KS}, then mrr@10.
 *
 * @example
 * RELEASE_MEASURES.length; // 17
 * RELEASE_MEASURES[0];     // 'exec@1'
 */
export const RELEASE_MEASURES = [
  ...RELEASE_KS.map((k) => `exec@${k}` as const),
  ...RELEASE_KS.map((k) => `precision@${k}` as const),
  ...RELEASE_KS.map((k) => `ndcg@${k}` as const),
  ...RELEASE_KS.map((k) => `exec_ndcg_gap@${k}` as const),
  'mrr@10',
] as const;

/** One of {@link RELEASE_MEASURES}. */
export type ReleaseMeasure = (typeof RELEASE_MEASURES)[number];
