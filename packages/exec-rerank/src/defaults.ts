/** The project's seed (the release's bootstrap seed); default of every seeded choice here. */
export const DEFAULT_EXEC_RERANK_SEED = 20260510;
/** Generated inputs per near-clone group (`exec/consensus`, `exec/probe@…`). */
export const DEFAULT_PROBE_COUNT = 256;
/** Wall-clock limit of one probe call inside the sandbox, in milliseconds (safety net for work done in C). */
export const DEFAULT_PROBE_TIMEOUT_MS = 1000;
/** Trace events one probe call may spend (the deterministic limit on slow and endless calls). */
export const DEFAULT_PROBE_STEPS = 20_000;
/** Address space one probe call may add, in MiB (bigger allocations raise `MemoryError` at once). */
export const DEFAULT_PROBE_MEMORY_MB = 16;
/** Probes per oracle job: a candidate's probes run as several suites, each with the oracle's full timeout. */
export const DEFAULT_PROBES_PER_SUITE = 64;
/** Trace events the probes of one suite may spend together (keeps a suite well inside the oracle's timeout). */
export const DEFAULT_SUITE_PROBE_STEPS = 500_000;
/** Tests asked of the chat model (`exec/tests@…`). */
export const DEFAULT_TEST_COUNT = 10;
/** A generated test is discarded when it crashes on more than this share of the candidates it was written for. */
export const DEFAULT_MAX_CRASH_FRACTION = 0.5;
/** Most disagreeing inputs asked of the chat model (`exec/probe@…`). */
export const DEFAULT_MAX_QUESTIONS = 10;
/** Default score of `exec/tests@…`. */
export const DEFAULT_TESTS_SCORING = 'dual-agreement';
/** Version of the probe helper and test text (see `pythonProbeCode`); part of every probing reranker's `configHash`. */
export const PROBE_TEST_VERSION = 'python-probe/5';
/** The second stages a default run adds over {@link DEFAULT_RERANKED_FIRST_STAGE}: the artifact baselines. */
export const DEFAULT_SECOND_STAGES: readonly string[] = ['exec/consensus', 'exec/random-clone'];
/** The first stage a default run's second stages rerank (`@execret/analyses`' BM25 scorer's id). */
export const DEFAULT_RERANKED_FIRST_STAGE = 'bm25';
