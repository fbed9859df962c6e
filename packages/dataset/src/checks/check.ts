/**
 * The shape of one validation check: an id (the `code` of its issues), what it verifies, and the function that
 * examines a benchmark through a {@link ValidationContext}.
 */

import type { IssueSeverity } from '../errors.js';
import type { IssueLocation, ValidationContext } from './context.js';

/** One integrity check: its id (used as the `code` of its issues) and what it verifies. */
export interface ValidationCheck {
  id: string;
  description: string;
}

/** Where a check reports to while it runs. */
interface CheckOutput {
  /** Counts `n` (default 1) items examined. */
  examined(n?: number): void;
  /** Raises an issue of this check. */
  report(severity: IssueSeverity, message: string, where: IssueLocation): void;
}

/** A check with its implementation. `run` returns `'skipped'` when its input (metadata, cache) is missing. */
export interface CheckDefinition extends ValidationCheck {
  run(context: ValidationContext, out: CheckOutput): undefined | 'skipped';
}
