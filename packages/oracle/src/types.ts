import type { Judged, Language, OracleStats, SuiteStatus } from '@execret/formats';
import type { ExecutionCacheIssue } from './execution-cache.js';
import type { JsRunnerInfo, JsRunnerOptions } from './js/types.js';
import type { OracleJudging } from './judging.js';
import type { PythonInfo } from './python.js';
import type { CgroupInfo } from './server-cgroup.js';

/**
 * How untrusted code is contained:
 * - `bwrap`: each fork server runs in a bubblewrap sandbox (no network; of the host filesystem only the
 *   interpreter, the system's libraries and `sandboxPaths`, read-only, see `OracleInfo.visiblePaths`;
 *   private tmpfs on /tmp, own pid/ipc/uts namespaces, empty environment) *and* every child has the
 *   rlimits, uid drop and process-group kill of `rlimit`;
 * - `rlimit`: only the per-child measures: rlimits, `no_new_privs`, uid drop when running as root,
 *   session kill and orphan sweep. The network, every file the sandbox uid may read (datasets and test
 *   suites included) and the host's world-writable directories are reachable.
 */
export type OracleIsolation = 'bwrap' | 'rlimit';

/** Options of `createOracle`; every field is optional. */
export interface OracleOptions {
  /** Wall-clock budget of one suite, all its tests together (default `DEFAULT_TIMEOUT_MS` = 5000). */
  timeoutMs?: number;
  /** Address-space limit of each child in MiB (default `DEFAULT_MEMORY_MB` = 1024; at least 64). */
  memoryMb?: number;
  /** Number of fork servers, i.e. jobs running at once (default: `os.availableParallelism()`). */
  concurrency?: number;
  /** Interpreter command or path (default `'python3'`); resolved once to the real binary. */
  python?: string;
  /** `'auto'` (default): bwrap if it passes its self-test, else rlimit; `'bwrap'`: bwrap or reject. */
  isolation?: 'auto' | OracleIsolation;
  /** bubblewrap command or path (default `'bwrap'`, looked up on a fixed standard PATH). */
  bwrap?: string;
  /**
   * `'split'` (default): asserts that compare an expression with a literal (and truthiness asserts) are
   * judged by the fork server from the value the child reports, so the child never sees the expected
   * value and cannot forge their verdict; `'split-strict'`: the same, and an expected value never
   * reaches a sandboxed process even after the verdict; `'child'`: every test is judged inside the
   * child. See `OracleJudging`, `OracleResult.judged` and the README's threat model.
   */
  judging?: OracleJudging;
  /** Execution cache (`execution_cache.jsonl`) consulted before and appended after every execution. */
  cacheFile?: string;
  /**
   * Options of the JavaScript runner that runs jobs whose `language` is `'javascript'` or `'typescript'`
   * (see `createJsRunner`); it starts with the first such job. `timeoutMs`, `isolation`, `bwrap`,
   * `maxMessageBytes`, `maxCodeBytes`, `maxTests` and `maxSuiteBytes` default to this oracle's.
   */
  javascript?: Omit<JsRunnerOptions, 'signal'>;
  /** `RLIMIT_NPROC` (default `DEFAULT_MAX_PROCESSES`). */
  maxProcesses?: number;
  /** `RLIMIT_FSIZE` in bytes (default `DEFAULT_MAX_FILE_BYTES`). */
  maxFileBytes?: number;
  /** `RLIMIT_NOFILE` (default `DEFAULT_MAX_OPEN_FILES`). */
  maxOpenFiles?: number;
  /** Cap of outcome messages in UTF-8 bytes (default `DEFAULT_MAX_MESSAGE_BYTES`). */
  maxMessageBytes?: number;
  /**
   * Snippets above this many UTF-8 bytes are not run: each test gets `ERROR:OracleLimit` (default
   * `DEFAULT_MAX_CODE_BYTES`).
   */
  maxCodeBytes?: number;
  /** Jobs with more tests are not run: each test gets `ERROR:OracleLimit` (default `DEFAULT_MAX_TESTS`). */
  maxTests?: number;
  /**
   * Jobs whose tests together exceed this many UTF-8 bytes are not run: each test gets `ERROR:OracleLimit`
   * (default `DEFAULT_MAX_SUITE_BYTES`).
   */
  maxSuiteBytes?: number;
  /**
   * Size of the private /tmp under bwrap, and of each private scratch directory of a job under rlimit as
   * root (default `DEFAULT_TMPFS_BYTES`).
   */
  tmpfsBytes?: number;
  /**
   * Highest sandbox uid when running as root (default `DEFAULT_SANDBOX_UID`): each server takes the next
   * free uid at or below it that no other oracle on the host holds and no process runs as
   * (`info.sandboxUids` says which).
   */
  sandboxUid?: number;
  /** Modules every server imports before forking (default `DEFAULT_PRELOAD_MODULES`). */
  preloadModules?: readonly string[];
  /**
   * `'auto'` (default): each fork server runs in control groups of its own, where the host lets this process
   * make them (root with a writable cgroup v1 memory hierarchy, or cgroup v2 with the memory controller
   * delegable), so that the memory (`memoryMb` plus a server allowance, swap included) and the process count
   * (`maxProcesses` plus the server's own) of a job are limited as a whole, not per process; `info.cgroup` says
   * which. `'off'`: none (`memoryMb` then limits each process of a job: a job of `maxProcesses` processes can
   * hold `maxProcesses × memoryMb`; `info.warnings` says so).
   */
  cgroup?: 'auto' | 'off';
  /**
   * Under bwrap, extra host paths (absolute, existing; files or directories) that snippets may read:
   * bound read-only at the same path, in addition to the interpreter and the system's libraries (see
   * `SANDBOX_SYSTEM_PATHS`). Default none. Everything below them is readable by every snippet, so never
   * list a directory that holds test suites or expected values. Not `/` nor anything under /tmp, /proc or
   * /dev (the sandbox has its own). Ignored under rlimit, where everything readable is visible anyway.
   */
  sandboxPaths?: readonly string[];
  /** Per-server start timeout (default `DEFAULT_START_TIMEOUT_MS`). */
  startTimeoutMs?: number;
  /** Grace past `timeoutMs` before a silent server is killed (default `DEFAULT_WATCHDOG_GRACE_MS`). */
  watchdogGraceMs?: number;
  /** Aborts the start-up (interpreter probe, server start). */
  signal?: AbortSignal;
}

