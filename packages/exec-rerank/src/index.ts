export {
  ARTIFACT_CACHE_VERSION,
  type ArtifactCache,
  type ArtifactCacheIssue,
  chatArtifactKey,
  formatArtifactLine,
  inputsArtifactKey,
  openArtifactCache,
  type ParsedArtifactCache,
  parseArtifactCache,
} from './artifact-cache.js';
export type { ArtifactRecord, ChatArtifact, ChatReply, ExecutionArtifact, InputsArtifact } from './artifact-record.js';
export { formatAuditLine } from './audit-line.js';
export type { ChatFunction } from './chat/chat-endpoint.js';
export type { ChatModelId } from './chat/chat-model-id.js';
export { CHAT_PROVIDER_ACCESS } from './chat/chat-provider-access.js';
export { PROBE_PROMPT_VERSION } from './chat/probe-prompt.js';
export { TESTS_PROMPT_VERSION } from './chat/tests-prompt.js';
export { addExecRerankCost, emptyExecRerankCost } from './cost-meter.js';
export { createExecReranker, EXEC_RERANKER_IDS } from './create-exec-reranker.js';
export { type DefaultSecondStages, defaultSecondStages } from './default-second-stages.js';
export {
  DEFAULT_EXEC_RERANK_SEED,
  DEFAULT_MAX_CRASH_FRACTION,
  DEFAULT_MAX_QUESTIONS,
  DEFAULT_PROBE_COUNT,
  DEFAULT_PROBE_MEMORY_MB,
  DEFAULT_PROBE_STEPS,
  DEFAULT_PROBE_TIMEOUT_MS,
  DEFAULT_PROBES_PER_SUITE,
  DEFAULT_RERANKED_FIRST_STAGE,
  DEFAULT_SECOND_STAGES,
  DEFAULT_SUITE_PROBE_STEPS,
  DEFAULT_TEST_COUNT,
  DEFAULT_TESTS_SCORING,
  PROBE_TEST_VERSION,
} from './defaults.js';
export {
  EXEC_RERANK_ERROR_CODES,
  ExecRerankError,
  type ExecRerankErrorCode,
  type ExecRerankErrorDetails,
} from './errors.js';
export type { ExecLanguage } from './language.js';
export { mergeArtifactCache } from './merge-artifact-cache.js';
export { PYTHON_LANGUAGE } from './python/language.js';
export { createConsensusReranker } from './rerankers/consensus.js';
export { createGeneratedTestsReranker } from './rerankers/generated-tests.js';
export { createLlmProbeReranker } from './rerankers/llm-probe.js';
export { createRandomCloneReranker } from './rerankers/random-clone.js';
export { parseSecondStageId, type SecondStageIdParts } from './second-stage-id.js';
export { languageUnreadable } from './second-stage-languages.js';
export {
  executesCandidates,
  type OpenSecondStagesOptions,
  openSecondStages,
  type RunSecondStage,
  runsModelWrittenCode,
  type SecondStageIdIssue,
  type SecondStages,
  secondStageIdIssue,
  secondStageIds,
} from './second-stages.js';
export { type TrackedArtifactCache, trackArtifactCache } from './tracked-artifact-cache.js';
export type {
  CandidateAudit,
  ChatAudit,
  ChatPrice,
  ExecOracle,
  ExecRerankAudit,
  ExecRerankCost,
  ExecReranker,
  ExecRerankerInfo,
  ExecRerankerOptions,
  ExecRerankMethod,
  ExecRerankResult,
  GeneratedTestAudit,
  InputsAudit,
  QuestionsAudit,
  TestsAudit,
  TestsScoring,
} from './types.js';
