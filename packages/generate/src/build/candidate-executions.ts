/**
 * The candidates' executions as a build refines them: first under their budgets, then, for the candidates whose
 * class or outcomes the release needs and a budget or a trace may have changed, again under the oracle's timeout.
 */

import type { CandidateBudget } from '../candidate-budget.js';
import { classifyResult } from '../classify.js';
import type { ResolvingTask } from '../select-resolving.js';
import type { ExecutedMutant, ExecutionOracle } from '../types.js';
import { runJobs } from '../verify.js';
import type { BuildExecutionReport } from './build-result.js';
import type { ValidTask } from './build-run.js';

/** One candidate of one task: `mutant` indexes the task's `resolving.mutants`. */
export interface CandidateRef {
  task: number;
  mutant: number;
}

/** The executions of a build's candidates, per task in task order (see {@link candidateExecutions}). */
export interface CandidateExecutions {
  readonly tasks: readonly ValidTask[];
  /** Every candidate's first execution (under its task's budget, when it has one). */
  readonly first: readonly ExecutedMutant[][];
  /** What the selection reads: the executions (re-executed ones in place) and which have an unknown class. */
  readonly resolving: ResolvingTask[];
  /** Executions a budget cut short and not executed again under the oracle's timeout. */
  readonly cutShort: Set<number>[];
  /** Executions a trace produced (Python under a work limit) and not executed again without one. */
  readonly traced: Set<number>[];
  /** Candidates executed under a budget shorter than the oracle's timeout, and those a budget cut short. */
  readonly budgeted: number;
  readonly exceeded: number;
  /** Counters of the re-executions (see `BuildExecutionReport`). */
  resolved: number;
  rerunChosen: number;
  untracedChosen: number;
  changedOnRerun: number;
}

/**
 * The executions after the first run. What a budget cut short: a Python candidate that spent its work limit
 * before failing an assert is taken to hang (class crash: what the release's timeout gives a loop that never
 * ends). One that ran out of time (traced, Python: tracing slows it; JavaScript: under its time budget) is
 * unknown until executed under the release's rule, which happens only if the selection reads its class. One that
 * failed an assert before being cut is known to fail (output). Chosen ones that were cut are executed again
 * under the release's rule, for their recorded outcomes.
 *
 * Results a trace produced (Python under a work limit): tracing can change an outcome — a trace call is one more
 * frame, so a deep recursion fails earlier or with another message — so the release records a chosen candidate's
 * outcomes from an untraced run only.
 *
 * @param budgeted per task, whether its candidates ran under a budget
 * @param traced per task, whether its candidates ran under a work limit (traced)
 * @example
 * const executions = candidateExecutions(valid, executed, budgeted, traced);
 * executions.exceeded; // candidates a budget cut short
 */
export function candidateExecutions(
  tasks: readonly ValidTask[],
  first: readonly ExecutedMutant[][],
  budgeted: readonly boolean[],
  traced: readonly boolean[],
): CandidateExecutions {
  const cutShort = first.map(
    (list, i) =>
      new Set(
        list.flatMap((m, k) =>
          budgeted[i] && (m.result.workLimited || m.result.tests.includes('TIMEOUT')) ? [k] : [],
        ),
      ),
  );
  return {
    tasks,
    first,
    resolving: tasks.map((v, i) => ({
      taskId: v.task.id,
      mutants: [...first[i]!],
      unresolved: new Set(
        [...cutShort[i]!].filter((k) => !first[i]![k]!.result.workLimited && first[i]![k]!.failure !== 'output'),
      ),
    })),
    cutShort,
    // Emptied as candidates are executed under the release's rule.
    traced: first.map((list, i) => new Set(traced[i] ? list.map((_, k) => k) : [])),
    budgeted: first.reduce((n, list, i) => n + (budgeted[i] ? list.length : 0), 0),
    exceeded: cutShort.reduce((n, set) => n + set.size, 0),
    resolved: 0,
    rerunChosen: 0,
    untracedChosen: 0,
    changedOnRerun: 0,
  };
}

/**
 * Executes candidates again under the oracle's timeout, in one batch, and puts the executions in place (their
 * class is then known, and they are neither cut short nor traced).
 *
 * @returns how many of them had a known class that changed
 * @example
 * const changed = await executeFully(oracle, executions, [{ task: 0, mutant: 3 }]);
 */
export async function executeFully(
  oracle: ExecutionOracle,
  executions: CandidateExecutions,
  items: readonly CandidateRef[],
): Promise<number> {
  if (items.length === 0) return 0;
  const { tasks, resolving } = executions;
  const jobs = items.map(({ task, mutant }) => {
    const language = tasks[task]!.task.language;
    return {
      code: resolving[task]!.mutants[mutant]!.code,
      tests: tasks[task]!.task.tests,
      ...(language !== undefined ? { language } : {}),
    };
  });
  const results = await runJobs(oracle, jobs);
  let changed = 0;
  items.forEach(({ task, mutant }, j) => {
    const t = resolving[task]!;
    const before = t.mutants[mutant]!;
    const failure = classifyResult(results[j]!);
    if (!t.unresolved.has(mutant) && failure !== before.failure) changed += 1;
    t.mutants[mutant] = { ...before, result: results[j]!, failure };
    t.unresolved.delete(mutant);
    executions.cutShort[task]!.delete(mutant);
    executions.traced[task]!.delete(mutant);
  });
  return changed;
}

/**
 * Per task, the executions whose class is known (`executed`) and the others, set aside (never executed again).
 *
 * @example
 * const { executed, setAside } = classifiedMutants(executions);
 */
export function classifiedMutants(executions: CandidateExecutions): {
  executed: ExecutedMutant[][];
  setAside: ExecutedMutant[][];
} {
  const { resolving } = executions;
  return {
    executed: resolving.map((t) => t.mutants.filter((_, k) => !t.unresolved.has(k))),
    setAside: resolving.map((t) => [...t.unresolved].map((k) => t.mutants[k]!)),
  };
}

/**
 * The report of how the candidates were executed, once the choice is made.
 *
 * @param oracleTimeoutMs the oracle's timeout (undefined: it does not say)
 * @example
 * executionReport(executions, DEFAULT_CANDIDATE_BUDGET, 5000).assumedHanging; // cut short, taken to hang
 */
export function executionReport(
  executions: CandidateExecutions,
  budget: CandidateBudget | false,
  oracleTimeoutMs: number | undefined,
): BuildExecutionReport {
  const { resolving, cutShort } = executions;
  const { executed, setAside } = classifiedMutants(executions);
  return {
    candidateBudget: budget === false ? false : { ...budget },
    oracleTimeoutMs: oracleTimeoutMs ?? null,
    candidates: executions.first.reduce((n, list) => n + list.length, 0),
    budgeted: executions.budgeted,
    exceeded: executions.exceeded,
    assumedHanging: executed.reduce(
      (n, list, i) =>
        n + list.filter((m) => cutShort[i]!.has(resolving[i]!.mutants.indexOf(m)) && m.failure === 'crash').length,
      0,
    ),
    resolved: executions.resolved,
    rerunChosen: executions.rerunChosen,
    untracedChosen: executions.untracedChosen,
    changedOnRerun: executions.changedOnRerun,
    setAside: setAside.reduce((n, list) => n + list.length, 0),
  };
}
