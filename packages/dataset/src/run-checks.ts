/**
 * Runs the registered validation checks over one benchmark, collecting their issues (in check order, up to a
 * limit) and a result row per check.
 */

import type { Benchmark } from './benchmark.js';
import { createValidationContext, type ValidationContext } from './checks/context.js';
import { CHECK_DEFINITIONS } from './checks/registry.js';
import { type DatasetIssue, IssueCollector } from './errors.js';
import { DEFAULT_MAX_VALIDATION_ISSUES, type ValidateBenchmarkOptions } from './validate-options.js';

/** Outcome of one check. */
export interface CheckResult {
  id: string;
  description: string;
  /** `fail`: error issues; `warn`: warnings only; `pass`: none; `skipped`: its input is missing. */
  status: 'pass' | 'warn' | 'fail' | 'skipped';
  /** Items examined. */
  checked: number;
  /** Issues raised (all counted, even beyond the storage limit). */
  errors: number;
  warnings: number;
}

/** What {@link runChecks} found. */
export interface CheckRun {
  /** The context the checks ran with (its derived data stays available, e.g. for the summary). */
  context: ValidationContext;
  /** Issues in check order, at most `maxIssues`. */
  issues: DatasetIssue[];
  /** Issues beyond `maxIssues` (counted in `checks`). */
  omittedIssues: number;
  checks: CheckResult[];
}

/**
 * Runs every check of the registry in order. Never throws for bad data.
 *
 * @example
 * const { issues, checks } = runChecks(benchmark);
 * checks.filter((c) => c.status === 'fail').map((c) => c.id); // e.g. ['labels-match-roles']
 */
export function runChecks(benchmark: Benchmark, options: ValidateBenchmarkOptions = {}): CheckRun {
  const context = createValidationContext(benchmark, options);
  const collector = new IssueCollector(options.maxIssues ?? DEFAULT_MAX_VALIDATION_ISSUES);
  const checks = CHECK_DEFINITIONS.map((definition): CheckResult => {
    const result: CheckResult = {
      id: definition.id,
      description: definition.description,
      status: 'pass',
      checked: 0,
      errors: 0,
      warnings: 0,
    };
    const skipped = definition.run(context, {
      examined(n = 1) {
        result.checked += n;
      },
      report(severity, message, where) {
        if (severity === 'error') result.errors++;
        else if (severity === 'warning') result.warnings++;
        collector.add({ severity, code: definition.id, message, ...where });
      },
    });
    if (skipped === 'skipped') result.status = 'skipped';
    else result.status = result.errors > 0 ? 'fail' : result.warnings > 0 ? 'warn' : 'pass';
    return result;
  });
  return { context, issues: collector.issues, omittedIssues: collector.omitted, checks };
}
