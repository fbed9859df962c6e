import { isJudged, type Judged } from './judged.js';
import { isLanguage, type Language } from './language.js';
import { SUITE_STATUSES, type SuiteStatus, suiteStatus } from './outcomes.js';

/**
 * One line of `execution_cache.jsonl` as execret writes it (docs/formats.md): one snippet, by hash, run against
 * one suite, by hash.
 */
export interface ExecutionCacheRecord {
  /** `code_sha256`: see `codeSha256`. */
  codeSha256: string;
  /** `tests_sha256`: see `testsSha256`. */
  testsSha256: string;
  /** `test_results`: one outcome per assert (see `isOutcome`). */
  testResults: readonly string[];
  /** `passes_all_tests`: every outcome is `pass` (and there is at least one). */
  passesAllTests: boolean;
  /** `status`: the suite status (see `suiteStatus`). */
  status: SuiteStatus;
  /** `duration_ms`, when the writer measured it. */
  durationMs?: number;
  /** `isolation` (`bwrap` or `rlimit` for the oracle's lines), when the writer recorded it. */
  isolation?: string;
  /** `judged`: how each test was judged, one per outcome (see `Judged`). */
  judged?: readonly Judged[];
  /**
   * `language` of the snippet and its tests, when it is not `python` (a line without it is Python): the
   * same code and tests in two languages are two executions.
   */
  language?: Language;
  /**
   * `work_limit`: the work limit (line events) a Python job ran under and finished within (see
   * `OracleJob.workLimit` of `@execret/oracle`), set by the oracle, not reported by the job: a job with a work
   * limit is answered only by a line whose `work_limit` is at most its own.
   */
  workLimit?: number;
  /**
   * `work`: the line events the job counted itself under its work limit: the job's own claim, informational
   * (deterministic for honest code, anything for hostile code); no reader decides anything from it.
   */
  work?: number;
  /** Further fields, written after the documented ones in their own key order; never one of the documented names. */
  extra?: Record<string, unknown>;
}

const LOWER_HEX64 = /^[0-9a-f]{64}$/;
/** The fields of an `execution_cache.jsonl` line that docs/formats.md names, in the order the writer puts them. */
export const EXECUTION_CACHE_FIELDS = [
  'code_sha256',
  'tests_sha256',
  'test_results',
  'passes_all_tests',
  'status',
  'duration_ms',
  'isolation',
  'judged',
  'language',
  'work_limit',
  'work',
] as const;
const DOCUMENTED: ReadonlySet<string> = new Set(EXECUTION_CACHE_FIELDS);

/**
 * The record of an execution whose outcomes are known: `passesAllTests` and `status` derived from the outcomes.
 *
 * @throws {TypeError} when an outcome is outside the vocabulary
 * @example
 * executionCacheRecord('a'.repeat(64), 'b'.repeat(64), ['pass', 'FAIL']);
 * // { codeSha256: 'aaa…', testsSha256: 'bbb…', testResults: ['pass', 'FAIL'], passesAllTests: false, status: 'fail' }
 */
export function executionCacheRecord(
  codeSha256: string,
  testsSha256: string,
  testResults: readonly string[],
): ExecutionCacheRecord {
  const status = suiteStatus(testResults);
  return { codeSha256, testsSha256, testResults: [...testResults], passesAllTests: status === 'pass', status };
}

/**
 * Serialises one record as a line of `execution_cache.jsonl`, strictly as docs/formats.md fixes it: compact JSON
 * (`JSON.stringify`) with the fields `code_sha256`, `tests_sha256`, `test_results`, `passes_all_tests`, `status`,
 * then `duration_ms`, `isolation`, `judged`, `language` and `work` when present, then the `extra` fields, terminated by `\n`. This is
 * the one writer of the format: the oracle's cache, the mutation engine's and the LLM pipeline's releases all
 * write through it.
 *
 * @throws {TypeError} when a hash is not 64 lowercase hex digits, an outcome is outside the vocabulary,
 *   `passesAllTests` or `status` contradict `testResults` (`pass` exactly when every outcome is `pass`), `judged`
 *   is not one label per outcome, `durationMs` is not a finite number, or `extra` repeats a documented field
 * @example
 * formatExecutionCacheLine({ codeSha256: 'a'.repeat(64), testsSha256: 'b'.repeat(64),
 *   testResults: ['pass'], passesAllTests: true, status: 'pass', durationMs: 2.5 });
 * // '{"code_sha256":"aaa…","tests_sha256":"bbb…","test_results":["pass"],"passes_all_tests":true,"status":"pass","duration_ms":2.5}\n'
 */
