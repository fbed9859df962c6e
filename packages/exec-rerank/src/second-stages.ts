import {
  auditedStage,
  type CreateRerankerOptions,
  createReranker,
  describeReranker,
  listRerankers,
  openScoreCache,
  RerankersError,
  type ScoreCache,
  type SecondStage,
  scoreCacheStage,
  withScoreCache,
} from '@execret/rerankers';
import { openArtifactCache } from './artifact-cache.js';
import { createExecReranker, EXEC_RERANKER_IDS } from './create-exec-reranker.js';
import { ExecRerankError } from './errors.js';
import { parseSecondStageId } from './second-stage-id.js';
import { type TrackedArtifactCache, trackArtifactCache } from './tracked-artifact-cache.js';
import type { ExecOracle, ExecRerankAudit, ExecRerankCost, ExecRerankerOptions } from './types.js';

/** A second stage of a run: a model reranker behind the score cache, or an execution reranker with its audit. */
export type RunSecondStage = SecondStage<ExecRerankAudit, ExecRerankCost>;

/** The second stages of a run, with the caches they share; see {@link openSecondStages}. */
export interface SecondStages {
  /** One stage per id, in the order of the ids. */
  readonly stages: readonly RunSecondStage[];
  /**
   * The artifact records (chat replies, generated inputs, executions) read or written by the execution rerankers
   * since they were opened, as artifact-cache lines: chat replies, inputs, then executions, each by key in
   * code-point order (so the copy does not depend on the order queries finished).
   */
  artifactLines(): string[];
  /** Closes every reranker and both caches. */
  close(): Promise<void>;
}

/** Why {@link openSecondStages} refuses an id; see {@link secondStageIdIssue}. */
export type SecondStageIdIssue = 'unknown' | 'fusion';

/** Whether an id names an execution reranker (`exec/…`) rather than one of `@execret/rerankers`' registry. */
function isExecId(id: string): boolean {
  return parseSecondStageId(id)?.kind !== 'model';
}

/**
 * Why an id cannot be opened as a second stage, or `undefined` when it can: `unknown` when it is neither a registry
 * id of `@execret/rerankers` nor `exec/consensus`, `exec/random-clone`, `exec/tests@<chat model>`,
 * `exec/probe@<chat model>` (chat model `openai/<model>` or `openai-compatible/<model>`); `fusion` for a registry
 * fusion reranker (built from other rerankers, not from an id).
 *
 * @example
 * secondStageIdIssue('cohere/rerank-v3.5');          // undefined
 * secondStageIdIssue('exec/tests@openai/gpt-5-mini'); // undefined
 * secondStageIdIssue('exec/tests@anthropic/claude');  // 'unknown'
 */
export function secondStageIdIssue(id: string): SecondStageIdIssue | undefined {
  if (isExecId(id)) return parseSecondStageId(id) === null ? 'unknown' : undefined;
  try {
    return describeReranker(id).provider === 'fusion' ? 'fusion' : undefined;
  } catch (error) {
    if (RerankersError.is(error)) return 'unknown';
    throw error;
  }
}

/** Every id (and id pattern) a second stage may have, for messages: the reranker registry's, then the execution rerankers'. */
export function secondStageIds(): string[] {
  return [...listRerankers().map((r) => r.id), ...EXEC_RERANKER_IDS];
}

/**
 * Whether the second stage of an id executes candidates in the oracle (every execution reranker but
 * `exec/random-clone`), so that {@link openSecondStages} needs `options.oracle` for it.
 */
export function executesCandidates(id: string): boolean {
  return isExecId(id) && id !== 'exec/random-clone';
}

/**
 * Whether the second stage of an id runs code or tests written by a language model (`exec/tests@…`, `exec/probe@…`),
 * which a caller may allow only inside a sandbox.
 */
export function runsModelWrittenCode(id: string): boolean {
  const kind = parseSecondStageId(id)?.kind;
  return kind === 'tests' || kind === 'probe';
}

