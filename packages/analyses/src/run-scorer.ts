import { AnalysesError } from './analyses-error.js';
import type { GroupScores } from './group-scores.js';
import type { PoolView } from './pool-view.js';
import type { Scorer, ScorerRanking } from './scorer.js';

/** One scored (query, document) pair of a precomputed run, by id. */
export interface RunEntry {
  readonly queryId: string;
  readonly docId: string;
  readonly score: number;
  /** Where the entry came from, for error messages (e.g. `run.trec line 12`). */
  readonly origin?: string;
}

/** Identity of a {@link createRunScorer} system. */
export interface RunScorerInfo {
  readonly id: string;
  readonly configHash: string;
  readonly provider: string;
}

/**
 * A {@link Scorer} over a precomputed run (a TREC run file, another tool's results): the documents a query's run
 * lists are ranked by their scores (descending, then document id descending, the tie rule of every measure); the
 * documents it does not list come after all of them, in id-descending order, with a score just below the
 * query's lowest listed one. `listed(q)` tells {@link rankSystem} which documents the run really holds, so the
 * system's run, its executions and its ablation tops contain only those — as trec_eval would count them — while
 * the near-clone analyses still get a score for every document of the query's own group.
 *
 * @throws AnalysesError `invalid-run` when an entry names a query or document the pool does not have (the
 *   message names the entry's `origin`), has a non-finite score, or repeats a (query, document) pair
 * @example
 * const scorer = createRunScorer(pool, { id: 'my-retriever', configHash: sha, provider: 'trec' }, [
 *   { queryId: 'q_0001', docId: 'c_0003', score: 12.5, origin: 'mine.run line 1' },
 * ]);
 * const ranking = await rankSystem(scorer, pool, []);
 * ranking.runDocs[0]; // Int32Array [index of c_0003]
 */
export function createRunScorer(
  pool: PoolView,
  info: RunScorerInfo,
  entries: Iterable<RunEntry>,
): Scorer & {
  listed(q: number): ReadonlySet<number>;
} {
  const queryIndex = new Map(pool.queryIds.map((id, q) => [id, q]));
  const docIndex = new Map(pool.docIds.map((id, d) => [id, d]));
  const scores = pool.queryIds.map(() => new Map<number, number>());
  const fail = (entry: RunEntry, what: string) =>
    new AnalysesError(
      'invalid-run',
      `@execret/analyses createRunScorer: ${entry.origin ?? `${entry.queryId} ${entry.docId}`}: ${what}`,
    );
  for (const entry of entries) {
    const q = queryIndex.get(entry.queryId);
    if (q === undefined) throw fail(entry, `query ${JSON.stringify(entry.queryId)} is not in the dataset`);
    const d = docIndex.get(entry.docId);
    if (d === undefined) throw fail(entry, `document ${JSON.stringify(entry.docId)} is not in the dataset's corpus`);
    if (!Number.isFinite(entry.score)) throw fail(entry, `score ${entry.score} is not a finite number`);
    if (scores[q]!.has(d)) throw fail(entry, `document ${entry.docId} is listed twice for query ${entry.queryId}`);
    scores[q]!.set(d, entry.score);
  }
  const floor = scores.map((m) => {
    let low = Number.POSITIVE_INFINITY;
    for (const s of m.values()) if (s < low) low = s;
    return low === Number.POSITIVE_INFINITY ? 0 : low - Math.max(1, Math.abs(low));
  });
  const listedSets = scores.map((m) => new Set(m.keys()));
  const scoreOf = (q: number, d: number) => scores[q]!.get(d) ?? floor[q]!;
  return {
    id: info.id,
    similarity: 'run',
    configHash: info.configHash,
    provider: info.provider,
    listed: (q) => listedSets[q]!,
    async rank(docs, k): Promise<ScorerRanking> {
      const nQ = pool.queryIds.length;
      const width = Math.min(k, docs.length);
      const indices = new Int32Array(nQ * width);
      const out = new Float64Array(nQ * width);
      for (let q = 0; q < nQ; q++) {
        const order = Array.from(docs).sort((a, b) => scoreOf(q, b) - scoreOf(q, a) || b - a);
        for (let i = 0; i < width; i++) {
          indices[q * width + i] = order[i]!;
          out[q * width + i] = scoreOf(q, order[i]!);
        }
      }
      return { indices, scores: out, k: width };
    },
    async groupScores(): Promise<GroupScores> {
      return {
        canonical: Float64Array.from(pool.canonicals, (ids, q) => scoreOf(q, ids[0]!)),
        distractors: pool.distractors.map((ids, q) => Float64Array.from(ids, (d) => scoreOf(q, d))),
      };
    },
  };
}
