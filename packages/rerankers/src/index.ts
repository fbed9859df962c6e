export { mergeScoreCache } from './cache/merge-score-cache.js';
export {
  formatScoreLine,
  openScoreCache,
  parseScoreCache,
  type ScoreCache,
  type ScoreCacheIssue,
  type ScoreRecord,
} from './cache/score-cache.js';
export { withScoreCache } from './cache/with-score-cache.js';
export { HASHED_RERANKER_SETTINGS, rerankerConfigHash } from './config-hash.js';
export { type CreateRerankerOptions, createReranker, describeReranker } from './create-reranker.js';
export { RerankersError, type RerankersErrorCode, type RerankersErrorDetails } from './errors.js';
export { createCascade } from './fusion/cascade.js';
export { createInterpolation, DEFAULT_INTERPOLATION_ALPHA, minMax } from './fusion/interpolation.js';
export {
  createReciprocalRankFusion,
  DEFAULT_RRF_K,
  type ReciprocalRankFusionOptions,
} from './fusion/reciprocal-rank-fusion.js';
export { PROVIDER_ACCESS as RERANKER_PROVIDER_ACCESS } from './provider-access.js';
export { createJinaReranker, DEFAULT_JINA_RERANK_BASE_URL } from './providers/jina.js';
export { createMixedbreadReranker, DEFAULT_MIXEDBREAD_RERANK_BASE_URL } from './providers/mixedbread.js';
export { qwen3RerankerDocument, qwen3RerankerQuery } from './providers/qwen3-prompt.js';
export type { RerankApiOptions } from './providers/rerank-api.js';
export { createTeiReranker } from './providers/tei.js';
export { createVllmReranker } from './providers/vllm.js';
export { createVoyageReranker, DEFAULT_VOYAGE_RERANK_BASE_URL } from './providers/voyage.js';
export { rankHits } from './rank-hits.js';
export {
  getRerankerConfig,
  listRerankers,
  QWEN3_RERANKER_DEFAULT_INSTRUCTION,
  RERANKER_REGISTRY,
} from './registry.js';
export {
  createRemoteReranker,
  DEFAULT_RERANK_CONCURRENCY,
  type RemoteRerankerOptions,
  type RerankAdapter,
  type RerankRequest,
  type RerankResponse,
} from './remote-reranker.js';
export { type RerankerOverrides, resolveRerankerInfo } from './resolve-info.js';
export {
  type AuditedReranker,
  auditedStage,
} from './two-stage/audited-stage.js';
export {
  type FirstStageRanking,
  type FirstStageScorer,
  firstStageCandidates,
  type TwoStagePool,
} from './two-stage/first-stage.js';
export {
  type RankTwoStageOptions,
  rankTwoStage,
  type TwoStageDecision,
  type TwoStageSystem,
} from './two-stage/rank-two-stage.js';
export {
  type RankTwoStageSystemsOptions,
  rankTwoStageSystems,
  type TwoStageFirstStage,
  twoStageCandidateRuns,
} from './two-stage/rank-two-stage-systems.js';
export { scoreCacheStage } from './two-stage/score-cache-stage.js';
export {
  type SecondStage,
  type SecondStageDecision,
  type SecondStageInfo,
  secondStageInfo,
} from './two-stage/second-stage.js';
export {
  type ShardTwoStageSystemsOptions,
  shardTwoStageSystems,
  type TwoStageShardWork,
  type TwoStageShare,
} from './two-stage/shard-two-stage-systems.js';
export {
  type TwoStageDeriver,
  type TwoStagePlan,
  twoStageDeriver,
} from './two-stage/two-stage-deriver.js';
export { DEFAULT_RERANK_DEPTH, TWO_STAGE_SEPARATOR, twoStageId } from './two-stage/two-stage-id.js';
export { type TwoStageSummary, twoStageSummary } from './two-stage/two-stage-summary.js';
export type * from './types.js';
