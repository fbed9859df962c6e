import { realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isAbsolute, normalize } from 'node:path';
import {
  DEFAULT_ISOLATION,
  DEFAULT_JUDGING,
  DEFAULT_MAX_CODE_BYTES,
  DEFAULT_MAX_FILE_BYTES,
  DEFAULT_MAX_MESSAGE_BYTES,
  DEFAULT_MAX_OPEN_FILES,
  DEFAULT_MAX_PROCESSES,
  DEFAULT_MAX_SUITE_BYTES,
  DEFAULT_MAX_TESTS,
  DEFAULT_MEMORY_MB,
  DEFAULT_PRELOAD_MODULES,
  DEFAULT_SANDBOX_UID,
  DEFAULT_START_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_TMPFS_BYTES,
  DEFAULT_WATCHDOG_GRACE_MS,
} from './defaults.js';
import { ISOLATION_REQUESTS } from './isolation-requests.js';
import type { JsRunnerOptions } from './js/types.js';
import { ORACLE_JUDGINGS, type OracleJudging } from './judging.js';
import { DEFAULT_PYTHON } from './python.js';
import { isReservedPath } from './sandbox-view.js';
import type { OracleIsolation, OracleOptions } from './types.js';

function javascriptOptions(value: unknown): Omit<JsRunnerOptions, 'signal'> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(
      '@execret/oracle createOracle: expected options.javascript to be an object of createJsRunner options',
    );
  }
  if ('signal' in value) {
    throw new TypeError('@execret/oracle createOracle: options.javascript.signal is not used (pass options.signal)');
  }
  return { ...(value as Omit<JsRunnerOptions, 'signal'>) };
}

/**
 * `createOracle`'s options, validated and with every default filled in. Internal to the package.
 *
 * @internal
 */
export interface ResolvedOptions {
  timeoutMs: number;
  memoryMb: number;
  concurrency: number;
  maxProcesses: number;
  maxFileBytes: number;
  maxOpenFiles: number;
  maxMessageBytes: number;
  maxCodeBytes: number;
  maxTests: number;
  maxSuiteBytes: number;
  tmpfsBytes: number;
  sandboxUid: number;
  startTimeoutMs: number;
  watchdogGraceMs: number;
  /** The isolation asked for (`'auto'` tries bwrap, then rlimit). */
  requested: 'auto' | OracleIsolation;
  judging: OracleJudging;
  preloadModules: readonly string[];
  sandboxPaths: string[];
  python: string;
  bwrap: string;
  cacheFile: string | undefined;
  /** The JavaScript runner's own options (checked by `createJsRunner` when it starts). */
  javascript: Omit<JsRunnerOptions, 'signal'>;
  cgroup: 'auto' | 'off';
  signal: AbortSignal | undefined;
}

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

/**
 * Validates `createOracle`'s options at the public boundary and fills in the defaults (programmer misuse
 * throws at once).
 *
 * @throws {TypeError | RangeError} for malformed options
 * @example
 * resolveOptions({ timeoutMs: 2000 }).timeoutMs; // 2000
 * resolveOptions({}).judging;                   // 'split'
 * @internal
 */
export function resolveOptions(options: OracleOptions): ResolvedOptions {
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
  // The frame index of a test's report is 16 bits, one value of which marks the end.
  const maxTests = positiveInteger('maxTests', options.maxTests, DEFAULT_MAX_TESTS, 1, 65_534);
  const maxSuiteBytes = positiveInteger('maxSuiteBytes', options.maxSuiteBytes, DEFAULT_MAX_SUITE_BYTES, 1, 64 << 20);
  const tmpfsBytes = positiveInteger('tmpfsBytes', options.tmpfsBytes, DEFAULT_TMPFS_BYTES, 1 << 16);
  const sandboxUid = positiveInteger('sandboxUid', options.sandboxUid, DEFAULT_SANDBOX_UID, 1, 2 ** 31 - 2);
  const startTimeoutMs = positiveInteger('startTimeoutMs', options.startTimeoutMs, DEFAULT_START_TIMEOUT_MS);
  const watchdogGraceMs = positiveInteger('watchdogGraceMs', options.watchdogGraceMs, DEFAULT_WATCHDOG_GRACE_MS);
  const requested = options.isolation ?? DEFAULT_ISOLATION;
  if (!(ISOLATION_REQUESTS as readonly string[]).includes(requested)) {
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
  const cgroup = options.cgroup ?? 'auto';
  if (cgroup !== 'auto' && cgroup !== 'off') {
    throw new RangeError(
      `@execret/oracle createOracle: expected options.cgroup to be 'auto' or 'off', received ${JSON.stringify(cgroup)}`,
    );
  }
  return {
    timeoutMs,
    memoryMb,
    concurrency,
    maxProcesses,
    maxFileBytes,
    maxOpenFiles,
    maxMessageBytes,
    maxCodeBytes,
    maxTests,
    maxSuiteBytes,
    tmpfsBytes,
    sandboxUid,
    startTimeoutMs,
    watchdogGraceMs,
    requested,
    judging,
    preloadModules,
    sandboxPaths,
    python: options.python ?? DEFAULT_PYTHON,
    bwrap: options.bwrap ?? 'bwrap',
    cacheFile: options.cacheFile,
    javascript: javascriptOptions(options.javascript),
    cgroup,
    signal: options.signal,
  };
}
