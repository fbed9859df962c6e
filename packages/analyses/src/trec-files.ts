import { RESULTS_LAYOUT, resultFileName } from '@execret/dataset';
import { formatTrecQrels, formatTrecRun, type TrecQrelsRow, type TrecRunRow } from '@execret/formats';
import type { PassTable } from './pass-table.js';
import type { PoolView } from './pool-view.js';
import type { SystemRanking } from './rank-system.js';

/**
 * The TREC files of a results folder, as `[path relative to the folder, content]` in writing order, such that the
 * real trec_eval reproduces the leaderboard:
 * - `trec/qrels.canonical`: each query's canonical(s), relevance 1 — `ndcg_cut.k` is nDCG@k against it;
 * - `trec/qrels.passing`: every executed (query, snippet) pair of every run and of the query's own group, 1 when it
 *   passes the query's tests and 0 otherwise — `success.k` is exec@k and `P.k` execution precision@k against it;
 * - `trec/<system>.run` per system: per query its run (top 10 plus the documents tying the 10th score) with the
 *   exact scores, tag = the system id; trec_eval's order (score descending, then id descending) is execret's.
 * Queries and documents are in pool order, so the files are byte-stable.
 *
 * @example
 * for (const [path, content] of trecFiles(pool, rankings, table)) await writeFile(join(out, path), content);
 * // trec_eval -c -m success.1 -m P.1 -m ndcg_cut.10 out/trec/qrels.passing out/trec/bm25.run
 */
export function trecFiles(
  pool: PoolView,
  rankings: readonly Pick<SystemRanking, 'id' | 'runDocs' | 'runScores'>[],
  table: PassTable,
): [string, string][] {
  const canonical: TrecQrelsRow[] = [];
  const passing: TrecQrelsRow[] = [];
  pool.queryIds.forEach((queryId, q) => {
    for (const d of pool.canonicals[q]!) canonical.push({ queryId, docId: pool.docIds[d]!, relevance: 1 });
    const docs = new Set<number>([...pool.canonicals[q]!, ...pool.distractors[q]!]);
    for (const ranking of rankings) for (const d of ranking.runDocs[q]!) docs.add(d);
    for (const d of [...docs].sort((a, b) => a - b)) {
      if (table.has(q, d)) passing.push({ queryId, docId: pool.docIds[d]!, relevance: table.passes(q, d) ? 1 : 0 });
    }
  });
  const files: [string, string][] = [
    [RESULTS_LAYOUT.trecCanonical, formatTrecQrels(canonical)],
    [RESULTS_LAYOUT.trecPassing, formatTrecQrels(passing)],
  ];
  for (const ranking of rankings) {
    const rows: TrecRunRow[] = [];
    pool.queryIds.forEach((queryId, q) => {
      const scores = ranking.runScores[q]!;
      ranking.runDocs[q]!.forEach((d, i) => {
        rows.push({ queryId, docId: pool.docIds[d]!, rank: i + 1, score: scores[i]! });
      });
    });
    files.push([`${RESULTS_LAYOUT.trec}/${resultFileName(ranking.id, '.run')}`, formatTrecRun(rows, ranking.id)]);
  }
  return files;
}
