import type { LlmRerankerOptions } from './llm/chat-reranker.js';
import { toRerankerConfig } from './providers/common.js';
import type { RerankApiOptions } from './providers/rerank-api.js';
import type { CrossEncoderOptions } from './providers/transformers-cross-encoder.js';
import { type RerankerOverrides, resolveRerankerInfo } from './resolve-info.js';
import type { Reranker, RerankerConfig, RerankerInfo, RerankerProvider } from './types.js';

/** Options of {@link createReranker}: the union of every backend's options (each backend reads its own). */
export interface CreateRerankerOptions extends RerankApiOptions, CrossEncoderOptions, LlmRerankerOptions {}

/** Each backend's factory, imported when first used (SDKs load lazily); fusions are built from other rerankers. */
const BACKENDS: Readonly<
  Record<
    Exclude<RerankerProvider, 'fusion'>,
    () => Promise<(config: RerankerConfig, options: CreateRerankerOptions) => Reranker | Promise<Reranker>>
  >
> = {
  transformers: async () => (await import('./providers/transformers-cross-encoder.js')).createCrossEncoderReranker,
  cohere: async () => (await import('./providers/cohere.js')).createCohereReranker,
  voyage: async () => (await import('./providers/voyage.js')).createVoyageReranker,
  jina: async () => (await import('./providers/jina.js')).createJinaReranker,
  mixedbread: async () => (await import('./providers/mixedbread.js')).createMixedbreadReranker,
  tei: async () => (await import('./providers/tei.js')).createTeiReranker,
  vllm: async () => (await import('./providers/vllm.js')).createVllmReranker,
  'openai-compatible': async () => (await import('./llm/chat-reranker.js')).createLlmReranker,
};

/**
 * Creates the reranker of a registry id (or a full configuration), loading its backend module and SDK lazily:
 * `transformers` → `@execret/rerankers/transformers` (needs `@huggingface/transformers`), `cohere` →
 * `@execret/rerankers/cohere` (needs `cohere-ai`), `openai-compatible` → `@execret/rerankers/llm` (needs `openai`),
 * and the fetch-based APIs (`voyage`, `jina`, `mixedbread`, `tei`, `vllm`), which need nothing. Fusion and cascades
 * are built from other rerankers with `createReciprocalRankFusion`, `createInterpolation` and `createCascade`.
 *
 * @throws {RerankersError} `unknown-reranker`, `auth` (hosted API without `apiKey`), `missing-dependency`,
 *   `model-unavailable`
 * @example
 * const reranker = await createReranker('cohere/rerank-v3.5', { apiKey: process.env.COHERE_API_KEY });
 * const hits = await reranker.rerank('check that a number is even', snippets, { topN: 10 });
 * // [{ index: 3, score: 0.97, rawScore: 0.97 }, ...]
 */
export async function createReranker(
  reranker: string | RerankerConfig,
  options: CreateRerankerOptions = {},
): Promise<Reranker> {
  const config = toRerankerConfig(reranker);
  if (config.provider === 'fusion') {
    throw new TypeError(
      `@execret/rerankers createReranker: ${config.id} combines other rerankers; build it with createReciprocalRankFusion, createInterpolation or createCascade`,
    );
  }
  return (await BACKENDS[config.provider]())(config, options);
}

/**
 * The `info` (with `configHash`) a reranker would have, without IO, keys or SDKs.
 *
 * @example
 * describeReranker('voyage/rerank-2.5').configHash; // 64 hex digits
 */
export function describeReranker(reranker: string | RerankerConfig, overrides: RerankerOverrides = {}): RerankerInfo {
  return resolveRerankerInfo(toRerankerConfig(reranker), overrides);
}
