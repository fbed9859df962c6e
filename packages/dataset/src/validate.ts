/**
 * `validateBenchmark`: the integrity checks a careful release runs before publishing, as a list of issues.
 */

import type { Benchmark } from './benchmark.js';
import type { DatasetIssue } from './errors.js';
import { runChecks } from './run-checks.js';
import type { ValidateBenchmarkOptions } from './validate-options.js';

/**
 * Runs every check of `VALIDATION_CHECKS` and returns the list of issues (SPEC section 4), in check order, at
 * most `maxIssues` of them, each with file, line and field path where the benchmark was read from files. An
 * issue's `code` is the id of the check that raised it. Never throws for bad data: see `assertValidBenchmark`
 * for a throwing variant and `validationReport` for the check table and summary. Execution checks run when an
 * execution cache is available: each query's canonical must pass its suite and each paired distractor must fail
 * it (a pair missing from the cache is a warning).
 *
 * @example
 * const issues = validateBenchmark(await loadExecRetrieval('mini'));
 * issues.length;                                        // 0
 * issues.filter((i) => i.severity === 'error').length;  // 0: no error-level issue
 */
export function validateBenchmark(benchmark: Benchmark, options: ValidateBenchmarkOptions = {}): DatasetIssue[] {
  return runChecks(benchmark, options).issues;
}
