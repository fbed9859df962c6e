import { abortError, OracleError } from './errors.js';
import { type ExecutionCache, openExecutionCache } from './execution-cache.js';
import type { ServerConfig, ServerIsolation } from './fork-server.js';
import { createJsJobs } from './js-jobs.js';
import { resolveOptions } from './options.js';
import { createPool } from './pool.js';
import { probePython } from './python.js';
import { createRun } from './run.js';
import { leaseSandboxUids } from './sandbox-uids.js';
import { type SandboxView, sandboxView } from './sandbox-view.js';
import {
  type CgroupInfo,
  probeCgroups,
  SERVER_MEMORY_ALLOWANCE_BYTES,
  SERVER_PROCESS_ALLOWANCE,
} from './server-cgroup.js';
import { startServers } from './server-start.js';
import type { Oracle, OracleInfo, OracleOptions } from './types.js';
import { oracleWarnings } from './warnings.js';

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
  const o = resolveOptions(options);
  const { concurrency, signal } = o;
  if (signal?.aborted) throw abortError('createOracle', signal);
  if (process.platform !== 'linux') {
    throw new OracleError(
      'server-start-failed',
      `@execret/oracle createOracle: the fork servers need Linux (fork, prctl, /proc); this is ${process.platform}`,
    );
  }

  const { info: python, footprint } = await probePython(o.python, signal ? { signal } : {});
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  // Under bwrap the sandbox shows only what this interpreter uses (reported by the probe above).
  let view: SandboxView | undefined;
  let viewError: Error | undefined;
  if (o.requested !== 'rlimit') {
    try {
      if (footprint instanceof Error) throw footprint;
      view = sandboxView(footprint, o.sandboxPaths);
    } catch (error) {
      viewError = new Error(`cannot build the sandbox's file system view: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  // As root, every server drops its children to a uid of its own, unique on the host (see sandbox-uids.ts).
  const lease = root
    ? await leaseSandboxUids(concurrency, { highest: o.sandboxUid, component: 'createOracle' })
    : undefined;
  const uids = lease ? [...lease.uids] : null;
  // Control groups per server, where this process can make them: a job's memory and processes as a whole.
  const cgroups = o.cgroup === 'auto' ? probeCgroups() : { reason: "option cgroup: 'off'" };
  const cgroupSetup = 'reason' in cgroups ? undefined : cgroups;
  const cgroupInfo: CgroupInfo = cgroupSetup
    ? {
        kind: 'per-server',
        version: cgroupSetup.memory.version,
        memoryBytes: o.memoryMb * 1024 * 1024 + SERVER_MEMORY_ALLOWANCE_BYTES,
        maxProcesses: cgroupSetup.pids ? o.maxProcesses + SERVER_PROCESS_ALLOWANCE : null,
      }
    : { kind: 'none', reason: (cgroups as { reason: string }).reason };
  const serverConfig = (index: number, isolation: ServerIsolation): ServerConfig => ({
    python: python.executable,
    isolation,
    bwrap: o.bwrap,
    uid: uids ? (uids[index] ?? null) : null,
    gid: uids ? (uids[index] ?? null) : null,
    root,
    view: isolation === 'bwrap' && view ? view.mounts : [],
    memoryBytes: o.memoryMb * 1024 * 1024,
    maxProcesses: o.maxProcesses,
    maxFileBytes: o.maxFileBytes,
    maxOpenFiles: o.maxOpenFiles,
    maxMessageBytes: o.maxMessageBytes,
    tmpfsBytes: o.tmpfsBytes,
    preloadModules: o.preloadModules,
    startTimeoutMs: o.startTimeoutMs,
    watchdogGraceMs: o.watchdogGraceMs,
    ...(cgroupSetup ? { cgroup: cgroupSetup } : {}),
  });

  const { pool, attach, onServerExit } = createPool(o.timeoutMs + o.watchdogGraceMs);
  let started: Awaited<ReturnType<typeof startServers>>;
  try {
    started = await startServers({
      requested: o.requested,
      concurrency,
      config: serverConfig,
      bwrapUnusable: view ? undefined : (viewError ?? new Error('no sandbox view')),
      bwrap: o.bwrap,
      signal,
      onExit: onServerExit,
    });
  } catch (error) {
    lease?.release();
    throw error;
  }
  const { isolation, fallbackReason, servers } = started;
  let cache: ExecutionCache | undefined;
  if (o.cacheFile !== undefined) {
    try {
      cache = await openExecutionCache(o.cacheFile, signal ? { signal } : {});
    } catch (error) {
      for (const server of servers) server.kill();
      lease?.release();
      throw error;
    }
  }
  attach(
    servers.map((_, i) => serverConfig(i, isolation)),
    servers,
  );

  const js = createJsJobs({
    timeoutMs: o.timeoutMs,
    isolation: o.requested,
    bwrap: o.bwrap,
    maxMessageBytes: o.maxMessageBytes,
    maxCodeBytes: o.maxCodeBytes,
    maxTests: o.maxTests,
    maxSuiteBytes: o.maxSuiteBytes,
    ...o.javascript,
  });
  const hello = servers[0]!.hello;
  const info: OracleInfo = {
    isolation,
    judging: o.judging,
    ...(fallbackReason !== undefined ? { fallbackReason } : {}),
    python,
    concurrency,
    timeoutMs: o.timeoutMs,
    memoryMb: o.memoryMb,
    maxProcesses: o.maxProcesses,
    maxFileBytes: o.maxFileBytes,
    maxOpenFiles: o.maxOpenFiles,
    maxMessageBytes: o.maxMessageBytes,
    maxCodeBytes: o.maxCodeBytes,
    maxTests: o.maxTests,
    maxSuiteBytes: o.maxSuiteBytes,
    sandboxUids: uids,
    ...(o.cacheFile !== undefined ? { cacheFile: o.cacheFile } : {}),
    cacheIssues: cache?.issues ?? [],
    preloadFailed: [...hello.preload_failed],
    cgroup: cgroupInfo,
    visiblePaths: isolation === 'bwrap' && view ? [...view.visible] : ['/'],
    warnings: oracleWarnings({
      isolation,
      view,
      sandboxPaths: o.sandboxPaths,
      root,
      uid: process.getuid?.(),
      judging: o.judging,
      scratchDirs: hello.scratch_dirs,
      ...(cgroupInfo.kind === 'none'
        ? { noCgroup: { reason: cgroupInfo.reason, memoryMb: o.memoryMb, maxProcesses: o.maxProcesses } }
        : {}),
    }),
    get javascript() {
      return js.info();
    },
  };

  const { run, runMany } = createRun({
    pool,
    cache,
    isolation,
    judging: o.judging,
    timeoutMs: o.timeoutMs,
    limits: { maxCodeBytes: o.maxCodeBytes, maxTests: o.maxTests, maxSuiteBytes: o.maxSuiteBytes },
    concurrency,
    js,
  });
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= Promise.all([pool.close(), js.close()]).then(() => {
      // Every server (and so every process of its uid) is gone: the uids can go to another oracle.
      lease?.release();
      return cache?.close();
    });
    return closing;
  };
  return { info, run, runMany, stats: () => ({ ...pool.stats, phaseMs: { ...pool.stats.phaseMs } }), close };
}
