import type { GroupScores, PoolView, Scorer, SystemRanking } from '@execret/analyses';
import type { ExecRerankAudit, ExecRerankCost } from '@execret/exec-rerank';
import { canonicalJson, runConcurrently, sha256Hex } from '@execret/formats';
import type { RerankUsage } from '@execret/rerankers';
import type { SecondStage, SecondStageInfo } from './second-stages.js';

/** Between the first-stage id and the reranker id in a two-stage system's id: `bm25>>cohere/rerank-v3.5`. */
const TWO_STAGE_SEPARATOR = '>>';

/** Queries reranked at once (each reranker batches and retries within a query on its own). */
const RERANK_QUERY_CONCURRENCY = 4;

/**
 * The id of the system made of a first stage and a reranker over its top depth.
 *
 * @example
 * twoStageId('bm25', 'cohere/rerank-v3.5'); // 'bm25>>cohere/rerank-v3.5'
 */
export function twoStageId(firstStage: string, reranker: string): string {
  return `${firstStage}${TWO_STAGE_SEPARATOR}${reranker}`;
}

/** A ranked system as evaluation takes it: a first stage's ranking, or a two-stage one (rank-derived scores). */
export type RankedSystem = Omit<SystemRanking, 'similarity'> & {
  readonly similarity: SystemRanking['similarity'] | 'rank';
};

/** What a two-stage results file records under `execret.two_stage`. */
export interface TwoStageRecord {
  first_stage: string;
  first_stage_config_hash: string;
  depth: number;
  reranker: string;
  reranker_config_hash: string;
  reranker_provider: string;
  reranker_method: string;
}

/** One query's reranked decision, a line of `rerank/<system>.jsonl`. */
interface TwoStageDecision {
  query_id: string;
  /** The first stage's top depth, in its order (index 0 = first-stage rank 1). */
  candidates: string[];
  first_stage_scores: number[];
  /** The reranker's hits, best first: the two-stage order. Scores ±∞ are written as the strings `"Infinity"`/`"-Infinity"`. */
  hits: { index: number; corpus_id: string; score: number | string; raw_score: number | string }[];
  /** An execution reranker's audit (inputs or generated tests, outcomes, chat hashes, costs), else `null`. */
  audit: ExecRerankAudit | null;
}

/** A reranked first stage. */
export interface TwoStageSystem {
  readonly ranking: RankedSystem;
  readonly record: TwoStageRecord;
  readonly reranker: SecondStageInfo;
  readonly decisions: readonly TwoStageDecision[];
  /** Usage of this system alone (the reranker's `usage()` over its calls for this first stage). */
  readonly usage: RerankUsage;
  /** Execution costs of this system alone (execution rerankers), or `null`. */
  readonly costs: ExecRerankCost | null;
  /** (query, candidate) pairs handed to the reranker. */
  readonly pairs: number;
  readonly seconds: number;
}

/**
 * The first stage's top `depth` documents per query, in its order (score descending, ties by document id
 * descending, as `Scorer.rank` ranks), with their scores: taken from the kept run when it is deep enough, else
 * ranked again `depth` deep. A scorer over a precomputed run (`listed`) gives only the documents the run lists, so a
 * query whose run is shorter than `depth` has fewer candidates.
 */
export async function firstStageCandidates(
  scorer: Scorer,
  ranking: Pick<SystemRanking, 'runDocs' | 'runScores'>,
  pool: PoolView,
  depth: number,
): Promise<{ docs: Int32Array[]; scores: Float64Array[] }> {
  const k = Math.min(depth, pool.docIds.length);
  if (ranking.runDocs.every((docs) => docs.length >= k)) {
    return {
      docs: ranking.runDocs.map((docs) => docs.slice(0, k)),
      scores: ranking.runScores.map((scores) => scores.slice(0, k)),
    };
  }
  const ranked = await scorer.rank(
    Int32Array.from(pool.docIds, (_, d) => d),
    k,
  );
  const docs: Int32Array[] = [];
  const scores: Float64Array[] = [];
  pool.queryIds.forEach((_, q) => {
    const row = ranked.indices.subarray(q * ranked.k, q * ranked.k + k);
    const rowScores = ranked.scores.subarray(q * ranked.k, q * ranked.k + k);
    // A precomputed run (`score --run`) holds only the documents it lists: never pad it with the rest of the pool.
    const listed = scorer.listed?.(q);
    const keep = Array.from(row.keys()).filter((i) => listed === undefined || listed.has(row[i]!));
    docs.push(Int32Array.from(keep, (i) => row[i]!));
    scores.push(Float64Array.from(keep, (i) => rowScores[i]!));
  });
  return { docs, scores };
}

