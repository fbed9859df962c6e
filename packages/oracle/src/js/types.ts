import type { Judged, SuiteStatus } from '@execret/formats';

/**
 * Where untrusted JavaScript runs:
 * - `quickjs`: QuickJS compiled to WebAssembly, a fresh runtime per test (the snippet evaluated anew in
 *   each), inside a long-lived, sandboxed, killable node process (the *engine host*). The snippet has the ECMAScript built-ins and a silent
 *   `console`, nothing else: no `require`, `process`, timers, `fetch`, workers or files.
 * - `node`: one fresh `node` process per job, sandboxed, started ahead of time, a fresh `node:vm` context
 *   per test (the snippet evaluated anew in each). The snippet has all of Node (Node's globals are defined in
 *   each context), contained by the sandbox only.
 */
export type JsEngine = 'quickjs' | 'node';

/**
 * How the engine processes are contained:
 * - `bwrap`: bubblewrap (own network, pid, ipc, uts namespaces; a root that shows only the system's
 *   libraries, the node binary and the runner's own files, read-only; private /tmp; empty environment)
 *   plus everything of `rlimit`;
 * - `rlimit`: rlimits (`RLIMIT_DATA`, `RLIMIT_NOFILE`, `RLIMIT_FSIZE`, `RLIMIT_CORE`, and `RLIMIT_NPROC`
 *   when an unprivileged uid is available), an unprivileged uid when running as root, `no_new_privs`, an
 *   empty environment, a process group killed after the job.
 */
export type JsIsolation = 'bwrap' | 'rlimit';

/** Options of `createJsRunner`; every field is optional. */
export interface JsRunnerOptions {
  /** Engine (default `DEFAULT_JS_ENGINE`, `'quickjs'`). */
  engine?: JsEngine;
  /** `'auto'` (default): bwrap if it passes its self-test, else rlimit; or require one. */
  isolation?: 'auto' | JsIsolation;
  /** Wall-clock budget of one job, all its tests together, in ms (default `DEFAULT_TIMEOUT_MS`, 5000). */
  timeoutMs?: number;
  /**
   * Memory of one job in MiB (default `DEFAULT_JS_MEMORY_MB`, 512): under `quickjs` the QuickJS heap limit
   * (the WebAssembly memory's hard maximum is this plus 64 MiB); under `node` the V8 old-space limit. The
   * engine process's `RLIMIT_DATA` is this plus `DEFAULT_JS_PROCESS_OVERHEAD_MB`.
   */
  memoryMb?: number;
  /** Jobs running at once: engine hosts (`quickjs`) or job processes (`node`) (default: cores, at most 4). */
  concurrency?: number;
  /** bubblewrap command or path (default `'bwrap'`, looked up on a fixed standard PATH). */
  bwrap?: string;
  /** Node executable for the engine processes (default: `process.execPath`). */
  node?: string;
  /** Cap of outcome messages in UTF-8 bytes (default `DEFAULT_MAX_MESSAGE_BYTES`, 300). */
  maxMessageBytes?: number;
  /** Snippets above this many UTF-8 bytes are not run (default `DEFAULT_MAX_CODE_BYTES`). */
  maxCodeBytes?: number;
  /** Jobs with more tests are not run (default `DEFAULT_MAX_TESTS`). */
  maxTests?: number;
  /** Jobs whose tests have more UTF-8 bytes, all together, are not run (default `DEFAULT_JS_MAX_SUITE_BYTES`). */
  maxSuiteBytes?: number;
  /** `RLIMIT_NOFILE` of engine processes (default `DEFAULT_MAX_OPEN_FILES`). */
  maxOpenFiles?: number;
  /** `RLIMIT_FSIZE` of engine processes (default `DEFAULT_MAX_FILE_BYTES`). */
  maxFileBytes?: number;
  /** `RLIMIT_NPROC` per engine process, when running as root (default `DEFAULT_JS_MAX_PROCESSES`). */
  maxProcesses?: number;
  /** Size of the private /tmp under bwrap (default `DEFAULT_TMPFS_BYTES`). */
  tmpfsBytes?: number;
  /**
   * Highest sandbox uid when running as root (default `DEFAULT_JS_SANDBOX_UID`): every engine slot takes the
   * next free uid at or below it that no other oracle or runner on the host holds and no process runs as
   * (`info.sandboxUids` says which).
   */
  sandboxUid?: number;
  /** How long an engine process may take to start and say hello, in ms (default `DEFAULT_START_TIMEOUT_MS`). */
  startTimeoutMs?: number;
  /** Time past a job's budget before its engine process is killed, in ms (default `DEFAULT_JS_WATCHDOG_GRACE_MS`). */
  watchdogGraceMs?: number;
  /**
   * `quickjs` only: jobs one WebAssembly instance serves before it is replaced (default
   * `DEFAULT_JS_JOBS_PER_INSTANCE`; 1 gives every job a fresh instance). An instance is also replaced after
   * any job that timed out, faulted, or grew its memory past 256 MiB.
   */
  jobsPerInstance?: number;
  /**
   * An existing folder in which the runner makes its private, sandbox-readable copy of the engine files at
   * start (removed on close; default `DEFAULT_JS_STAGING_DIR`, `/tmp`): it must be reachable by other users
   * (the sandbox uid) and safe from them (every folder of its path root-owned or yours, and sticky when
   * writable by others); checked at start.
   */
  stagingDir?: string;
  /** Aborts the start-up. */
  signal?: AbortSignal;
}

