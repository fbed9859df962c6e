/**
 * The copies phase of `buildBenchmark` (propagated-bug pools, `bugCopies` only): one chosen distractor per task
 * copied k − 1 times by cosmetic rewrites, each copy verified by execution.
 */

import type { BugCopiesReport } from '../bug-copies/copies-report.js';
import { makeBugCopies, type TaskCopies } from '../bug-copies/make-copies.js';
import type { BuildRun, ValidTask } from './build-run.js';
import type { Distractor } from './distractor.js';

/** Per task, its copies (undefined: not copied), and the copies' report (a propagated-bug build only). */
export interface CopiesPhaseResult {
  copies: (TaskCopies | undefined)[];
  report: BugCopiesReport | undefined;
}

/**
 * Makes the copies of every task with at least `max(1, minDistractors)` chosen distractors (`makeBugCopies`).
 * Without `bugCopies` nothing runs.
 *
 * @example
 * const { copies } = await runCopiesPhase(run, valid, chosen);
 * copies[0]?.status; // 'copied' | 'too_few_copies' | undefined
 */
export async function runCopiesPhase(
  run: BuildRun,
  valid: readonly ValidTask[],
  chosen: readonly Distractor[][],
): Promise<CopiesPhaseResult> {
  const copies: (TaskCopies | undefined)[] = valid.map(() => undefined);
  const { bugCopies, minDistractors, seed } = run.settings;
  if (bugCopies === undefined) return { copies, report: undefined };
  const eligible = valid.flatMap((_, i) => (chosen[i]!.length >= Math.max(1, minDistractors) ? [i] : []));
  const made = await makeBugCopies(
    eligible.map((i) => ({ task: valid[i]!.task, distractors: chosen[i]! })),
    { ...run.python, oracle: run.oracle, copies: bugCopies, seed, onProgress: run.progress('copies') },
  );
  eligible.forEach((i, e) => {
    copies[i] = made.tasks[e];
  });
  return { copies, report: made.report };
}
