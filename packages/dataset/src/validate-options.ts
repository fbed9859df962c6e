/**
 * Options and defaults shared by `validateBenchmark`, `validationReport` and `assertValidBenchmark`.
 */

import type { ReleaseExecutionCache } from './execution-cache.js';

/**
 * A deeper syntax check: returns `null` when `source` parses, otherwise the parser's message. `kind` says whether
 * it is a test (one statement) or a snippet (a module). Must be synchronous; a parser that needs IO can be run
 * beforehand and its answers looked up here.
 */
export type PythonParseCheck = (source: string, kind: 'test' | 'snippet') => string | null;

/** Options of `validateBenchmark`, `validationReport` and `assertValidBenchmark`. */
export interface ValidateBenchmarkOptions {
  /** Execution cache to check verdicts against (default: the benchmark's own, if loaded). */
  executionCache?: ReleaseExecutionCache | null;
  /** Optional full parser, run in addition to the lexical checks. */
  parsePython?: PythonParseCheck;
  /** Maximum stored issues (default {@link DEFAULT_MAX_VALIDATION_ISSUES}). */
  maxIssues?: number;
  /** Allowed test-suite sizes, inclusive (default {@link DEFAULT_TEST_SUITE_SIZE}). */
  testSuiteSize?: { min: number; max: number };
  /** Allowed paired-distractor counts, inclusive (default {@link DEFAULT_DISTRACTOR_COUNT}). */
  distractorCount?: { min: number; max: number };
}

/** Default cap on stored validation issues. */
export const DEFAULT_MAX_VALIDATION_ISSUES = 1000;
/** Default allowed test-suite size (SPEC: 7–10 asserts). */
export const DEFAULT_TEST_SUITE_SIZE = Object.freeze({ min: 7, max: 10 });
/** Default allowed number of paired distractors (SPEC: up to four). */
export const DEFAULT_DISTRACTOR_COUNT = Object.freeze({ min: 1, max: 4 });