/**
 * Reranks a first stage's top `depth` with a second stage and returns the two-stage system. For each query the
 * reranker receives the query text and the candidates' code (never a test suite) in first-stage order; the
 * two-stage run is its order of all of them (its hits, ties already resolved in first-stage order by the
 * reranker) and nothing beyond depth. Run scores are rank-derived, `n − i` for the hit at 0-based position `i` of
 * `n`, strictly decreasing, so every tie rule (trec's id order, the expected mode) sees exactly the reranker's
 * order; the reranker's own scores are kept in the decisions. Group scores (the near-clone analyses) are the same
 * rank-derived scores, 0 for a group member outside the reranked depth (`NaN` without a canonical). The
 * pool-density ablation is not reranked (its list is empty). Queries are reranked `RERANK_QUERY_CONCURRENCY` at a
 * time and assembled in query order, so the result does not depend on which finished first.
 *
 * @throws {Error} when a reranker does not return every candidate exactly once
 */
export async function rankTwoStage(
  first: {
    readonly scorer: Scorer;
    readonly ranking: Pick<SystemRanking, 'id' | 'configHash' | 'runDocs' | 'runScores'>;
  },
  stage: SecondStage,
  pool: PoolView,
  depth: number,
  options: { signal: AbortSignal; onProgress?: (done: number, total: number) => void },
): Promise<TwoStageSystem> {
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
  const decisions: TwoStageDecision[] = new Array(nQueries);
  let done = 0;
  await runConcurrently(
    nQueries,
    RERANK_QUERY_CONCURRENCY,
    async (q, signal) => {
      const docs = candidates[q]!;
      // A query without candidates (a precomputed run that lists none) is not sent to the reranker.
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
    canonicalJson({
      v: 1,
      first_stage: first.ranking.configHash,
      depth,
      reranker: stage.info.configHash,
    }),
  );
  const ranking: RankedSystem = {
    id,
    similarity: 'rank',
    configHash,
    provider: stage.info.provider,
    runDocs,
    runScores,
    truncatedTieGroups: 0,
    group: rankGroupScores(pool, runDocs, runScores),
    ablation: [],
  };
  return {
    ranking,
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
    usage: usageSince(usageBefore, stage.usage()),
    costs: costsSince(costsBefore, stage.costs()),
    pairs: candidates.reduce((sum, docs) => sum + docs.length, 0),
    seconds: (performance.now() - started) / 1000,
  };
}

/** Each query's own canonical and distractors scored by their rank-derived two-stage score, 0 outside the run. */
function rankGroupScores(
  pool: PoolView,
  runDocs: readonly Int32Array[],
  runScores: readonly Float64Array[],
): GroupScores {
  const canonical = new Float64Array(pool.queryIds.length);
  const distractors = pool.queryIds.map((_, q) => {
    const score = new Map<number, number>();
    runDocs[q]!.forEach((d, i) => {
      score.set(d, runScores[q]![i]!);
    });
    const first = pool.canonicals[q]![0];
    canonical[q] = first === undefined ? Number.NaN : (score.get(first) ?? 0);
    return Float64Array.from(pool.distractors[q]!, (d) => score.get(d) ?? 0);
  });
  return { canonical, distractors };
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

function usageSince(before: RerankUsage, after: RerankUsage): RerankUsage {
  return {
    calls: after.calls - before.calls,
    requests: after.requests - before.requests,
    retries: after.retries - before.retries,
    documents: after.documents - before.documents,
    inputTokens: after.inputTokens - before.inputTokens,
    tokensEstimated: after.tokensEstimated,
    outputTokens: after.outputTokens - before.outputTokens,
    searchUnits: after.searchUnits - before.searchUnits,
    costUsd: after.costUsd === null ? null : after.costUsd - (before.costUsd ?? 0),
    seconds: after.seconds - before.seconds,
  };
}

function costsSince(before: ExecRerankCost | null, after: ExecRerankCost | null): ExecRerankCost | null {
  if (after === null) return null;
  const b = before ?? after;
  const minus = (k: Exclude<keyof ExecRerankCost, 'costUsd'>): number => after[k] - (before === null ? 0 : b[k]);
  return {
    chatCalls: minus('chatCalls'),
    chatRequests: minus('chatRequests'),
    chatCacheHits: minus('chatCacheHits'),
    promptTokens: minus('promptTokens'),
    completionTokens: minus('completionTokens'),
    costUsd: after.costUsd === null ? null : after.costUsd - (before?.costUsd ?? 0),
    executions: minus('executions'),
    executedTests: minus('executedTests'),
    cachedExecutions: minus('cachedExecutions'),
    executionMs: minus('executionMs'),
    seconds: minus('seconds'),
  };
}
