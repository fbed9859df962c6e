import { realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isAbsolute, normalize } from 'node:path';
import { codeSha256, type Judged, suiteStatus, testsSha256 } from '@execret/formats';
import {
  DEFAULT_ISOLATION,
  DEFAULT_JUDGING,
  DEFAULT_MAX_CODE_BYTES,
  DEFAULT_MAX_FILE_BYTES,
  DEFAULT_MAX_MESSAGE_BYTES,
  DEFAULT_MAX_OPEN_FILES,
  DEFAULT_MAX_PROCESSES,
  DEFAULT_MAX_TESTS,
  DEFAULT_MEMORY_MB,
  DEFAULT_PRELOAD_MODULES,
  DEFAULT_SANDBOX_UID,
  DEFAULT_START_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_TMPFS_BYTES,
  DEFAULT_WATCHDOG_GRACE_MS,
  PIPELINE_DEPTH,
} from './defaults.js';
import { abortError, OracleError } from './errors.js';
import { type ExecutionCache, openExecutionCache } from './execution-cache.js';
import {
  type ForkServer,
  type ServerConfig,
  type ServerIsolation,
  type ServerJob,
  startForkServer,
} from './fork-server.js';
import { ORACLE_JUDGINGS, type OracleJudging } from './judging.js';
import { isInfrastructureOutcome } from './outcomes.js';
import { DEFAULT_PYTHON, probePython } from './python.js';
import { isReservedPath, type SandboxView, sandboxView } from './sandbox-view.js';
import type {
  Oracle,
  OracleInfo,
  OracleIsolation,
  OracleJob,
  OracleOptions,
  OracleProgress,
  OracleResult,
  OracleRunOptions,
  OracleStats,
  RunManyOptions,
} from './types.js';

/** What a server said about one job, before it becomes an {@link OracleResult}. */
interface Execution {
  tests: string[];
  judged: Judged[];
  durationMs: number;
}

interface Task {
  key: string;
  job: ServerJob;
  waiters: number;
  started: boolean;
  promise: Promise<Execution>;
  resolve: (execution: Execution) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  index: number;
  config: ServerConfig;
  server: ForkServer | undefined;
  starting: Promise<void> | undefined;
  failures: number;
}

const CANARY_TIMEOUT_MS = 30_000;
const MAX_RESTART_FAILURES = 3;

function positiveInteger(
  name: string,
  value: unknown,
  fallback: number,
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TypeError(
      `@execret/oracle createOracle: expected options.${name} to be an integer, received ${JSON.stringify(value)}`,
    );
  }
  if (value < min || value > max) {
    throw new RangeError(
      `@execret/oracle createOracle: expected options.${name} in [${min}, ${max}], received ${value}`,
    );
  }
  return value;
}

/** Validates `options.sandboxPaths`: absolute paths that exist and that the sandbox does not mount itself. */
function checkSandboxPaths(paths: unknown): string[] {
  if (paths === undefined) return [];
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string' && isAbsolute(p))) {
    throw new TypeError('@execret/oracle createOracle: expected options.sandboxPaths to be an array of absolute paths');
  }
  for (const path of paths as string[]) {
    let real: string;
    try {
      real = realpathSync(path);
    } catch {
      throw new RangeError(
        `@execret/oracle createOracle: options.sandboxPaths: ${JSON.stringify(path)} does not exist`,
      );
    }
    if (isReservedPath(normalize(path)) || isReservedPath(real)) {
      throw new RangeError(
        `@execret/oracle createOracle: options.sandboxPaths: ${JSON.stringify(path)} is the root or under /tmp, /proc or /dev, which the sandbox mounts itself; expected a path elsewhere`,
      );
    }
  }
  return [...(paths as string[])];
}

