/**
 * `assertValidBenchmark`: validation that throws when an error-level issue is found.
 */

import type { Benchmark } from './benchmark.js';
import { DatasetError } from './errors.js';
import type { ValidateBenchmarkOptions } from './validate-options.js';
import { type ValidationReport, validationReport } from './validation-report.js';

/**
 * Validates and throws when any error-level issue is found.
 *
 * @throws {DatasetError} `validation`, carrying the error-level issues (its message lists them).
 * @example
 * assertValidBenchmark(await loadExecRetrieval('./release'));
 */
export function assertValidBenchmark(benchmark: Benchmark, options: ValidateBenchmarkOptions = {}): ValidationReport {
  const report = validationReport(benchmark, options);
  if (!report.ok) {
    const errors = report.issues.filter((i) => i.severity === 'error');
    const total = report.checks.reduce((n, c) => n + c.errors, 0);
    throw new DatasetError(
      'validation',
      `the benchmark failed ${report.checks.filter((c) => c.status === 'fail').length} integrity check(s) with ${total} error(s):`,
      {
        issues: errors,
        omittedIssues: total - errors.length,
      },
    );
  }
  return report;
}