/** One snippet and the tests it is judged by. */
export interface JsJob {
  /**
   * Source of a plain script (TypeScript when `language` is `'typescript'`), evaluated anew in a fresh realm
   * for each test (tests share no state, as in the Python oracle).
   */
  code: string;
  /** Single assertion statements with `node:assert/strict` semantics, in order; at least one. */
  tests: readonly string[];
  /** Default `'javascript'`; `'typescript'` is stripped of its types (sucrase) before it runs. */
  language?: 'javascript' | 'typescript';
  /** A budget for this job shorter than the runner's `timeoutMs` (positive integer ms, at most `timeoutMs`). */
  timeoutMs?: number;
}

/** The judgement of one job: the shape of the Python oracle's result. */
export interface JsResult {
  /** `pass` when every test passed; else `timeout` > `error` > `fail` (see `suiteStatus`). */
  status: SuiteStatus;
  /** One outcome per test, in order, in the release vocabulary (`pass`, `FAIL`, `FAIL: …`, `ERROR:…`, `TIMEOUT`). */
  tests: string[];
  /**
   * How each test was judged: `split` (the runner compared a value the sandbox reported with an expected
   * literal the sandbox never saw), `child` (judged inside the sandbox).
   */
  judged: Judged[];
  /** Milliseconds from handing the job to its engine process to its last report. */
  durationMs: number;
  /** Isolation the job ran under. */
  isolation: JsIsolation;
  /** Engine that ran it. */
  engine: JsEngine;
  /**
   * Some outcomes were written by the runner because the job was not run (over a limit: `ERROR:OracleLimit`)
   * or the machinery failed (no engine process could take it: `ERROR:OracleServerLost`); decided from what
   * the runner saw, never from the outcome strings (a snippet may throw an error of the same name).
   */
  infrastructure?: true;
}

/** Options of `run`. */
export interface JsRunOptions {
  /** Rejects with `OracleError('aborted')`; a job that has not started is dropped. */
  signal?: AbortSignal;
}

/** Progress of `runMany`, after every job. */
export interface JsProgress {
  done: number;
  total: number;
  /** Input index of the job that just finished. */
  index: number;
  result: JsResult;
  elapsedMs: number;
}

/** Options of `runMany`. */
export interface JsRunManyOptions {
  onProgress?: (progress: JsProgress) => void;
  signal?: AbortSignal;
}

/** What the runner is, readable without IO. */
export interface JsRunnerInfo {
  engine: JsEngine;
  isolation: JsIsolation;
  /** Why `'auto'` fell back to `rlimit` (bwrap's self-test error), when it did. */
  fallbackReason?: string;
  /** Plain-language limits of this configuration (no network isolation, no uid drop, …). */
  warnings: string[];
  /** The node executable and its version. */
  node: { path: string; version: string };
  /** QuickJS build (`quickjs` engine): the quickjs-emscripten variant and its version. */
  quickjs?: { variant: string; version: string };
  /** Host paths an engine process can read under bwrap (`['/']` under rlimit). */
  visiblePaths: string[];
  timeoutMs: number;
  memoryMb: number;
  concurrency: number;
  /** Whether engine processes drop to an unprivileged uid (the runner runs as root). */
  uidDrop: boolean;
  /** The uid of each engine slot (leased for the runner's lifetime, unique on the host) when root, else `null`. */
  sandboxUids: number[] | null;
}

/** Counters since start. */
export interface JsRunnerStats {
  jobs: number;
  /** Engine processes started (hosts, or job processes), replacements included. */
  processesStarted: number;
  /** Engine processes killed by the watchdog (budget overrun) or because they misbehaved. */
  processesKilled: number;
  /**
   * CPU time the engine processes reported, in ms (statistics only): QuickJS hosts' cumulative use, job
   * processes' use when done. Processes killed before reporting and bubblewrap itself are not included.
   */
  engineCpuMs: number;
}

/** A started runner. */
export interface JsRunner {
  readonly info: JsRunnerInfo;
  run(job: JsJob, options?: JsRunOptions): Promise<JsResult>;
  runMany(jobs: readonly JsJob[], options?: JsRunManyOptions): Promise<JsResult[]>;
  stats(): JsRunnerStats;
  /** Stops every engine process; later calls reject with `OracleError('closed')`. */
  close(): Promise<void>;
}
