import type { ChatPrice, ExecRerankCost } from '@execret/formats';
import type { Oracle } from '@execret/oracle';
import type { RerankerInfo, RerankHit, RerankOptions, RerankUsage } from '@execret/rerankers';
import type { ArtifactCache } from './artifact-cache.js';
import type { ChatEndpointOptions } from './chat/chat-endpoint.js';
import type { Expectation } from './expectation.js';
import type { GeneratedTestIssue } from './generated-test-issue.js';
import type { ExecLanguage } from './language.js';

export type { ChatPrice, ExecRerankCost } from '@execret/formats';

/**
 * - `exec-consensus`: MBR-exec agreement on model-free inputs (`exec/consensus`);
 * - `exec-random-clone`: a seeded random pick in the near-clone group (`exec/random-clone`);
 * - `exec-tests`: LLM-written tests, CodeT dual agreement or pass fraction (`exec/tests@<chat model>`);
 * - `exec-probe`: LLM-answered disagreeing inputs (`exec/probe@<chat model>`).
 */
export type ExecRerankMethod = 'exec-consensus' | 'exec-random-clone' | 'exec-tests' | 'exec-probe';

/** How `exec/tests@…` orders candidates (see the README for the exact definitions). */
export type TestsScoring = 'dual-agreement' | 'pass-fraction';

/**
 * `reranker.info`: the fields of `@execret/rerankers`' `RerankerInfo`, with `provider: 'exec'` and an
 * {@link ExecRerankMethod}. `configHash` is computed as `rerankerConfigHash` computes it.
 */
export interface ExecRerankerInfo extends Omit<RerankerInfo, 'provider' | 'method'> {
  readonly provider: 'exec';
  readonly method: ExecRerankMethod;
}

/** The part of an `Oracle` the rerankers use (a real one from `createOracle()`, or a wrapper). */
export type ExecOracle = Pick<Oracle, 'runMany'>;

/** Options of `createExecReranker`; which ones matter depends on the reranker (see the README). */
export interface ExecRerankerOptions extends ChatEndpointOptions {
  /** The sandbox every candidate runs in (required by all but `exec/random-clone`); never closed here. */
  oracle?: ExecOracle;
  /** Where chat replies, generated inputs and executions are cached (see `openArtifactCache`); never closed here. */
  cache?: ArtifactCache;
  /** Seed of input generation and of the random pick (default `DEFAULT_EXEC_RERANK_SEED`). */
  seed?: number;
  /** Inputs generated per group (default `DEFAULT_PROBE_COUNT`). */
  probeCount?: number;
  /** Wall-clock limit of one probe call in milliseconds (default `DEFAULT_PROBE_TIMEOUT_MS`). */
  probeTimeoutMs?: number;
  /** Trace events one probe call may spend (default `DEFAULT_PROBE_STEPS`). */
  probeSteps?: number;
  /** Trace events the probes of one suite may spend together (default `DEFAULT_SUITE_PROBE_STEPS`). */
  suiteProbeSteps?: number;
  /** Address space one probe call may add, in MiB (default `DEFAULT_PROBE_MEMORY_MB`). */
  probeMemoryMb?: number;
  /** Probes per oracle job (default `DEFAULT_PROBES_PER_SUITE`). */
  probesPerSuite?: number;
  /** Tests asked of the chat model (default `DEFAULT_TEST_COUNT`). */
  testCount?: number;
  /** Score of `exec/tests@…` (default `DEFAULT_TESTS_SCORING`). */
  scoring?: TestsScoring;
  /** Crash share above which a generated test is discarded (default `DEFAULT_MAX_CRASH_FRACTION`). */
  maxCrashFraction?: number;
  /** Most disagreeing inputs asked (default `DEFAULT_MAX_QUESTIONS`). */
  maxQuestions?: number;
  /** Token prices, for `costUsd` (default: none, so `costUsd` is `null`). */
  price?: ChatPrice;
  /** Candidate language (default `PYTHON_LANGUAGE`). */
  language?: ExecLanguage;
}

/** One candidate as the audit records it. */
export interface CandidateAudit {
  readonly index: number;
  readonly codeSha256: string;
  /** The function it is called through (see `mainFunction`), or `null` when it defines none. */
  readonly functionName: string | null;
  /** `signatureKey` of that function, or `null`. */
  readonly signature: string | null;
  /** Whether it is in the top candidate's near-clone group. */
  readonly inGroup: boolean;
}

/** Generated inputs and what each group member did on them (`exec/consensus`, `exec/probe@…`). */
export interface InputsAudit {
  /** Each generated call as source, e.g. `f(1, [2, 3])`. */
  readonly calls: readonly string[];
  /** Per candidate (aligned with `candidates`), its output key on each call (see `readProbeOutput`); `null` outside the group. */
  readonly outputs: readonly (readonly string[] | null)[];
  /** Indices of the calls kept (some candidate returned a value). */
  readonly retained: readonly number[];
  /** Per retained call, the plurality outputs. */
  readonly plurality: readonly (readonly string[])[];
}

