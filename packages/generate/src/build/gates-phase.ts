/**
 * The gates phase of `buildBenchmark`: every task through the validation gates, with the run's oracle.
 */

import { GenerateError } from '../errors.js';
import { formatGateReport, type GateReport, validateTasks } from '../gates.js';
import type { Task } from '../types.js';
import type { BuildRun, ValidTask } from './build-run.js';

/**
 * Runs the validation gates (`validateTasks`) on the tasks. Rejected tasks throw `GenerateError('invalid-tasks')`
 * with the formatted report, unless `invalidTasks: 'skip'` leaves them out.
 *
 * @returns the gates' report, and the accepted tasks in input order
 * @example
 * const { gates, valid } = await runGatesPhase(run, tasks);
 * gates.counts.invalid; // 0 when `valid.length === tasks.length`
 */
export async function runGatesPhase(
  run: BuildRun,
  tasks: readonly unknown[],
): Promise<{ gates: GateReport; valid: ValidTask[] }> {
  const { minTests, maxTests } = run.settings;
  const gates = await validateTasks(tasks, {
    ...run.python,
    oracle: run.oracle,
    minTests,
    maxTests,
    onProgress: run.progress('gates'),
  });
  if (!gates.ok && (run.options.invalidTasks ?? 'throw') === 'throw') {
    throw new GenerateError(
      'invalid-tasks',
      `@execret/generate buildBenchmark: the validation gates rejected ${gates.counts.invalid} of ${gates.counts.tasks} tasks (pass invalidTasks: 'skip' to leave them out):\n${formatGateReport(gates)}`,
    );
  }
  const valid = gates.tasks.filter((r) => r.ok).map((r) => ({ task: tasks[r.index] as Task, gate: r }));
  return { gates, valid };
}
