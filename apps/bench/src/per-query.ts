import { execAtK, executionPrecisionAtK, ndcgAtK, reciprocalRank } from '@execret/metrics';
import { MEASURES } from './evaluation.js';
import { KS, type ResultFile } from './results-model.js';

/**
 * Per-query values of every measure of a results file, aligned with `queryIds`. Files written by execret
 * carry them (`execret.per_query_measures`); for files written by other tools (the release's
 * `results/<model>.json`) they are recomputed from `top_results` with the trec tie order already applied
 * by the ranks: exec@k and precision@k from `passes_all_tests`, nDCG@k from `correct_corpus_ids`, and
 * mrr@10 from the first passing rank.
 */
export function perQueryMeasures(file: ResultFile, queryIds: readonly string[]): Record<string, Float64Array> {
  const position = new Map(file.per_query.map((row, i) => [row.query_id, i]));
  const missing = queryIds.filter((id) => !position.has(id));
  if (missing.length > 0) {
    throw new Error(
      `execret: results for ${file.model} lack ${missing.length} of the ${queryIds.length} queries (first: ${missing[0]}); systems can only be compared on the same queries`,
    );
  }
  const stored = file.execret?.per_query_measures;
  const out: Record<string, Float64Array> = {};
  if (stored && MEASURES.every((m) => Array.isArray(stored[m]) && stored[m]!.length === file.per_query.length)) {
    for (const m of MEASURES) out[m] = Float64Array.from(queryIds, (id) => stored[m]![position.get(id)!]!);
    return out;
  }
  for (const m of MEASURES) out[m] = new Float64Array(queryIds.length);
  queryIds.forEach((id, q) => {
    const row = file.per_query[position.get(id)!]!;
    const ranked = [...row.top_results].sort((a, b) => a.rank - b.rank);
    const passes = ranked.map((r) => (r.passes_all_tests ? 1 : 0));
    const correct = new Set(row.correct_corpus_ids);
    const gains = ranked.map((r) => (correct.has(r.corpus_id) ? 1 : 0));
    const ideal = row.correct_corpus_ids.map(() => 1);
    for (const k of KS) {
      const exec = execAtK(passes, k);
      const ndcg = ndcgAtK(gains, k, ideal);
      out[`exec@${k}`]![q] = exec;
      out[`precision@${k}`]![q] = executionPrecisionAtK(passes, k);
      out[`ndcg@${k}`]![q] = ndcg;
      out[`exec_ndcg_gap@${k}`]![q] = exec - ndcg;
    }
    out['mrr@10']![q] = reciprocalRank(passes.slice(0, 10));
  });
  return out;
}
