/** The project's seed (the release's bootstrap seed); default of every seeded choice here. */
export const DEFAULT_SEED = 20260510;
/** Generated inputs per near-clone group (`exec/consensus`, `exec/probe@…`). */
export const DEFAULT_PROBE_COUNT = 256;
/** Wall-clock budget of one probe call inside the sandbox, in milliseconds. */
export const DEFAULT_PROBE_TIMEOUT_MS = 250;
/** Tests asked of the chat model (`exec/tests@…`). */
export const DEFAULT_TEST_COUNT = 10;
/** A generated test is discarded when it crashes on more than this share of the candidates it was written for. */
export const DEFAULT_MAX_CRASH_FRACTION = 0.5;
/** Most disagreeing inputs asked of the chat model (`exec/probe@…`). */
export const DEFAULT_MAX_QUESTIONS = 10;
/** Default score of `exec/tests@…`. */
export const DEFAULT_TESTS_SCORING = 'dual-agreement';
/** Version of the probe helper and test text (see `pythonProbeCode`); part of every probing reranker's `configHash`. */
export const PROBE_TEST_VERSION = 'python-probe/2';