/** One snippet and the test suite it is judged by. */
export interface OracleJob {
  /**
   * Python source executed (fresh, in a new namespace) before each test; or, for `javascript` and
   * `typescript`, a plain script evaluated anew in a fresh realm before each test (see `createJsRunner`).
   */
  code: string;
  /**
   * Python: single assert statements (any Python statements are accepted); JavaScript/TypeScript: single
   * assertion statements with `node:assert/strict` semantics. In suite order; at least one.
   */
  tests: readonly string[];
  /** Default `'python'`. JavaScript and TypeScript jobs run in the JavaScript runner (see `OracleOptions.javascript`). */
  language?: Language;
  /**
   * A budget for this job shorter than the oracle's `timeoutMs` (positive integer milliseconds, at most
   * `timeoutMs`; default `timeoutMs`). For callers that can do without a result that needs longer, such as a
   * build trying candidates (see `@execret/generate`): a `TIMEOUT` under a shorter budget is returned but
   * never cached (it is not the outcome under `timeoutMs`), nor shared with a job of another budget;
   * anything else it gives is the job's outcome, and is cached as usual. A cached result answers a job
   * of any budget.
   */
  timeoutMs?: number;
  /**
   * Python jobs only: the most line events (as `sys.settrace` counts them) the snippet and tests may execute,
   * all tests together; the test running when they are spent, and every later one, are `TIMEOUT` (as for
   * the time budget), and the result says `workLimited`. A measure of work that does not depend on the
   * machine's speed: the same code on the same interpreter executes the same lines (but for loops over sets
   * of strings, whose order follows the interpreter's hash seed). Tracing makes pure-Python loops ~5× slower.
   * The limit is counted inside the job (Python cannot count lines from outside): it is cooperative, a cut the
   * job cannot escape only as long as it does not remove the trace function or work where it does not count
   * (threads, C code, other processes); such a job is bounded by its time budget, like any job. So the oracle
   * never decides anything from a count the job reports: a `TIMEOUT` from the limit is never cached, and a
   * cached result answers a job with a work limit only when it was executed under a limit at most as large
   * (the cache line's `work_limit`, set by the oracle). JavaScript and TypeScript jobs do not take it
   * (`RangeError`).
   */
  workLimit?: number;
}

