import {
  canonicalJson,
  type RerankUsage,
  runConcurrently,
  type SecondStageInfo,
  sha256Hex,
  type TwoStageRecord,
} from '@execret/formats';
import { difference } from '../fusion/reciprocal-rank-fusion.js';
import {
  type FirstStageRanking,
  type FirstStageScorer,
  firstStageCandidates,
  type TwoStagePool,
} from './first-stage.js';
import type { SecondStage } from './second-stage.js';
import { twoStageId } from './two-stage-id.js';

/** Queries reranked at once (each reranker batches and retries within a query on its own). */
const RERANK_QUERY_CONCURRENCY = 4;

/** One query's reranked decision: a line of a results folder's `rerank/<system>.jsonl`. */
export interface TwoStageDecision<Audit = unknown> {
  query_id: string;
  /** The first stage's top depth, in its order (index 0 = first-stage rank 1). */
  candidates: string[];
  first_stage_scores: number[];
  /** The reranker's hits, best first: the two-stage order. Scores ±∞ and NaN are the strings `"Infinity"`, `"-Infinity"`, `"NaN"`. */
  hits: { index: number; corpus_id: string; score: number | string; raw_score: number | string }[];
  /** An audited reranker's audit of this decision, else `null`. */
  audit: Audit | null;
}

/** A reranked first stage: see {@link rankTwoStage}. */
export interface TwoStageSystem<Audit = unknown, Costs = unknown> {
  /** The two-stage run: id `<first>>><reranker>`, rank-derived scores, nothing beyond depth. */
  readonly run: {
    readonly id: string;
    readonly configHash: string;
    /** The reranker's provider. */
    readonly provider: string;
    readonly runDocs: Int32Array[];
    readonly runScores: Float64Array[];
  };
  /** What a results file records of the system (`execret.two_stage`), in this field order. */
  readonly record: TwoStageRecord;
  readonly reranker: SecondStageInfo;
  /** One decision per query, in pool order. */
  readonly decisions: readonly TwoStageDecision<Audit>[];
  /** Usage of this system alone (the reranker's `usage()` over its calls for this first stage). */
  readonly usage: RerankUsage;
  /** Costs of this system alone (an audited reranker's counters), or `null`. */
  readonly costs: Costs | null;
  /** (query, candidate) pairs handed to the reranker. */
  readonly pairs: number;
  readonly seconds: number;
}