/** Validates a job at the public boundary (programmer misuse throws at once). */
function checkJob(job: OracleJob, component: string): void {
  if (typeof job !== 'object' || job === null) {
    throw new TypeError(
      `@execret/oracle ${component}: expected a job { code, tests }, received ${job === null ? 'null' : typeof job}`,
    );
  }
  if (typeof job.code !== 'string') {
    throw new TypeError(`@execret/oracle ${component}: expected job.code to be a string, received ${typeof job.code}`);
  }
  if (!Array.isArray(job.tests) || !job.tests.every((t) => typeof t === 'string')) {
    throw new TypeError(`@execret/oracle ${component}: expected job.tests to be an array of strings`);
  }
  if (job.tests.length === 0 || job.tests.length > DEFAULT_MAX_TESTS) {
    throw new RangeError(
      `@execret/oracle ${component}: expected between 1 and ${DEFAULT_MAX_TESTS} tests, received ${job.tests.length}`,
    );
  }
}

function canaryJob(root: boolean): { job: ServerJob; expected: string[] } {
  return {
    job: {
      code: 'import os\ndef f(x):\n    return x + 1\n',
      tests: [
        'assert f(1) == 2',
        'assert f(1) == 3',
        root ? 'assert os.getuid() != 0 and os.getgid() != 0' : 'assert True',
        'import colorsys, json; assert colorsys.rgb_to_hls(0, 0, 0)[1] == 0 and json.loads("[1]") == [1]',
      ],
      timeoutMs: CANARY_TIMEOUT_MS,
      judging: 'split',
    },
    expected: ['pass', 'FAIL', 'pass', 'pass'],
  };
}

/**
 * Starts one server and checks it end to end: the hello must report the uid drop when running as root,
 * and a canary job must give exactly `pass`, `FAIL`, `pass`, `pass` (a passing and a failing assert, the
 * dropped uid, an on-demand standard-library import).
 */
async function startChecked(
  config: ServerConfig,
  signal: AbortSignal | undefined,
  onExit: (server: ForkServer, reason: string) => void,
): Promise<ForkServer> {
  const server = await startForkServer(config, { ...(signal ? { signal } : {}), onExit });
  try {
    if (config.root && !server.hello.drop_uid)
      throw new Error('the server runs as root but cannot drop its children to the sandbox uid');
    const canary = canaryJob(config.root);
    const reply = await server.submit(canary.job);
    if (reply.kind !== 'result')
      throw new Error(`canary job: ${reply.kind === 'lost' ? reply.reason : 'server exited'}`);
    if (JSON.stringify(reply.tests) !== JSON.stringify(canary.expected)) {
      throw new Error(`canary job gave ${JSON.stringify(reply.tests)}, expected ${JSON.stringify(canary.expected)}`);
    }
    return server;
  } catch (error) {
    server.kill();
    throw error;
  }
}

/**
 * Creates an execution oracle: a pool of long-lived Python fork servers (one per core by default), each
 * compiling snippets and tests in its own process and running each job in one sandboxed child. With
 * `judging: 'split'` (default), asserts that compare an expression with a literal are judged by the
 * server from the value the child reports (see `OracleResult.judged`).
 *
 * Semantics of a job: for each test in order, the compiled snippet is executed in a fresh namespace
 * (`{'__name__': '__main__', '__builtins__': builtins}`) and then the test in that same namespace, so no
 * state of one test's namespace reaches the next (state the snippet puts into imported modules or
 * builtins does persist within the job's child, which only affects that snippet). All tests of a job share
 * one child and one wall-clock budget of `timeoutMs`; tests not finished within it are `TIMEOUT`. A
 * snippet that does not compile gives every test `ERROR:SyntaxError: …` without running anything; a test
 * that does not compile gets its own `ERROR:SyntaxError: …`. See `outcomes.ts` for the vocabulary and
 * the README for the threat model.
 *
 * Isolation: with `'auto'` (default) the servers run under bubblewrap when it passes a self-test, else
 * with rlimits only (`info.isolation`, `info.fallbackReason`, `info.warnings` say which and what that
 * leaves open); `'bwrap'` rejects instead of falling back. Under bwrap a snippet sees, read-only, only the
 * interpreter's files, the system's libraries and `options.sandboxPaths` (`info.visiblePaths`), not the
 * dataset, the home or working directory or the cache (unless they lie there); under rlimit it sees every
 * file its uid may read.
 *
 * @param options - see {@link OracleOptions}; every field optional
 * @throws {OracleError} `python-not-found` / `python-unsupported` (interpreter), `bwrap-unavailable`
 *   (`isolation: 'bwrap'` and bubblewrap unusable), `server-start-failed` (a server failed to start or
 *   its canary job), `cache-io` (cache file), `aborted` (`options.signal`)
 * @throws {TypeError | RangeError} for malformed options
 * @example
 * const oracle = await createOracle({ timeoutMs: 5000, cacheFile: 'out/execution_cache.jsonl' });
 * const result = await oracle.run({
 *   code: 'def add(a, b):\n    return a + b\n',
 *   tests: ['assert add(1, 2) == 3', 'assert add(1, 1) == 3', 'assert add(1) == 2'],
 * });
 * // { status: 'error', tests: ['pass', 'FAIL', "ERROR:TypeError: add() missing 1 required positional argument: 'b'"],
 * //   judged: ['split', 'split', 'split'], durationMs: 2.1, isolation: 'bwrap', cached: false, codeSha256: '…', testsSha256: '…' }
 * await oracle.close();
 */
