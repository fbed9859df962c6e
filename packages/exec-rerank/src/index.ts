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
export {
  type ChatCompletionBody,
  type ChatCompletionOutcome,
  type ChatEndpoint,
  type ChatEndpointOptions,
  type ChatFunction,
  createChatEndpoint,
  DEFAULT_OPENAI_BASE_URL,
} from './chat/chat-endpoint.js';
export { type ChatModelId, parseChatModelId } from './chat/chat-model-id.js';
export { PROBE_PROMPT_VERSION, PROBE_SYSTEM_PROMPT, PROBE_USER_TEMPLATE, probeMessages } from './chat/probe-prompt.js';
export { TESTS_PROMPT_VERSION, TESTS_SYSTEM_PROMPT, TESTS_USER_TEMPLATE, testsMessages } from './chat/tests-prompt.js';
export { type CodeLiterals, mergeCodeLiterals } from './code-literals.js';
export { addExecRerankCost, emptyExecRerankCost } from './cost-meter.js';
export { crashingTests } from './crashing-tests.js';
export { createExecReranker, EXEC_RERANKER_IDS } from './create-exec-reranker.js';
export {
  DEFAULT_EXEC_RERANK_SEED,
  DEFAULT_MAX_CRASH_FRACTION,
  DEFAULT_MAX_QUESTIONS,
  DEFAULT_PROBE_COUNT,
  DEFAULT_PROBE_MEMORY_MB,
  DEFAULT_PROBE_STEPS,
  DEFAULT_PROBE_TIMEOUT_MS,
  DEFAULT_PROBES_PER_SUITE,
  DEFAULT_SUITE_PROBE_STEPS,
  DEFAULT_TEST_COUNT,
  DEFAULT_TESTS_SCORING,
  PROBE_TEST_VERSION,
} from './defaults.js';
export { disagreeingInputs } from './disagreeing-inputs.js';
export { dualAgreementScores } from './dual-agreement.js';
export {
  EXEC_RERANK_ERROR_CODES,
  ExecRerankError,
  type ExecRerankErrorCode,
  type ExecRerankErrorDetails,
} from './errors.js';
export type { Expectation } from './expectation.js';
export { type FunctionSignature, mainFunction, type ParameterSpec, signatureKey } from './function-signature.js';
export type { GeneratedTestIssue } from './generated-test-issue.js';
export type { ExecLanguage } from './language.js';
export { type MajorityAgreement, majorityAgreement } from './majority-agreement.js';
export { guessProbeKinds, PROBE_KINDS, type ProbeKind } from './param-kinds.js';
export { passFractionScores } from './pass-fraction.js';
export type { ProbeBudget } from './probe-budget.js';
export type { ProbeCall } from './probe-call.js';
export { generateProbeInputs, PROBE_GENERATOR_VERSION, type ProbeInputsOptions } from './probe-inputs.js';
export { type ProbeOutput, readProbeOutput } from './probe-output.js';
export type { ProbeValue } from './probe-value.js';
export { formatPythonValue } from './python/format-value.js';
export { pythonFunctions } from './python/functions.js';
export { PYTHON_LANGUAGE } from './python/language.js';
export { pythonLiterals } from './python/literals.js';
export { formatPythonCall, pythonProbeCode, pythonProbeTest } from './python/probe-test.js';
export { type PythonToken, type PythonTokens, tokenizePython } from './python/tokenize.js';
export { createConsensusReranker } from './rerankers/consensus.js';
export { createGeneratedTestsReranker } from './rerankers/generated-tests.js';
export { createLlmProbeReranker } from './rerankers/llm-probe.js';
export { createRandomCloneReranker } from './rerankers/random-clone.js';
export { seededPick } from './seeded-pick.js';
export { signatureGroup } from './signature-group.js';
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