/** The judgement of one job. */
export interface OracleResult {
  /** `pass` when every test passed; else `timeout` > `error` > `fail` (see `suiteStatus`). */
  status: SuiteStatus;
  /** One outcome per test, in suite order, release vocabulary (see `isOutcome`). */
  tests: string[];
  /**
   * How each test was judged, in suite order (`Judged` of `@execret/formats`); only a `pass` judged `split`
   * is one the snippet could not have forged. Cache lines that do not record it read as `child`.
   * - `split`: the test is `assert <expr> <op> <literal>` (or `<literal> <op> <expr>`, one operator of
   *   `== != < <= > >= in not in`, or `is`/`is not` with `None`/`True`/`False`), `assert <expr>`,
   *   `assert not <expr>` or an assert made of literals only, with an optional message; the child reported
   *   the value of `<expr>` (or the exception it raised), the server rebuilt it out of its own types and
   *   compared it (or refused with `ERROR:Unjudgeable` where only the value's own code could decide).
   * - `child`: the test has another shape (both sides computed, `and`/`or`, chained comparisons, any
   *   statement that is not an assert, a test that does not compile) or judging was `'child'`: it ran and
   *   was judged inside the child.
   * - `fallback`: no longer produced; in cache lines of earlier versions, the shape split but the value was
   *   not plain data, so the test ran whole in a second child, which decided its verdict.
   */
  judged: Judged[];
  /**
   * Milliseconds the fork server spent on the job (compile, fork, run, clean-up); for a cached result,
   * the duration recorded when it was executed (0 when the cache line has none).
   */
  durationMs: number;
  /** Isolation the result was produced under; `unknown` for a cache line that does not say. */
  isolation: OracleIsolation | 'unknown';
  /** Whether the result came from the execution cache. */
  cached: boolean;
  /** `codeSha256(job.code)`. */
  codeSha256: string;
  /** `testsSha256(job.tests)`. */
  testsSha256: string;
  /**
   * Line events the job counted itself, when it had a `workLimit` (`workLimit + 1` when it spent it; from the
   * cache line's `work` for a cached result): the job's own claim, deterministic for honest code; the oracle
   * decides nothing from it (see `OracleJob.workLimit`).
   */
  work?: number;
  /** The job spent its `workLimit`: its unfinished tests are `TIMEOUT` (only with a `workLimit`). */
  workLimited?: true;
  /**
   * CPU time (user + system, milliseconds) of every process and thread of a Python job, measured from outside
   * it (the zygote's `wait4` of the job's child and of every descendant it reaped), for a job executed now.
   */
  cpuMs?: number;
  /**
   * Some outcomes were written by the oracle because the job could not run or the machinery failed: a job over
   * a limit (`ERROR:OracleLimit`), a sandboxed child that failed before it said its setup was done
   * (`ERROR:OracleSetupError`), a server lost with the job (`ERROR:OracleServerLost`), an engine process that
   * could not be started. Such a result is never cached. The oracle sets this from what it saw, never from
   * the outcome strings: a snippet may raise an exception, or throw an error, of the same name (that is the
   * snippet's outcome, and is cached as such).
   */
  infrastructure?: true;
}

/** Options of `oracle.run`. */
export interface OracleRunOptions {
  /** Rejects the call with `OracleError('aborted')`; a job not yet started is dropped. */
  signal?: AbortSignal;
}

/** Progress of `oracle.runMany`, reported after every job. */
export interface OracleProgress {
  /** Jobs finished so far (cached ones included). */
  done: number;
  /** Jobs in the call. */
  total: number;
  /** Of `done`, how many came from the cache. */
  cached: number;
  /** Input index of the job that just finished. */
  index: number;
  /** Its result. */
  result: OracleResult;
  /** Milliseconds since `runMany` was called. */
  elapsedMs: number;
}