/** Options of {@link openSecondStages}. */
export interface OpenSecondStagesOptions {
  /** The oracle the execution rerankers run candidates in (the benchmark's, same sandbox and limits); never closed here. */
  readonly oracle?: ExecOracle;
  /** The model rerankers' score cache (`@execret/rerankers`' `openScoreCache`), opened with the first of them. */
  readonly scoreCacheFile: string;
  /** The execution rerankers' artifact cache ({@link openArtifactCache}), opened with the first of them. */
  readonly artifactCacheFile: string;
  /** Options of a model reranker by id (key, base URL, local weights, price); default none. */
  readonly rerankerOptions?: (id: string) => CreateRerankerOptions;
  /** Options of an execution reranker by id (a chat model's key and base URL, chat prices); default none. */
  readonly execOptions?: (id: string) => Omit<ExecRerankerOptions, 'oracle' | 'cache'>;
}

/**
 * Opens the second stages of `ids`, in order: registry rerankers through `createReranker` behind the score cache
 * (keyed by config hash, query and snippet hash, so reruns and killed runs pay only for what is missing), execution
 * rerankers through {@link createExecReranker} with the oracle and the artifact cache, tracked so that
 * `artifactLines()` can copy what the run used. Keys and endpoints come from the option callbacks only. On a failure
 * everything opened so far is closed.
 *
 * @throws {ExecRerankError} `unknown-reranker` for an id {@link secondStageIdIssue} refuses (before anything is
 *   opened); `oracle-missing` for an id that {@link executesCandidates} without `options.oracle`; and whatever
 *   creating a reranker or opening a cache throws
 * @example
 * const secondStages = await openSecondStages(['cohere/rerank-v3.5', 'exec/consensus'], {
 *   oracle, scoreCacheFile: 'cache/rerank/scores.jsonl', artifactCacheFile: 'cache/rerank/exec-artifacts.jsonl',
 *   rerankerOptions: () => ({ apiKey: process.env.COHERE_API_KEY }),
 * });
 */
export async function openSecondStages(
  ids: readonly string[],
  options: OpenSecondStagesOptions,
): Promise<SecondStages> {
  for (const id of ids) {
    const issue = secondStageIdIssue(id);
    if (issue !== undefined) {
      throw new ExecRerankError(
        'unknown-reranker',
        issue === 'fusion'
          ? `@execret/exec-rerank openSecondStages: ${id} is a fusion reranker, built from others, not from an id`
          : `@execret/exec-rerank openSecondStages: unknown reranker ${JSON.stringify(id)}; known: ${secondStageIds().join(', ')}`,
      );
    }
  }
  let scoreCache: ScoreCache | undefined;
  let artifacts: TrackedArtifactCache | undefined;
  const stages: RunSecondStage[] = [];
  const closers: (() => Promise<void>)[] = [];
  const close = async (): Promise<void> => {
    for (const closeOne of closers) await closeOne();
    scoreCache?.close();
    artifacts?.cache.close();
  };
  try {
    for (const id of ids) {
      if (isExecId(id)) {
        if (executesCandidates(id) && options.oracle === undefined)
          throw new ExecRerankError(
            'oracle-missing',
            `@execret/exec-rerank openSecondStages: ${id} executes candidates in the oracle, and no oracle was given`,
          );
        artifacts ??= trackArtifactCache(await openArtifactCache(options.artifactCacheFile));
        const reranker = createExecReranker(id, {
          ...(options.oracle ? { oracle: options.oracle } : {}),
          cache: artifacts.cache,
          ...options.execOptions?.(id),
        });
        closers.push(() => reranker.close());
        stages.push(auditedStage(reranker));
        continue;
      }
      scoreCache ??= await openScoreCache(options.scoreCacheFile);
      const reranker = await createReranker(id, options.rerankerOptions?.(id) ?? {});
      closers.push(() => reranker.close());
      stages.push(scoreCacheStage(reranker, withScoreCache(reranker, scoreCache)));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { stages, artifactLines: () => artifacts?.lines() ?? [], close };
}
