import { availableParallelism } from 'node:os';
import {
  DEFAULT_MAX_CODE_BYTES,
  DEFAULT_MAX_FILE_BYTES,
  DEFAULT_MAX_MESSAGE_BYTES,
  DEFAULT_MAX_OPEN_FILES,
  DEFAULT_MAX_TESTS,
  DEFAULT_START_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_TMPFS_BYTES,
} from '../defaults.js';
import {
  DEFAULT_JS_ENGINE,
  DEFAULT_JS_JOBS_PER_INSTANCE,
  DEFAULT_JS_MAX_CONCURRENCY,
  DEFAULT_JS_MAX_PROCESSES,
  DEFAULT_JS_MAX_SUITE_BYTES,
  DEFAULT_JS_MEMORY_MB,
  DEFAULT_JS_SANDBOX_UID,
  DEFAULT_JS_STAGING_DIR,
  DEFAULT_JS_WATCHDOG_GRACE_MS,
} from './defaults.js';
import type { JsEngine, JsIsolation, JsRunnerOptions } from './types.js';

/** The options of `createJsRunner` checked, with every default filled in. */
export interface ResolvedJsRunnerOptions {
  engine: JsEngine;
  isolation: 'auto' | JsIsolation;
  timeoutMs: number;
  memoryMb: number;
  concurrency: number;
  bwrap: string;
  node: string;
  maxMessageBytes: number;
  maxCodeBytes: number;
  maxTests: number;
  maxSuiteBytes: number;
  maxOpenFiles: number;
  maxFileBytes: number;
  maxProcesses: number;
  tmpfsBytes: number;
  sandboxUid: number;
  startTimeoutMs: number;
  watchdogGraceMs: number;
  jobsPerInstance: number;
  stagingDir: string;
}

const positiveInteger = (name: string, value: number | undefined, fallback: number, min = 1): number => {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`@execret/oracle createJsRunner: ${name} must be an integer >= ${min}, received ${value}`);
  }
  return value;
};

/**
 * Checks the options of `createJsRunner` and fills in the defaults. Throws `TypeError`/`RangeError` on
 * misuse (an unknown engine or isolation, a non-integer or too small limit, a `sandboxUid` without room
 * for two uids per slot above 1000, a `stagingDir` that is not an absolute path).
 */
export function resolveOptions(options: JsRunnerOptions): ResolvedJsRunnerOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('@execret/oracle createJsRunner: options must be an object');
  }
  const engine = options.engine ?? DEFAULT_JS_ENGINE;
  if (engine !== 'quickjs' && engine !== 'node') {
    throw new RangeError(
      `@execret/oracle createJsRunner: engine must be 'quickjs' or 'node', received ${String(engine)}`,
    );
  }
  const isolation = options.isolation ?? 'auto';
  if (isolation !== 'auto' && isolation !== 'bwrap' && isolation !== 'rlimit') {
    throw new RangeError(
      `@execret/oracle createJsRunner: isolation must be 'auto', 'bwrap' or 'rlimit', received ${String(isolation)}`,
    );
  }
  for (const [name, value] of [
    ['bwrap', options.bwrap],
    ['node', options.node],
    ['stagingDir', options.stagingDir],
  ] as const) {
    if (value !== undefined && (typeof value !== 'string' || value === '')) {
      throw new TypeError(`@execret/oracle createJsRunner: ${name} must be a non-empty string`);
    }
  }
  if (options.stagingDir !== undefined && !options.stagingDir.startsWith('/')) {
    throw new TypeError(
      `@execret/oracle createJsRunner: stagingDir must be an absolute path, received ${options.stagingDir}`,
    );
  }
  const sandboxUid = positiveInteger('sandboxUid', options.sandboxUid, DEFAULT_JS_SANDBOX_UID);
  const concurrency = positiveInteger(
    'concurrency',
    options.concurrency,
    Math.min(availableParallelism(), DEFAULT_JS_MAX_CONCURRENCY),
  );
  if (sandboxUid - 2 * concurrency < 1000) {
    throw new RangeError(
      `@execret/oracle createJsRunner: sandboxUid ${sandboxUid} leaves no room for ${concurrency} slots above uid 1000`,
    );
  }
  return {
    engine,
    isolation,
    timeoutMs: positiveInteger('timeoutMs', options.timeoutMs, DEFAULT_TIMEOUT_MS),
    memoryMb: positiveInteger('memoryMb', options.memoryMb, DEFAULT_JS_MEMORY_MB, 32),
    concurrency,
    bwrap: options.bwrap ?? 'bwrap',
    node: options.node ?? process.execPath,
    maxMessageBytes: positiveInteger('maxMessageBytes', options.maxMessageBytes, DEFAULT_MAX_MESSAGE_BYTES),
    maxCodeBytes: positiveInteger('maxCodeBytes', options.maxCodeBytes, DEFAULT_MAX_CODE_BYTES),
    maxTests: positiveInteger('maxTests', options.maxTests, DEFAULT_MAX_TESTS),
    maxSuiteBytes: positiveInteger('maxSuiteBytes', options.maxSuiteBytes, DEFAULT_JS_MAX_SUITE_BYTES),
    maxOpenFiles: positiveInteger('maxOpenFiles', options.maxOpenFiles, DEFAULT_MAX_OPEN_FILES, 32),
    maxFileBytes: positiveInteger('maxFileBytes', options.maxFileBytes, DEFAULT_MAX_FILE_BYTES),
    maxProcesses: positiveInteger('maxProcesses', options.maxProcesses, DEFAULT_JS_MAX_PROCESSES, 16),
    tmpfsBytes: positiveInteger('tmpfsBytes', options.tmpfsBytes, DEFAULT_TMPFS_BYTES),
    sandboxUid,
    startTimeoutMs: positiveInteger('startTimeoutMs', options.startTimeoutMs, DEFAULT_START_TIMEOUT_MS),
    watchdogGraceMs: positiveInteger('watchdogGraceMs', options.watchdogGraceMs, DEFAULT_JS_WATCHDOG_GRACE_MS, 0),
    jobsPerInstance: positiveInteger('jobsPerInstance', options.jobsPerInstance, DEFAULT_JS_JOBS_PER_INSTANCE),
    stagingDir: options.stagingDir ?? DEFAULT_JS_STAGING_DIR,
  };
}
