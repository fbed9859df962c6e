import { codeSha256 } from '@execret/formats';
import {
  type RerankerConfig,
  type RerankOptions,
  type RerankUsage,
  rankHits,
  rerankerConfigHash,
} from '@execret/rerankers';
import { addExecRerankCost, CostMeter, emptyExecRerankCost } from './cost-meter.js';
import { type FunctionSignature, mainFunction, signatureKey } from './function-signature.js';
import type { ExecLanguage } from './language.js';
import { signatureGroup } from './signature-group.js';
import type {
  CandidateAudit,
  ChatPrice,
  ExecRerankAudit,
  ExecReranker,
  ExecRerankerInfo,
  ExecRerankResult,
} from './types.js';

/** What a scorer sees of one `rerank` call. @internal */
export interface ScoreContext {
  readonly query: string;
  readonly candidates: readonly string[];
  readonly codeHashes: readonly string[];
  /** Each candidate's main function (`mainFunction` without a target). */
  readonly mains: readonly (FunctionSignature | null)[];
  /** The top candidate's near-clone group. */
  readonly group: readonly number[];
  readonly signal: AbortSignal | undefined;
  readonly meter: CostMeter;
}

/** What a scorer returns: one score and raw score per candidate, and its part of the audit. @internal */
export interface Scored {
  readonly scores: ArrayLike<number>;
  readonly rawScores: ArrayLike<number>;
  readonly audit: Pick<ExecRerankAudit, 'picked' | 'inputs' | 'tests' | 'questions' | 'chat'>;
  readonly querySha256: string | null;
}

/** Settings of an exec reranker, before hashing (no `weights`: it loads no model). @internal */
export type ExecRerankerSettings = Omit<ExecRerankerInfo, 'configHash' | 'weights'>;

/**
 * The configuration hash of an exec reranker: `rerankerConfigHash` of `@execret/rerankers` over the same hashed
 * settings (provider `exec` is outside that package's provider union, hence the cast).
 */
function configHash(settings: ExecRerankerSettings): string {
  return rerankerConfigHash(settings as unknown as RerankerConfig);
}

function check(query: string, candidates: readonly string[], options: RerankOptions | undefined, id: string): void {
  const where = `@execret/exec-rerank ${id} rerank`;
  if (typeof query !== 'string') throw new TypeError(`${where}: query must be a string, received ${typeof query}`);
  if (!Array.isArray(candidates)) throw new TypeError(`${where}: candidates must be an array of strings`);
  candidates.forEach((c, i) => {
    if (typeof c !== 'string') throw new TypeError(`${where}: candidates[${i}] must be a string, received ${typeof c}`);
  });
  const topN = options?.topN;
  if (topN !== undefined && (!Number.isInteger(topN) || topN < 1))
    throw new RangeError(`${where}: topN must be an integer >= 1, received ${topN}`);
}

/**
 * A shard's keyed share of one call's executions, deciding nothing (see `ExecReranker.prefill`): what the scorer
 * would execute for `ctx`, only the jobs whose key `mine` accepts. @internal
 */
export type PrefillShare = (ctx: ScoreContext, mine: (key: string) => boolean) => Promise<void>;

/**
 * Wraps a scorer into an {@link ExecReranker}: validation, parsing of every candidate's functions, the near-clone
 * group, ordering (score descending, ties by input index: `rankHits`), `topN`, audit and costs; with `prefill`, the
 * reranker's `prefill` on the same context (its costs counted in `costs()`). @internal
 */
export function buildExecReranker(
  settings: ExecRerankerSettings,
  language: ExecLanguage,
  price: ChatPrice | undefined,
  seed: number | null,
  score: (ctx: ScoreContext) => Promise<Scored>,
  prefill?: PrefillShare,
): ExecReranker {
  const info: ExecRerankerInfo = Object.freeze({ ...settings, configHash: configHash(settings), weights: null });
  let total = emptyExecRerankCost(price !== undefined);
  let calls = 0;
  let documents = 0;
  let closed = false;
  /** What a scorer sees of a call: the candidates parsed, their hashes, the near-clone group, a fresh meter. */
  const context = (query: string, candidates: readonly string[], signal: AbortSignal | undefined): ScoreContext => {
    const mains = candidates.map((c) => mainFunction(language.functions(c)));
    return {
      query,
      candidates,
      codeHashes: candidates.map(codeSha256),
      mains,
      group: signatureGroup(mains),
      signal,
      meter: new CostMeter(price),
    };
  };
  const rerankDetailed = async (
    query: string,
    candidates: readonly string[],
    options?: RerankOptions,
  ): Promise<ExecRerankResult> => {
    if (closed) throw new TypeError(`@execret/exec-rerank ${info.id}: rerank() called after close()`);
    check(query, candidates, options, info.id);
    const started = performance.now();
    const ctx = context(query, candidates, options?.signal);
    const { meter, codeHashes, mains, group } = ctx;
    const scored =
      candidates.length === 0 ? { scores: [], rawScores: [], audit: {}, querySha256: null } : await score(ctx);
    const all = rankHits(scored.scores, scored.rawScores);
    const hits = options?.topN === undefined ? all : all.slice(0, options.topN);
    const cost = meter.snapshot((performance.now() - started) / 1000);
    total = addExecRerankCost(total, cost);
    calls += 1;
    documents += candidates.length;
    const inGroup = new Set(group);
    const audited: CandidateAudit[] = candidates.map((_, index) => {
      const m = mains[index] ?? null;
      return {
        index,
        codeSha256: codeHashes[index] as string,
        functionName: m?.name ?? null,
        signature: m === null ? null : signatureKey(m),
        inGroup: inGroup.has(index),
      };
    });
    const audit: ExecRerankAudit = {
      reranker: info.id,
      configHash: info.configHash,
      method: info.method,
      querySha256: scored.querySha256,
      candidates: audited,
      group,
      seed,
      ...scored.audit,
      hits: all,
      cost,
    };
    return { hits, audit, cost };
  };
  return {
    info,
    rerankDetailed,
    ...(prefill
      ? {
          prefill: async (
            query: string,
            candidates: readonly string[],
            options: { signal?: AbortSignal; mine: (key: string) => boolean },
          ) => {
            if (closed) throw new TypeError(`@execret/exec-rerank ${info.id}: prefill() called after close()`);
            check(query, candidates, undefined, info.id);
            if (candidates.length === 0) return;
            const started = performance.now();
            const ctx = context(query, candidates, options.signal);
            await prefill(ctx, options.mine);
            total = addExecRerankCost(total, ctx.meter.snapshot((performance.now() - started) / 1000));
          },
        }
      : {}),
    rerank: async (query, candidates, options) => (await rerankDetailed(query, candidates, options)).hits,
    costs: () => total,
    usage: (): RerankUsage => ({
      calls,
      requests: total.chatRequests,
      retries: total.chatRequests - total.chatCalls,
      documents,
      inputTokens: total.promptTokens,
      tokensEstimated: false,
      outputTokens: total.completionTokens,
      searchUnits: 0,
      costUsd: total.costUsd,
      seconds: total.seconds,
    }),
    close: async () => {
      closed = true;
    },
  };
}
