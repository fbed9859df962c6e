/**
 * The choose phase of `buildBenchmark`: up to `maxDistractors` distractors per task, single-edit mutants or, with
 * `stackSize` k ≥ 2, stacked mutants of k line-disjoint edits each.
 */

import { selectDistractors } from '../select.js';
import { selectResolving } from '../select-resolving.js';
import { stackForTasks } from '../stack.js';
import type { ExecutedMutant } from '../types.js';
import type { BuildRun, ValidTask } from './build-run.js';
import { type CandidateExecutions, executeFully } from './candidate-executions.js';
import { type Distractor, distractorOfSingle, distractorOfStack } from './distractor.js';

/** What the choice gives per task, in task order. */
export interface Choice {
  /** The chosen single-edit mutants (the selection's, also computed for stacked builds, for the yield report). */
  singles: ExecutedMutant[][];
  /** The distractors: the chosen singles or, stacked, the stacks by the position of their edits. */
  chosen: Distractor[][];
}

/**
 * Chooses each task's distractors (`selectDistractors`: seeded, bug-type diversity first, output failures before
 * crashes). Single-edit builds read unknown classes only as the selection needs them (`selectResolving`), and
 * execute every chosen candidate a budget cut short or that ran traced again under the oracle's timeout for the
 * outcomes the release records; if one's class is not the one the selection read, the selection runs again.
 * Stacked builds (`stackMutants`) need every class and every full outcome: every cut candidate runs again first.
 *
 * @example
 * const { chosen } = await runChoosePhase(run, valid, executions);
 * chosen[0].length; // at most maxDistractors
 */
export async function runChoosePhase(
  run: BuildRun,
  valid: readonly ValidTask[],
  executions: CandidateExecutions,
): Promise<Choice> {
  return run.settings.stackSize === 1
    ? await chooseSingles(run, executions)
    : await chooseStacks(run, valid, executions);
}

async function chooseSingles(run: BuildRun, executions: CandidateExecutions): Promise<Choice> {
  const { seed, maxDistractors } = run.settings;
  const { resolving, cutShort, traced } = executions;
  let singles: ExecutedMutant[][];
  for (;;) {
    singles = await selectResolving(resolving, { seed, maxDistractors }, async (needed) => {
      executions.resolved += needed.length;
      await executeFully(run.oracle, executions, needed);
    });
    // Chosen candidates a budget cut short or that ran traced: their outcomes under the release's rule, for the
    // records. If one's class is not the one the selection read (a Python candidate that only looked like a
    // hang, or one a trace made fail), the selection runs again on the corrected classes.
    const cut = singles.flatMap((list, task) =>
      list.flatMap((m) => {
        const mutant = resolving[task]!.mutants.findIndex((x) => x.index === m.index);
        return cutShort[task]!.has(mutant) || traced[task]!.has(mutant) ? [{ task, mutant }] : [];
      }),
    );
    executions.rerunChosen += cut.filter(({ task, mutant }) => cutShort[task]!.has(mutant)).length;
    executions.untracedChosen += cut.filter(({ task, mutant }) => !cutShort[task]!.has(mutant)).length;
    const changed = await executeFully(run.oracle, executions, cut);
    executions.changedOnRerun += changed;
    if (changed === 0) break;
  }
  singles = singles.map((list, task) =>
    list.map((m) => resolving[task]!.mutants.find((x) => x.index === m.index) as ExecutedMutant),
  );
  return { singles, chosen: singles.map((list) => list.map(distractorOfSingle)) };
}

async function chooseStacks(
  run: BuildRun,
  valid: readonly ValidTask[],
  executions: CandidateExecutions,
): Promise<Choice> {
  const { seed, maxDistractors, stackSize } = run.settings;
  const { resolving } = executions;
  // Stacking combines any kept mutants: every class and every full outcome is needed.
  const all = executions.cutShort.flatMap((set, task) => [...set].map((mutant) => ({ task, mutant })));
  executions.resolved += all.length;
  await executeFully(run.oracle, executions, all);
  const singles = resolving.map((t) => selectDistractors(t.taskId, t.mutants, { seed, maxDistractors }));
  const stacks = await stackForTasks(
    valid.map((v, i) => ({ task: v.task, mutants: resolving[i]!.mutants })),
    stackSize,
    maxDistractors,
    { ...run.python, oracle: run.oracle, seed, onProgress: run.progress('stack') },
  );
  const chosen = stacks.map((s) =>
    [...s.stacks].sort((x, y) => compareIndexLists(x.components, y.components)).map(distractorOfStack),
  );
  return { singles, chosen };
}

/** Lexicographic order of two ascending candidate-index lists (stacked distractors by position). */
function compareIndexLists(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    if (a[i] !== b[i]) return a[i]! - b[i]!;
  }
  return a.length - b.length;
}
