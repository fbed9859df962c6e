import { join } from 'node:path';
import type { PoolView, SystemRanking } from '@execret/analyses';
import { formatTrecQrels, formatTrecRun, type TrecQrelsRow, type TrecRunRow } from '@execret/formats';
import type { PassTable } from './execution.js';
import { resultFileName, writeFileAtomic } from './results-io.js';

/** Where a results folder keeps its TREC files. */
const TREC_LAYOUT = {
  dir: 'trec',
  canonical: 'trec/qrels.canonical',
  passing: 'trec/qrels.passing',
} as const;

/** `trec/<system>.run`: the system id made safe as a file name, like its results file. */
function trecRunFileName(system: string): string {
  return resultFileName(system).replace(/\.json$/, '.run');
}

/**
 * The TREC files of a results folder, such that the real trec_eval reproduces the leaderboard:
 * - `trec/<system>.run`: per query the system's run (its top 10 plus the documents tying the 10th score), with the
 *   exact scores, tag = the system id; trec_eval's order (score descending, then id descending) is execret's;
 * - `trec/qrels.passing`: every executed (query, snippet) pair of every run and of the query's own group, 1 when it
 *   passes the query's tests and 0 otherwise — `success.k` is exec@k and `P.k` execution precision@k against it;
 * - `trec/qrels.canonical`: each query's canonical(s), relevance 1 — `ndcg_cut.k` is nDCG@k against it.
 * Queries and documents are written in pool order, so the files are byte-stable.
 *
 * @example
 * await writeTrecFiles('execret-results', pool, rankings, table);
 * // trec_eval -c -m success.1 -m P.1 -m ndcg_cut.10 execret-results/trec/qrels.passing execret-results/trec/bm25.run
 */
export async function writeTrecFiles(
  out: string,
  pool: PoolView,
  rankings: readonly Pick<SystemRanking, 'id' | 'runDocs' | 'runScores'>[],
  table: PassTable,
): Promise<string[]> {
  const written: string[] = [];
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
  for (const [file, rows] of [
    [TREC_LAYOUT.canonical, canonical],
    [TREC_LAYOUT.passing, passing],
  ] as const) {
    await writeFileAtomic(join(out, file), formatTrecQrels(rows));
    written.push(join(out, file));
  }
  for (const ranking of rankings) {
    const rows: TrecRunRow[] = [];
    pool.queryIds.forEach((queryId, q) => {
      const docs = ranking.runDocs[q]!;
      const scores = ranking.runScores[q]!;
      docs.forEach((d, i) => {
        rows.push({ queryId, docId: pool.docIds[d]!, rank: i + 1, score: scores[i]! });
      });
    });
    const file = join(out, TREC_LAYOUT.dir, trecRunFileName(ranking.id));
    await writeFileAtomic(file, formatTrecRun(rows, ranking.id));
    written.push(file);
  }
  return written;
}