export function formatExecutionCacheLine(record: ExecutionCacheRecord): string {
  for (const [name, hash] of [
    ['codeSha256', record.codeSha256],
    ['testsSha256', record.testsSha256],
  ] as const) {
    if (typeof hash !== 'string' || !LOWER_HEX64.test(hash)) {
      throw new TypeError(
        `@execret/formats formatExecutionCacheLine: expected ${name} to be 64 lowercase hex digits, received ${JSON.stringify(hash)}`,
      );
    }
  }
  if (!Array.isArray(record.testResults)) {
    throw new TypeError(
      '@execret/formats formatExecutionCacheLine: expected testResults to be an array of outcome strings',
    );
  }
  const derived = suiteStatus(record.testResults);
  if (
    record.passesAllTests !== (derived === 'pass') ||
    !SUITE_STATUSES.includes(record.status) ||
    (record.status === 'pass') !== (derived === 'pass')
  ) {
    throw new TypeError(
      `@execret/formats formatExecutionCacheLine: passesAllTests (${String(record.passesAllTests)}) and status ('${String(record.status)}') must agree with testResults (status '${derived}'); status is one of ${SUITE_STATUSES.join(', ')}`,
    );
  }
  const line: Record<string, unknown> = {
    code_sha256: record.codeSha256,
    tests_sha256: record.testsSha256,
    test_results: record.testResults,
    passes_all_tests: record.passesAllTests,
    status: record.status,
  };
  if (record.durationMs !== undefined) {
    if (typeof record.durationMs !== 'number' || !Number.isFinite(record.durationMs)) {
      throw new TypeError(
        `@execret/formats formatExecutionCacheLine: expected durationMs to be a finite number, received ${String(record.durationMs)}`,
      );
    }
    line.duration_ms = record.durationMs;
  }
  if (record.isolation !== undefined) line.isolation = record.isolation;
  if (record.judged !== undefined) {
    if (
      !Array.isArray(record.judged) ||
      record.judged.length !== record.testResults.length ||
      !record.judged.every(isJudged)
    ) {
      throw new TypeError(
        `@execret/formats formatExecutionCacheLine: expected judged to hold one of 'split', 'child', 'fallback' per outcome (${record.testResults.length}), received ${JSON.stringify(record.judged).slice(0, 80)}`,
      );
    }
    line.judged = record.judged;
  }
  if (record.language !== undefined) {
    if (!isLanguage(record.language)) {
      throw new TypeError(
        `@execret/formats formatExecutionCacheLine: expected language to be one of python, javascript, typescript, received ${JSON.stringify(record.language)}`,
      );
    }
    line.language = record.language;
  }
  if (record.workLimit !== undefined) {
    if (!Number.isSafeInteger(record.workLimit) || record.workLimit < 1) {
      throw new TypeError(
        `@execret/formats formatExecutionCacheLine: expected workLimit to be a positive integer, received ${String(record.workLimit)}`,
      );
    }
    line.work_limit = record.workLimit;
  }
  if (record.work !== undefined) {
    if (!Number.isSafeInteger(record.work) || record.work < 0) {
      throw new TypeError(
        `@execret/formats formatExecutionCacheLine: expected work to be a non-negative integer, received ${String(record.work)}`,
      );
    }
    line.work = record.work;
  }
  for (const [key, value] of Object.entries(record.extra ?? {})) {
    if (DOCUMENTED.has(key)) {
      throw new TypeError(
        `@execret/formats formatExecutionCacheLine: extra field "${key}" repeats a documented field (${[...DOCUMENTED].join(', ')})`,
      );
    }
    line[key] = value;
  }
  return `${JSON.stringify(line)}\n`;
}
