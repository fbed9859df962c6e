/**
 * `validationReport`: the issues of `validateBenchmark` together with the table of checks and a summary, for
 * command-line reports.
 */

import type { Benchmark } from './benchmark.js';
import type { DatasetIssue } from './errors.js';
import { type CheckResult, runChecks } from './run-checks.js';
import type { ValidateBenchmarkOptions } from './validate-options.js';
import { summarizeValidation, type ValidationSummary } from './validation-summary.js';

/** Result of {@link validationReport}: a plain object (serialises with `JSON.stringify` as it is). */
export interface ValidationReport {
  /** No error-level issue was found (counting those beyond `maxIssues`). */
  ok: boolean;
  /** Issues in check order, at most `maxIssues`: the array `validateBenchmark` returns. */
  issues: DatasetIssue[];
  /** Issues beyond `maxIssues` (counted in `checks`). */
  omittedIssues: number;
  /** One row per check of `VALIDATION_CHECKS`, in that order. */
  checks: CheckResult[];
  summary: ValidationSummary;
}

/**
 * Runs the checks of `validateBenchmark` (same options, same issues) and adds a row per check (status, items
 * examined, error and warning counts) and a summary (counts per domain, bug type, distractor and test count,
 * execution verdicts).
 *
 * @example
 * const report = validationReport(await loadExecRetrieval('mini'));
 * console.log(formatValidationReport(report));
 * if (!report.ok) process.exitCode = 1;
 */
export function validationReport(benchmark: Benchmark, options: ValidateBenchmarkOptions = {}): ValidationReport {
  const run = runChecks(benchmark, options);
  return {
    ok: run.checks.every((c) => c.errors === 0),
    issues: run.issues,
    omittedIssues: run.omittedIssues,
    checks: run.checks,
    summary: summarizeValidation(run.context),
  };
}