/** Options of {@link rankTwoStage}. */
export interface RankTwoStageOptions {
  readonly signal: AbortSignal;
  /** After each reranked query: queries done and in all. */
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * Reranks a first stage's top `depth` with a second stage and returns the two-stage system. For each query the
 * reranker receives the query text and the candidates' code (never a test suite) in first-stage order (see
 * {@link firstStageCandidates}); the two-stage run is its order of all of them (its hits, ties already resolved in
 * first-stage order by the reranker) and nothing beyond depth. Run scores are rank-derived, `n − i` for the hit at
 * 0-based position `i` of `n`, strictly decreasing, so every tie rule (trec's id order, the expected mode) sees
 * exactly the reranker's order; the reranker's own scores are kept in the decisions. A query without candidates is
 * not sent. Queries are reranked four at a time and assembled in query order, so the result does not depend on which
 * finished first. The config hash is SHA-256 of the canonical JSON of
 * `{ v: 1, first_stage: <first-stage config hash>, depth, reranker: <reranker config hash> }`. Usage and costs are
 * those of this system's calls alone (the stage may serve several first stages).
 *
 * @throws {Error} when a reranker does not return every candidate exactly once
 * @example
 * const system = await rankTwoStage({ scorer, ranking }, stage, pool, 10, { signal });
 * system.run.id; // 'bm25>>cohere/rerank-v3.5'
 */
export async function rankTwoStage<Audit, Costs>(
  first: { readonly scorer: FirstStageScorer; readonly ranking: FirstStageRanking },
  stage: SecondStage<Audit, Costs>,
  pool: TwoStagePool,
  depth: number,
  options: RankTwoStageOptions,
): Promise<TwoStageSystem<Audit, Costs>> {
  const started = performance.now();
  const usageBefore = stage.usage();
  const costsBefore = stage.costs();
  const id = twoStageId(first.ranking.id, stage.info.id);
  const { docs: candidates, scores: firstScores } = await firstStageCandidates(
    first.scorer,
    first.ranking,
    pool,
    depth,
  );
  const nQueries = pool.queryIds.length;
  const runDocs: Int32Array[] = new Array(nQueries);
  const runScores: Float64Array[] = new Array(nQueries);
  const decisions: TwoStageDecision<Audit>[] = new Array(nQueries);
  let done = 0;
  await runConcurrently(
    nQueries,
    RERANK_QUERY_CONCURRENCY,
    async (q, signal) => {
      const docs = candidates[q]!;
      const decision =
        docs.length === 0
          ? { hits: [], audit: null }
          : await stage.rerank(
              pool.queryTexts[q]!,
              Array.from(docs, (d) => pool.code[d]!),
              { signal, firstStageScores: Array.from(firstScores[q]!) },
            );
      checkPermutation(decision.hits, docs.length, id, pool.queryIds[q]!);
      const n = docs.length;
      runDocs[q] = Int32Array.from(decision.hits, (h) => docs[h.index]!);
      runScores[q] = Float64Array.from(decision.hits, (_, i) => n - i);
      decisions[q] = {
        query_id: pool.queryIds[q]!,
        candidates: Array.from(docs, (d) => pool.docIds[d]!),
        first_stage_scores: Array.from(firstScores[q]!),
        hits: decision.hits.map((h) => ({
          index: h.index,
          corpus_id: pool.docIds[docs[h.index]!]!,
          score: jsonNumber(h.score),
          raw_score: jsonNumber(h.rawScore),
        })),
        audit: decision.audit,
      };
      done++;
      options.onProgress?.(done, nQueries);
    },
    options.signal,
  );
  options.signal.throwIfAborted();
  const configHash = sha256Hex(
    canonicalJson({ v: 1, first_stage: first.ranking.configHash, depth, reranker: stage.info.configHash }),
  );
  const usageAfter = stage.usage();
  return {
    run: { id, configHash, provider: stage.info.provider, runDocs, runScores },
    record: {
      first_stage: first.ranking.id,
      first_stage_config_hash: first.ranking.configHash,
      depth,
      reranker: stage.info.id,
      reranker_config_hash: stage.info.configHash,
      reranker_provider: stage.info.provider,
      reranker_method: stage.info.method,
    },
    reranker: stage.info,
    decisions,
    // Rerankers' usage delta (fusion's `difference`, which leaves `calls` to the caller), with this system's calls.
    usage: { ...difference(usageAfter, usageBefore), calls: usageAfter.calls - usageBefore.calls },
    costs: countersSince(costsBefore, stage.costs()),
    pairs: candidates.reduce((sum, docs) => sum + docs.length, 0),
    seconds: (performance.now() - started) / 1000,
  };
}

function checkPermutation(hits: readonly { index: number }[], n: number, id: string, queryId: string): void {
  const seen = new Uint8Array(n);
  for (const { index } of hits) {
    if (!Number.isInteger(index) || index < 0 || index >= n || seen[index] === 1) {
      throw new Error(`execret: ${id} on ${queryId}: hit index ${index} is out of range or repeated (${n} candidates)`);
    }
    seen[index] = 1;
  }
  if (hits.length !== n)
    throw new Error(`execret: ${id} on ${queryId}: ${hits.length} hits for ${n} candidates (every one is ranked)`);
}

/** A score as JSON can hold it: finite numbers as themselves, ±∞ as `"Infinity"` / `"-Infinity"`, NaN as `"NaN"`. */
function jsonNumber(x: number): number | string {
  return Number.isFinite(x) ? x : String(x);
}

/**
 * `after − before` of two cost readings, field by field: a `null` field of `after` (an unpriced dollar figure) stays
 * `null`, a `null` field of `before` counts as 0; `null` when the stage counts no costs.
 */
function countersSince<Costs>(before: Costs | null, after: Costs | null): Costs | null {
  if (after === null) return null;
  const earlier = (before ?? {}) as Record<string, number | null | undefined>;
  return Object.fromEntries(
    Object.entries(after as Record<string, number | null>).map(([key, value]) => [
      key,
      value === null ? null : value - (earlier[key] ?? 0),
    ]),
  ) as Costs;
}
