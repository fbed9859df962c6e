/**
 * The execute phase of `buildBenchmark`: every `ok` candidate against its task's tests in one oracle batch, each
 * under its task's budget (see candidate-budget.ts), so that the dataset does not depend on the machine's speed.
 */

import { candidateTimeBudgetMs, candidateWorkLimit } from '../candidate-budget.js';
import type { MutantCandidate } from '../types.js';
import { runJobs, verifyMutants } from '../verify.js';
import type { BuildRun, ValidTask } from './build-run.js';
import { type CandidateExecutions, candidateExecutions } from './candidate-executions.js';

/** Work limit of a measuring run of a canonical: high enough never to cut one (the release's timeout does first). */
const MEASURE_WORK = Number.MAX_SAFE_INTEGER;

/** Per task: the work limit (Python) and time budget its candidates run under, when it has one. */
interface TaskBudgets {
  workLimits: (number | undefined)[];
  timeBudgets: (number | undefined)[];
}

/**
 * Executes every `ok` candidate once (`verifyMutants`, one batch, each job with its task's `language`), under its
 * task's budget instead of the oracle's whole timeout: a Python candidate under a work limit (a multiple of its
 * canonical's line events, the same on every machine) and a time budget; a JavaScript one under a time budget.
 *
 * @returns the executions, ready for the choice to resolve and re-execute what a budget cut short
 * @example
 * const executions = await runExecutePhase(run, valid, candidates);
 * executions.resolving[0].unresolved.size; // the first task's candidates whose class is not known yet
 */
export async function runExecutePhase(
  run: BuildRun,
  valid: readonly ValidTask[],
  candidates: readonly MutantCandidate[][],
): Promise<CandidateExecutions> {
  const { workLimits, timeBudgets } = await taskBudgets(run, valid);
  const executed = await verifyMutants(
    valid.map((v, i) => ({
      task: v.task,
      candidates: candidates[i]!,
      ...(workLimits[i] !== undefined ? { workLimit: workLimits[i] } : {}),
      ...(timeBudgets[i] !== undefined ? { timeoutMs: timeBudgets[i] } : {}),
    })),
    { oracle: run.oracle, onProgress: run.progress('execute') },
  );
  return candidateExecutions(
    valid,
    executed,
    valid.map((_, i) => workLimits[i] !== undefined || timeBudgets[i] !== undefined),
    valid.map((_, i) => workLimits[i] !== undefined),
  );
}

/**
 * The budgets of each task's candidates. Without a budget (`candidateBudget: false`) or an oracle that says its
 * timeout, none. Otherwise the Python canonicals are executed once more, traced, for their line events.
 */
async function taskBudgets(run: BuildRun, valid: readonly ValidTask[]): Promise<TaskBudgets> {
  const { budget } = run.settings;
  const fullMs = run.oracle.info?.timeoutMs;
  const isPython = valid.map((v) => (v.task.language ?? 'python') === 'python');
  // The canonicals' line events (Python), measured once per task: a work limit is the same on every machine.
  const workLimits: (number | undefined)[] = valid.map(() => undefined);
  const timeBudgets: (number | undefined)[] = valid.map(() => undefined);
  if (budget === false || fullMs === undefined) return { workLimits, timeBudgets };
  const measured = valid.flatMap((_v, i) => (isPython[i] ? [i] : []));
  const canonicals = await runJobs(
    run.oracle,
    measured.map((i) => ({ code: valid[i]!.task.canonical, tests: valid[i]!.task.tests, workLimit: MEASURE_WORK })),
  );
  measured.forEach((i, k) => {
    // Only a canonical that passed in full under tracing gives its count (tracing slows pure-Python loops
    // ~5×: one that ran out of time has no budget, and its candidates run under the release's rule).
    const { work, workLimited, tests, durationMs } = canonicals[k]!;
    if (work !== undefined && !workLimited && tests.every((t) => t === 'pass')) {
      workLimits[i] = candidateWorkLimit(work, budget);
      // And a time budget from the traced canonical's time, for what the work count does not see (C-level
      // loops) and for candidates tracing makes slow: running out of it only makes a candidate's class unknown.
      timeBudgets[i] = candidateTimeBudgetMs(durationMs ?? 0, budget, fullMs);
    }
  });
  valid.forEach((v, i) => {
    if (!isPython[i]) timeBudgets[i] = candidateTimeBudgetMs(v.gate.canonicalResult?.durationMs ?? 0, budget, fullMs);
  });
  return { workLimits, timeBudgets };
}