export async function createOracle(options: OracleOptions = {}): Promise<Oracle> {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('@execret/oracle createOracle: expected options to be an object');
  }
  const timeoutMs = positiveInteger('timeoutMs', options.timeoutMs, DEFAULT_TIMEOUT_MS, 1, 86_400_000);
  const memoryMb = positiveInteger('memoryMb', options.memoryMb, DEFAULT_MEMORY_MB, 64, 1 << 22);
  const concurrency = positiveInteger('concurrency', options.concurrency, availableParallelism(), 1, 256);
  const maxProcesses = positiveInteger('maxProcesses', options.maxProcesses, DEFAULT_MAX_PROCESSES, 1, 1 << 20);
  const maxFileBytes = positiveInteger('maxFileBytes', options.maxFileBytes, DEFAULT_MAX_FILE_BYTES, 0);
  const maxOpenFiles = positiveInteger('maxOpenFiles', options.maxOpenFiles, DEFAULT_MAX_OPEN_FILES, 16, 1 << 20);
  const maxMessageBytes = positiveInteger(
    'maxMessageBytes',
    options.maxMessageBytes,
    DEFAULT_MAX_MESSAGE_BYTES,
    0,
    3900,
  );
  const maxCodeBytes = positiveInteger('maxCodeBytes', options.maxCodeBytes, DEFAULT_MAX_CODE_BYTES, 1, 64 << 20);
  const tmpfsBytes = positiveInteger('tmpfsBytes', options.tmpfsBytes, DEFAULT_TMPFS_BYTES, 1 << 16);
  const sandboxUid = positiveInteger('sandboxUid', options.sandboxUid, DEFAULT_SANDBOX_UID, 1, 2 ** 31 - 2);
  const startTimeoutMs = positiveInteger('startTimeoutMs', options.startTimeoutMs, DEFAULT_START_TIMEOUT_MS);
  const watchdogGraceMs = positiveInteger('watchdogGraceMs', options.watchdogGraceMs, DEFAULT_WATCHDOG_GRACE_MS);
  const requested = options.isolation ?? DEFAULT_ISOLATION;
  if (!['auto', 'bwrap', 'rlimit'].includes(requested)) {
    throw new RangeError(
      `@execret/oracle createOracle: expected options.isolation to be 'auto', 'bwrap' or 'rlimit', received ${JSON.stringify(requested)}`,
    );
  }
  const judging: OracleJudging = options.judging ?? DEFAULT_JUDGING;
  if (!ORACLE_JUDGINGS.includes(judging)) {
    throw new RangeError(
      `@execret/oracle createOracle: expected options.judging to be 'split', 'split-strict' or 'child', received ${JSON.stringify(judging)}`,
    );
  }
  const preloadModules = options.preloadModules ?? DEFAULT_PRELOAD_MODULES;
  if (
    !Array.isArray(preloadModules) ||
    !preloadModules.every((m) => typeof m === 'string' && /^[A-Za-z_][\w.]*$/.test(m))
  ) {
    throw new TypeError(
      '@execret/oracle createOracle: expected options.preloadModules to be an array of dotted module names',
    );
  }
  const sandboxPaths = checkSandboxPaths(options.sandboxPaths);
  if (sandboxUid - concurrency + 1 < 1) {
    throw new RangeError(
      `@execret/oracle createOracle: options.sandboxUid ${sandboxUid} leaves no uid >= 1 for ${concurrency} servers`,
    );
  }
  const { signal } = options;
  if (signal?.aborted) throw abortError('createOracle', signal);
  if (process.platform !== 'linux') {
    throw new OracleError(
      'server-start-failed',
      `@execret/oracle createOracle: the fork servers need Linux (fork, prctl, /proc); this is ${process.platform}`,
    );
  }

  const { info: python, footprint } = await probePython(options.python ?? DEFAULT_PYTHON, signal ? { signal } : {});
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  // Under bwrap the sandbox shows only what this interpreter uses (reported by the probe above).
  let view: SandboxView | undefined;
  let viewError: Error | undefined;
  if (requested !== 'rlimit') {
    try {
      if (footprint instanceof Error) throw footprint;
      view = sandboxView(footprint, sandboxPaths);
    } catch (error) {
      viewError = new Error(`cannot build the sandbox's file system view: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  const uids = root ? Array.from({ length: concurrency }, (_, i) => sandboxUid - i) : null;
  const baseConfig = (index: number, isolation: ServerIsolation): ServerConfig => ({
    python: python.executable,
    isolation,
    bwrap: options.bwrap ?? 'bwrap',
    uid: uids ? (uids[index] ?? null) : null,
    gid: uids ? (uids[index] ?? null) : null,
    root,
    view: isolation === 'bwrap' && view ? view.mounts : [],
    memoryBytes: memoryMb * 1024 * 1024,
    maxProcesses,
    maxFileBytes,
    maxOpenFiles,
    maxMessageBytes,
    tmpfsBytes,
    preloadModules,
    startTimeoutMs,
    watchdogGraceMs,
  });

  // Pool state, shared by the closures below.
  const slots: Slot[] = [];
  const queue: Task[] = [];
  const inflight = new Map<string, Task>();
  const stats: OracleStats = { executed: 0, cacheHits: 0, serverRestarts: 0, killedDescendants: 0, removedFiles: 0 };
  let closed = false;
  let closing: Promise<void> | undefined;
  let fatal: OracleError | undefined;
  let cache: ExecutionCache | undefined;

  const onServerExit = (server: ForkServer): void => {
    const slot = slots.find((s) => s.server === server);
    if (!slot) return;
    slot.server = undefined;
    if (closed) return;
    stats.serverRestarts++;
    restart(slot);
  };

  const restart = (slot: Slot): void => {
    if (slot.starting || closed) return;
    slot.starting = startForkServer(slot.config, { onExit: onServerExit })
      .then((server) => {
        slot.starting = undefined;
        if (closed) {
          server.kill();
          return;
        }
        slot.server = server;
        slot.failures = 0;
        pump();
      })
      .catch((error: unknown) => {
        slot.starting = undefined;
        slot.failures++;
        if (slot.failures >= MAX_RESTART_FAILURES) {
          if (slots.every((s) => !s.server && !s.starting)) {
            fatal = new OracleError(
              'server-start-failed',
              `@execret/oracle: no fork server could be restarted (${MAX_RESTART_FAILURES} attempts each; last: ${(error as Error).message})`,
              { cause: error },
            );
            for (const task of queue.splice(0)) {
              inflight.delete(task.key);
              task.reject(fatal);
            }
          }
          return;
        }
        setTimeout(() => restart(slot), 100 * 2 ** slot.failures);
      });
  };

  const settle = (slot: Slot, task: Task, reply: Awaited<ReturnType<ForkServer['submit']>>): void => {
    if (reply.kind === 'requeue') {
      task.started = false;
      queue.unshift(task);
      return;
    }
    let execution: Execution;
    if (reply.kind === 'lost') {
      const outcome = `ERROR:OracleServerLost: ${reply.reason}`.slice(0, 600);
      execution = {
        tests: task.job.tests.map(() => outcome),
        judged: task.job.tests.map(() => 'child' as const),
        durationMs: 0,
      };
    } else {
      execution = { tests: reply.tests, judged: reply.judged, durationMs: reply.durationMs };
      stats.killedDescendants += reply.killedDescendants;
      stats.removedFiles += reply.removedFiles;
    }
    stats.executed++;
    inflight.delete(task.key);
    if (cache && !execution.tests.some(isInfrastructureOutcome)) {
      const [code, tests] = task.key.split(':') as [string, string];
      const status = suiteStatus(execution.tests);
      try {
        cache.put({
          codeSha256: code,
          testsSha256: tests,
          testResults: execution.tests,
          passesAllTests: status === 'pass',
          status,
          durationMs: execution.durationMs,
          isolation: slot.config.isolation,
          judged: execution.judged,
        });
      } catch (error) {
        task.reject(error);
        return;
      }
    }
    task.resolve(execution);
  };

  const pump = (): void => {
    for (const slot of slots) {
      const server = slot.server;
      while (server?.alive && server.inFlight < PIPELINE_DEPTH && queue.length > 0) {
        const task = queue.shift() as Task;
        task.started = true;
        void server.submit(task.job).then((reply) => {
          try {
            settle(slot, task, reply);
          } catch (error) {
            inflight.delete(task.key);
            task.reject(error);
          }
          pump();
        });
      }
    }
  };

  // Start: the first server decides the isolation (and is the self-test), then the rest in parallel.
  let isolation: OracleIsolation = requested === 'rlimit' ? 'rlimit' : 'bwrap';
  let fallbackReason: string | undefined;
  let first: ForkServer;
  try {
    if (isolation === 'bwrap' && !view) throw viewError ?? new Error('no sandbox view');
    first = await startChecked(baseConfig(0, isolation), signal, onServerExit);
  } catch (error) {
    if (signal?.aborted) throw abortError('createOracle', signal);
    if (isolation === 'bwrap') {
      if (requested === 'bwrap') {
        throw new OracleError(
          'bwrap-unavailable',
          `@execret/oracle createOracle: isolation 'bwrap' requested but bubblewrap ("${options.bwrap ?? 'bwrap'}") failed its self-test: ${(error as Error).message}. Install bubblewrap (apt-get install bubblewrap) or pass isolation 'auto' or 'rlimit'`,
          { cause: error },
        );
      }
      fallbackReason = (error as Error).message;
      isolation = 'rlimit';
      try {
        first = await startChecked(baseConfig(0, isolation), signal, onServerExit);
      } catch (error2) {
        if (signal?.aborted) throw abortError('createOracle', signal);
        throw new OracleError(
          'server-start-failed',
          `@execret/oracle createOracle: no fork server could start (bwrap: ${fallbackReason}; rlimit: ${(error2 as Error).message})`,
          { cause: error2 },
        );
      }
    } else {
      throw new OracleError(
        'server-start-failed',
        `@execret/oracle createOracle: the fork server did not start: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }
  slots.push({ index: 0, config: baseConfig(0, isolation), server: first, starting: undefined, failures: 0 });
  for (let i = 1; i < concurrency; i++)
    slots.push({ index: i, config: baseConfig(i, isolation), server: undefined, starting: undefined, failures: 0 });
  const rest = await Promise.allSettled(slots.slice(1).map((slot) => startChecked(slot.config, signal, onServerExit)));
  const failed = rest.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  rest.forEach((r, i) => {
    const slot = slots[i + 1] as Slot;
    if (r.status === 'fulfilled') slot.server = r.value;
  });
  if (failed || signal?.aborted) {
    for (const slot of slots) slot.server?.kill();
    if (signal?.aborted) throw abortError('createOracle', signal);
    throw new OracleError(
      'server-start-failed',
      `@execret/oracle createOracle: a fork server did not start: ${(failed!.reason as Error).message}`,
      { cause: failed?.reason },
    );
  }
  // A server that died between its start and now is replaced like any other.
  for (const slot of slots) {
    if (slot.server && !slot.server.alive) {
      slot.server = undefined;
      restart(slot);
    }
  }
  if (options.cacheFile !== undefined) {
    try {
      cache = await openExecutionCache(options.cacheFile, signal ? { signal } : {});
    } catch (error) {
      for (const slot of slots) slot.server?.kill();
      throw error;
    }
  }

  const hello = first.hello;
  const warnings: string[] = [];
  if (isolation === 'rlimit') {
    warnings.push(
      `no bubblewrap: snippets can open network connections, read every file the sandbox uid can read (the whole host filesystem: a dataset, test suite or execution cache in a world-readable file gives a snippet the expected values, so it can forge split-judged passes; keep them unreadable by others, e.g. chmod o-r, and run as root so the children drop to the sandbox uid), and write to world-writable host directories (top-level entries are removed after each job)${sandboxPaths.length > 0 ? '; sandboxPaths has no effect' : ''}`,
    );
  } else if (view) {
    if (view.leftOut.length > 0) {
      warnings.push(
        `sys.path entries outside the interpreter's installation are not visible in the sandbox, so imports from them fail: ${view.leftOut.join(', ')}; add them to sandboxPaths if snippets need them (everything below them becomes readable)`,
      );
    }
    if (sandboxPaths.length > 0)
      warnings.push(`sandboxPaths: every snippet can read everything below ${sandboxPaths.join(', ')}`);
  }
  if (!root && isolation === 'rlimit') {
    warnings.push(
      `not running as root: children run as the calling user (uid ${process.getuid?.() ?? '?'}), so they can read and write its files, read the environment of its processes and signal them (this Node process included), and RLIMIT_NPROC counts all its processes; unless the kernel forbids it (yama ptrace_scope >= 1) they can also read the memory of its processes, this Node process and its job queue included, so split judging guarantees nothing against a hostile snippet here`,
    );
  } else if (!root) {
    warnings.push(
      'not running as root: children have the uid of their fork server inside the sandbox, so a snippet can kill its server (the job is blamed and the server replaced)',
    );
  }
  if (judging === 'child') {
    warnings.push(
      "judging 'child': every verdict is decided inside the sandboxed child, so a snippet written against this oracle can forge a pass for any test (see the README's threat model)",
    );
  }
  const info: OracleInfo = {
    isolation,
    judging,
    ...(fallbackReason !== undefined ? { fallbackReason } : {}),
    python,
    concurrency,
    timeoutMs,
    memoryMb,
    maxProcesses,
    maxFileBytes,
    maxOpenFiles,
    maxMessageBytes,
    maxCodeBytes,
    sandboxUids: uids,
    ...(options.cacheFile !== undefined ? { cacheFile: options.cacheFile } : {}),
    cacheIssues: cache?.issues ?? [],
    preloadFailed: [...hello.preload_failed],
    visiblePaths: isolation === 'bwrap' && view ? [...view.visible] : ['/'],
    warnings,
  };

  const toResult = (
    execution: Execution,
    codeHash: string,
    testsHash: string,
    cached: boolean,
    iso: OracleResult['isolation'],
  ): OracleResult => ({
    status: suiteStatus(execution.tests),
    tests: [...execution.tests],
    judged: [...execution.judged],
    durationMs: execution.durationMs,
    isolation: iso,
    cached,
    codeSha256: codeHash,
    testsSha256: testsHash,
  });

  const run = (job: OracleJob, runOptions: OracleRunOptions = {}): Promise<OracleResult> => {
    checkJob(job, 'oracle.run');
    const runSignal = runOptions.signal;
    if (closed) return Promise.reject(new OracleError('closed', '@execret/oracle oracle.run: the oracle is closed'));
    if (fatal) return Promise.reject(fatal);
    if (runSignal?.aborted) return Promise.reject(abortError('oracle.run', runSignal));
    const codeHash = codeSha256(job.code);
    const testsHash = testsSha256(job.tests);
    const hit = cache?.get(codeHash, testsHash);
    if (hit) {
      stats.cacheHits++;
      const iso = hit.isolation === 'bwrap' || hit.isolation === 'rlimit' ? hit.isolation : 'unknown';
      const judged = hit.judged ?? hit.testResults.map(() => 'child' as const);
      return Promise.resolve(
        toResult(
          { tests: [...hit.testResults], judged: [...judged], durationMs: hit.durationMs ?? 0 },
          codeHash,
          testsHash,
          true,
          iso,
        ),
      );
    }
    const codeBytes = Buffer.byteLength(job.code, 'utf8');
    if (codeBytes > maxCodeBytes) {
      const outcome = `ERROR:OracleLimit: snippet is ${codeBytes} bytes, more than maxCodeBytes ${maxCodeBytes}; not executed`;
      return Promise.resolve(
        toResult(
          { tests: job.tests.map(() => outcome), judged: job.tests.map(() => 'child' as const), durationMs: 0 },
          codeHash,
          testsHash,
          false,
          isolation,
        ),
      );
    }
    const key = `${codeHash}:${testsHash}`;
    let task = inflight.get(key);
    if (!task) {
      let resolve!: (execution: Execution) => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<Execution>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      promise.catch(() => {});
      task = {
        key,
        job: { code: job.code, tests: [...job.tests], timeoutMs, judging },
        waiters: 0,
        started: false,
        promise,
        resolve,
        reject,
      };
      inflight.set(key, task);
      queue.push(task);
      pump();
    }
    const current = task;
    current.waiters++;
    return new Promise<OracleResult>((resolve, reject) => {
      const onAbort = (): void => {
        current.waiters--;
        if (current.waiters === 0 && !current.started) {
          const at = queue.indexOf(current);
          if (at >= 0) queue.splice(at, 1);
          inflight.delete(current.key);
        }
        reject(abortError('oracle.run', runSignal as AbortSignal));
      };
      runSignal?.addEventListener('abort', onAbort, { once: true });
      current.promise.then(
        (execution) => {
          runSignal?.removeEventListener('abort', onAbort);
          resolve(toResult(execution, codeHash, testsHash, false, isolation));
        },
        (error: unknown) => {
          runSignal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  };

  const runMany = async (jobs: readonly OracleJob[], manyOptions: RunManyOptions = {}): Promise<OracleResult[]> => {
    if (!Array.isArray(jobs))
      throw new TypeError('@execret/oracle oracle.runMany: expected jobs to be an array of { code, tests }');
    jobs.forEach((job, i) => {
      checkJob(job, `oracle.runMany (job ${i})`);
    });
    const limit = manyOptions.concurrency === undefined ? concurrency * PIPELINE_DEPTH : manyOptions.concurrency;
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError(
        `@execret/oracle oracle.runMany: expected options.concurrency to be a positive integer, received ${String(limit)}`,
      );
    }
    const { onProgress, signal: manySignal } = manyOptions;
    if (manySignal?.aborted) throw abortError('oracle.runMany', manySignal);
    const results = new Array<OracleResult>(jobs.length);
    const started = performance.now();
    const controller = new AbortController();
    const stop = (): void => controller.abort(manySignal?.reason);
    manySignal?.addEventListener('abort', stop, { once: true });
    let next = 0;
    let done = 0;
    let cachedCount = 0;
    const worker = async (): Promise<void> => {
      while (next < jobs.length && !controller.signal.aborted) {
        const index = next++;
        const result = await run(jobs[index] as OracleJob, { signal: controller.signal });
        results[index] = result;
        done++;
        if (result.cached) cachedCount++;
        const progress: OracleProgress = {
          done,
          total: jobs.length,
          cached: cachedCount,
          index,
          result,
          elapsedMs: performance.now() - started,
        };
        onProgress?.(progress);
      }
    };
    try {
      await Promise.all(
        Array.from({ length: Math.min(limit, jobs.length) }, () =>
          worker().catch((error: unknown) => {
            controller.abort(error);
            throw error;
          }),
        ),
      );
    } catch (error) {
      if (manySignal?.aborted) throw abortError('oracle.runMany', manySignal);
      throw error;
    } finally {
      manySignal?.removeEventListener('abort', stop);
    }
    if (manySignal?.aborted) throw abortError('oracle.runMany', manySignal);
    return results;
  };

  const close = (): Promise<void> => {
    if (closing) return closing;
    closed = true;
    for (const task of queue.splice(0)) {
      inflight.delete(task.key);
      task.reject(
        new OracleError('closed', '@execret/oracle oracle.close: the oracle was closed before this job started'),
      );
    }
    closing = (async () => {
      await Promise.allSettled(slots.map((s) => s.starting));
      await Promise.all(slots.map((s) => s.server?.close(timeoutMs + watchdogGraceMs) ?? Promise.resolve()));
      cache?.close();
    })();
    return closing;
  };

  return {
    info,
    run,
    runMany,
    stats: () => ({ ...stats }),
    close,
  };
}