/** Options of `oracle.runMany`. */
export interface RunManyOptions {
  /** Called after each job, in completion order; an exception thrown here rejects `runMany`. */
  onProgress?: (progress: OracleProgress) => void;
  /** Rejects with `OracleError('aborted')` and drops the jobs not yet started. */
  signal?: AbortSignal;
  /** Jobs submitted at once (default: fork servers × pipeline depth). */
  concurrency?: number;
}

export type { OraclePhases, OracleStats } from '@execret/formats';

/** What an oracle is running with, readable without IO. */
export interface OracleInfo {
  /** The isolation in force. */
  isolation: OracleIsolation;
  /** Where verdicts are decided (`judging` option). */
  judging: OracleJudging;
  /** Why `auto` fell back to `rlimit` (bwrap's error), when it did. */
  fallbackReason?: string;
  /** The interpreter. */
  python: PythonInfo;
  /** Fork servers. */
  concurrency: number;
  timeoutMs: number;
  memoryMb: number;
  maxProcesses: number;
  maxFileBytes: number;
  maxOpenFiles: number;
  maxMessageBytes: number;
  maxCodeBytes: number;
  maxTests: number;
  maxSuiteBytes: number;
  /**
   * uid of each server slot's children (leased for the oracle's lifetime, unique on the host), or `null`
   * when not running as root (no drop).
   */
  sandboxUids: number[] | null;
  /** Cache file, when one is used, and what its loader did not understand. */
  cacheFile?: string;
  cacheIssues: readonly ExecutionCacheIssue[];
  /** Modules a server could not preload (absent from this interpreter). */
  preloadFailed: string[];
  /**
   * How a job's memory and process count are limited as a whole: each server's own control groups (their
   * version and limits), or `none` with the reason (then `memoryMb` is per process; see `OracleOptions.cgroup`).
   */
  cgroup: CgroupInfo;
  /**
   * Host paths a snippet can read, each with everything below it (as far as the sandbox uid's
   * permissions allow). Under bwrap only these read-only binds (the interpreter's files, the system's
   * libraries, `sandboxPaths`), plus the sandbox's own /tmp, /proc and /dev and symlinks into these;
   * under rlimit `['/']`: the whole host filesystem.
   */
  visiblePaths: string[];
  /** Plain-language statements of what is *not* contained in this configuration. */
  warnings: string[];
  /**
   * The JavaScript runner (engine and its version, isolation, limits), once the first JavaScript or
   * TypeScript job has started it; `null` before.
   */
  readonly javascript: JsRunnerInfo | null;
}

/** A pool of sandboxed fork servers. */
export interface Oracle {
  readonly info: OracleInfo;
  /**
   * Runs one job, or answers it from the cache; identical jobs in flight share one execution. Rejects
   * only with `OracleError` (`closed`, `aborted`, `server-start-failed` when no server can be restarted,
   * `cache-io`); throws `TypeError`/`RangeError` at once for a malformed job.
   *
   * @example
   * await oracle.run({ code: 'def f(x):\n    return x * 2\n', tests: ['assert f(2) == 4', 'assert f(3) == 7'] });
   * // { status: 'fail', tests: ['pass', 'FAIL'], judged: ['split', 'split'], durationMs: 2.4, isolation: 'bwrap', cached: false, … }
   */
  run(job: OracleJob, options?: OracleRunOptions): Promise<OracleResult>;
  /**
   * Runs many jobs, at most `options.concurrency` (default fork servers × 2, the pipeline depth) submitted at
   * once; results in input order. Rejects with the first error (see `run`), with `OracleError('aborted')`
   * when `options.signal` fires (jobs not yet started are dropped), or with what `onProgress` threw.
   *
   * @example
   * const results = await oracle.runMany(jobs, { onProgress: (p) => console.log(`${p.done}/${p.total}`) });
   * results.filter((r) => r.status === 'pass').length;
   */
  runMany(jobs: readonly OracleJob[], options?: RunManyOptions): Promise<OracleResult[]>;
  /** Counters so far. */
  stats(): OracleStats;
  /** Lets running jobs finish, rejects queued ones with `OracleError('closed')`, stops the servers. */
  close(): Promise<void>;
}