/** One generated test and what became of it. */
export interface GeneratedTestAudit {
  readonly source: string;
  readonly kept: boolean;
  readonly issue: GeneratedTestIssue | null;
}

/** The tests an LLM wrote and who passed what (`exec/tests@…`). */
export interface TestsAudit {
  /** The function name and signature the tests were asked for (the top candidate's). */
  readonly prompted: { readonly name: string; readonly signature: string };
  readonly tests: readonly GeneratedTestAudit[];
  /** How many tests were discarded, by reason. */
  readonly discarded: Readonly<Record<GeneratedTestIssue, number>>;
  /** Per candidate, the outcome of every test that ran (those passing the static checks), in `tests` order; `null` for a candidate that defines no function (not run). */
  readonly outcomes: readonly (readonly string[] | null)[];
  /** Per candidate, 1/0 per kept test, in `tests` order. */
  readonly passed: readonly (readonly number[])[];
  readonly scoring: TestsScoring;
}

/** The disagreeing inputs asked of the LLM and its answers (`exec/probe@…`). */
export interface QuestionsAudit {
  /** Indices into `inputs.calls` of the questions asked. */
  readonly asked: readonly number[];
  /** Per question, the LLM's expectation, or `null` when unanswered or unusable. */
  readonly answers: readonly (Expectation | null)[];
  /** Answers rejected while reading the reply. */
  readonly rejected: number;
  /** Per candidate (aligned with `candidates`), 1/0 per answered question in `asked` order; `null` outside the group. */
  readonly agreed: readonly (readonly number[] | null)[];
}

/** One chat request behind a decision. */
export interface ChatAudit {
  readonly model: string;
  readonly promptSha256: string;
  /** Whether the reply came from the artifact cache. */
  readonly cached: boolean;
  readonly refusal: string | null;
  readonly finishReason: string | null;
}

/** Everything behind one reranked decision; JSON-serialisable (see `formatAuditLine`). */
export interface ExecRerankAudit {
  /** The reranker id, e.g. `exec/consensus`. */
  readonly reranker: string;
  readonly configHash: string;
  readonly method: ExecRerankMethod;
  /** SHA-256 of the query text for LLM rerankers; `null` for `exec/consensus` and `exec/random-clone`, which never read it. */
  readonly querySha256: string | null;
  readonly candidates: readonly CandidateAudit[];
  /** The near-clone group (indices, ascending). */
  readonly group: readonly number[];
  /** Seed used (input generation, random pick). */
  readonly seed: number | null;
  /** `exec/random-clone`: the index picked, or `null` when the group was empty. */
  readonly picked?: number | null;
  readonly inputs?: InputsAudit;
  readonly tests?: TestsAudit;
  readonly questions?: QuestionsAudit;
  readonly chat?: ChatAudit;
  /** The full ranking, best first (before `topN`). */
  readonly hits: readonly RerankHit[];
  readonly cost: ExecRerankCost;
}

/** What `rerankDetailed` returns. */
export interface ExecRerankResult {
  /** Best first, at most `topN`. */
  readonly hits: RerankHit[];
  readonly audit: ExecRerankAudit;
  readonly cost: ExecRerankCost;
}

/**
 * An execution reranker: `@execret/rerankers`' `Reranker` contract (same `rerank`, `usage`, `close`), with
 * `info.provider` `'exec'`, plus the audit and execution costs of each decision.
 */
export interface ExecReranker {
  readonly info: ExecRerankerInfo;
  /** Hits best first; ties keep first-stage order (lower input index first). Never receives a test suite. */
  rerank(query: string, candidates: readonly string[], options?: RerankOptions): Promise<RerankHit[]>;
  /** The same ranking with its audit and cost. */
  rerankDetailed(query: string, candidates: readonly string[], options?: RerankOptions): Promise<ExecRerankResult>;
  /**
   * For a shard of a sharded run, on a reranker whose executions are known before any of them runs
   * (`exec/consensus`; `exec/random-clone`, which executes nothing): runs, into the artifact cache, only those of
   * the executions `rerankDetailed(query, candidates)` would need whose key `<code_sha256>:<tests_sha256>` `mine`
   * accepts (generated inputs are cached whole), and decides nothing; counted in `costs()`. A later
   * `rerankDetailed` over a cache holding every shard's share executes nothing. Absent on the chat rerankers, whose
   * executions depend on the model's replies.
   */
  prefill?(
    query: string,
    candidates: readonly string[],
    options: { signal?: AbortSignal; mine: (key: string) => boolean },
  ): Promise<void>;
  /** Usage summed over every call, in `@execret/rerankers`' shape (`requests` = chat HTTP requests). */
  usage(): RerankUsage;
  /** Costs summed over every call. */
  costs(): ExecRerankCost;
  /** Later `rerank()` calls throw `TypeError` (as in `@execret/rerankers`). The oracle and the cache are the caller's to close. */
  close(): Promise<void>;
}
