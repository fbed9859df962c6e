import type { ResultsFile } from '@execret/dataset';
import { execAtK, executionPrecisionAtK, ndcgAtK, reciprocalRank } from '@execret/metrics';
import { AnalysesError } from './analyses-error.js';
import { RELEASE_KS, RELEASE_MEASURES, type ReleaseMeasure } from './release-measures.js';

/** Options of {@link perQueryMeasures}. */
export interface PerQueryMeasuresOptions {
  /**
   * Per-query values stored beside the file (execret writes them as `execret.per_query_measures`), aligned with
   * `file.per_query`. Used when they hold every measure with one value per entry; otherwise the values are
   * recomputed from `top_results`.
   */
  readonly stored?: Readonly<Record<string, unknown>>;
}

/**
 * Per-query values of every {@link RELEASE_MEASURES} measure of a results file, aligned with `queryIds`.
 * Without usable `options.stored` values (the release's own `results/<model>.json` has none) they are
 * recomputed from `top_results`, with the tie order already applied by the ranks: exec@k and precision@k
 * from `passes_all_tests`, nDCG@k from `correct_corpus_ids` (binary gains, IDCG from min(k, |correct|) ones),
 * exec_ndcg_gap@k = exec@k − ndcg@k, and mrr@10 from the first passing rank.
 *
 * @throws AnalysesError `missing-queries` when the file lacks any of `queryIds` (systems can only be compared
 *   on the same queries).
 * @example
 * const { data } = await readResultsFile('release/results/bm25.json');
 * const values = perQueryMeasures(data, data.per_query.map((row) => row.query_id));
 * values['exec@1'].length; // 939, each 0 or 1
 */
export function perQueryMeasures(
  file: Pick<ResultsFile, 'model' | 'per_query'>,
  queryIds: readonly string[],
  options: PerQueryMeasuresOptions = {},
): Record<ReleaseMeasure, Float64Array> {
  const position = new Map(file.per_query.map((row, i) => [row.query_id, i]));
  const missing = queryIds.filter((id) => !position.has(id));
  if (missing.length > 0) {
    throw new AnalysesError(
      'missing-queries',
      `@execret/analyses perQueryMeasures: results for ${file.model} lack ${missing.length} of the ${queryIds.length} queries (first: ${missing[0]}); systems can only be compared on the same queries`,
      { details: { model: file.model, missing: missing.length, first: missing[0]! } },
    );
  }
  const stored = options.stored;
  const out = {} as Record<ReleaseMeasure, Float64Array>;
  if (
    stored &&
    RELEASE_MEASURES.every((m) => Array.isArray(stored[m]) && (stored[m] as unknown[]).length === file.per_query.length)
  ) {
    for (const m of RELEASE_MEASURES) {
      const values = stored[m] as number[];
      out[m] = Float64Array.from(queryIds, (id) => values[position.get(id)!]!);
    }
    return out;
  }
  for (const m of RELEASE_MEASURES) out[m] = new Float64Array(queryIds.length);
  queryIds.forEach((id, q) => {
    const row = file.per_query[position.get(id)!]!;
    const ranked = [...row.top_results].sort((a, b) => a.rank - b.rank);
    const passes = ranked.map((r) => (r.passes_all_tests ? 1 : 0));
    const correct = new Set(row.correct_corpus_ids);
    const gains = ranked.map((r) => (correct.has(r.corpus_id) ? 1 : 0));
    const ideal = row.correct_corpus_ids.map(() => 1);
    for (const k of RELEASE_KS) {
      const exec = execAtK(passes, k);
      const ndcg = ndcgAtK(gains, k, ideal);
      out[`exec@${k}`][q] = exec;
      out[`precision@${k}`][q] = executionPrecisionAtK(passes, k);
      out[`ndcg@${k}`][q] = ndcg;
      out[`exec_ndcg_gap@${k}`][q] = exec - ndcg;
    }
    out['mrr@10'][q] = reciprocalRank(passes.slice(0, 10));
  });
  return out;
}
