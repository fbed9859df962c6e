import type { ChatPrice } from '@execret/formats';
import { DEFAULT_BYTES_PER_TOKEN, estimateTokens, wrapHttpError } from '@execret/http';
import { checkRerankArguments } from '../check-rerank-arguments.js';
import { RerankersError } from '../errors.js';
import { expectRerankerProvider, toRerankerConfig } from '../providers/common.js';
import { rankHits } from '../rank-hits.js';
import { type RerankerOverrides, resolveRerankerInfo } from '../resolve-info.js';
import type { Reranker, RerankerConfig, RerankerInfo, RerankHit, RerankOptions, RerankUsage } from '../types.js';
import { addRerankUsage, emptyRerankUsage } from '../usage.js';
import type { ChatAnswer, ChatJudge } from './chat-judge.js';
import { listwiseOrder } from './listwise.js';
import { createOpenAIJudge, type OpenAIJudgeOptions } from './openai-judge.js';
import { pairwisePoints } from './pairwise.js';
import { pointwiseScores } from './pointwise.js';
import { truncateText } from './truncate-text.js';

/** Options of {@link createLlmReranker}. */
export interface LlmRerankerOptions extends OpenAIJudgeOptions, RerankerOverrides {
  /** Chat calls in flight at once for pointwise and pairwise (default 4). */
  concurrency?: number;
  /** UTF-8 bytes per token for the document cut and token estimates (default 3). */
  bytesPerToken?: number;
  /** List prices, for `usage().costUsd` (default: unpriced, `costUsd` null). */
  price?: ChatPrice;
  /** Clock in epoch milliseconds for `usage().seconds` (default `Date.now`). */
  now?: () => number;
}

/**
 * An LLM ranker over any OpenAI-compatible chat endpoint (OpenAI, vLLM, Ollama, …), through the `openai` SDK.
 * `info.method` decides the procedure; every document is first cut to `info.maxLength` estimated tokens:
 * - `llm-pointwise` — one yes/no call per candidate; score = P("yes") from the first token's log-probabilities
 *   when `params.logprobs` (else from the answer text), rawScore = log-odds.
 * - `llm-listwise` — RankGPT sliding window (`params.windowSize`, `params.step`; structured output when
 *   `params.structuredOutput`); score = 1 / position, rawScore = position (1-based).
 * - `llm-pairwise` — every pair in both orders; rawScore = points (0 … n − 1), score = points / (n − 1).
 * Ties keep first-stage order. `apiKey` is optional for self-hosted servers.
 *
 * @throws {RerankersError} `missing-dependency` without the `openai` package; `response` for an answer outside the format
 * @example
 * const reranker = await createLlmReranker('openai-compatible/listwise-rankgpt', {
 *   baseUrl: 'http://localhost:8000/v1', model: 'Qwen/Qwen3-8B',
 * });
 */
export async function createLlmReranker(
  reranker: string | RerankerConfig,
  options: LlmRerankerOptions = {},
): Promise<Reranker> {
  const config = toRerankerConfig(reranker);
  expectRerankerProvider(config, 'openai-compatible');
  const info = resolveRerankerInfo(config, options);
  const label = '@execret/rerankers openai-compatible';
  const temperature = typeof info.params.temperature === 'number' ? info.params.temperature : 0;
  const judge = await createOpenAIJudge(info.model, temperature, options, label).catch((error: unknown) => {
    throw wrapHttpError(error, RerankersError);
  });
  return createJudgeReranker(info, judge, options);
}

/**
 * The LLM ranking procedures of {@link createLlmReranker} over any {@link ChatJudge} (an endpoint of your own, or a
 * stub in tests).
 *
 * @example
 * const reranker = createJudgeReranker(describeReranker('openai-compatible/pairwise-both-orders'), myJudge, {});
 */
export function createJudgeReranker(
  info: RerankerInfo,
  judge: ChatJudge,
  options: Pick<LlmRerankerOptions, 'concurrency' | 'bytesPerToken' | 'price' | 'now'>,
): Reranker {
  const label = `@execret/rerankers ${info.provider}`;
  const concurrency = options.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`${label}: concurrency must be an integer >= 1, received ${concurrency}`);
  }
  const bytesPerToken = options.bytesPerToken ?? DEFAULT_BYTES_PER_TOKEN;
  const now = options.now ?? Date.now;
  const price = options.price ?? null;
  let totals = emptyRerankUsage(price !== null);
  let closed = false;

  const rerank = async (
    query: string,
    candidates: readonly string[],
    opts: RerankOptions = {},
  ): Promise<RerankHit[]> => {
    checkRerankArguments(query, candidates, opts, info.provider);
    if (closed) throw new TypeError(`${label}: rerank() called after close()`);
    const started = now();
    const documents =
      info.maxLength === null
        ? candidates
        : candidates.map((c) => truncateText(c, info.maxLength as number, bytesPerToken));
    let usage: RerankUsage = emptyRerankUsage(price !== null);
    const onAnswer = (answer: ChatAnswer) => {
      const input = answer.inputTokens ?? 0;
      const output = answer.outputTokens ?? estimateTokens(answer.text, bytesPerToken);
      usage = addRerankUsage(usage, {
        ...emptyRerankUsage(price !== null),
        requests: 1,
        retries: answer.retries,
        inputTokens: input,
        tokensEstimated: answer.inputTokens === null,
        outputTokens: output,
        costUsd: price === null ? null : (input * price.inputUsdPerMillion + output * price.outputUsdPerMillion) / 1e6,
      });
    };
    const common = { label, onAnswer, ...(opts.signal === undefined ? {} : { signal: opts.signal }) };
    let scores: Float64Array;
    let raw: Float64Array;
    try {
      if (info.method === 'llm-pointwise') {
        ({ scores, rawScores: raw } = await pointwiseScores(judge, query, documents, {
          ...common,
          logprobs: info.params.logprobs !== false,
          concurrency,
        }));
      } else if (info.method === 'llm-listwise') {
        const order = await listwiseOrder(judge, query, documents, {
          ...common,
          windowSize: Number(info.params.windowSize ?? 20),
          step: Number(info.params.step ?? 10),
          structured: info.params.structuredOutput === true,
        });
        raw = new Float64Array(documents.length);
        scores = new Float64Array(documents.length);
        order.forEach((index, position) => {
          raw[index] = position + 1;
          scores[index] = 1 / (position + 1);
        });
      } else if (info.method === 'llm-pairwise') {
        const { points } = await pairwisePoints(judge, query, documents, { ...common, concurrency });
        raw = points;
        scores = points.map((p) => (documents.length > 1 ? p / (documents.length - 1) : 0));
      } else {
        throw new TypeError(`${label}: ${info.id} has method ${info.method}, not an LLM ranking method`);
      }
    } catch (error) {
      if (opts.signal?.aborted) {
        throw new RerankersError('aborted', `${label}: the request was aborted by the caller`, {
          cause: opts.signal.reason,
        });
      }
      throw wrapHttpError(error, RerankersError);
    }
    if (opts.signal?.aborted) {
      throw new RerankersError('aborted', `${label}: the request was aborted by the caller`, {
        cause: opts.signal.reason,
      });
    }
    totals = addRerankUsage(totals, {
      ...usage,
      calls: 1,
      documents: documents.length,
      seconds: (now() - started) / 1000,
    });
    return rankHits(scores, raw, opts.topN);
  };

  return {
    info,
    rerank,
    usage: () => totals,
    close: async () => {
      closed = true;
    },
  };
}
