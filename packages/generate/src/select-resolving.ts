import type { BugType } from '@execret/formats';
import { type SelectOptions, selectDistractorsReading } from './select.js';
import type { ExecutedMutant } from './types.js';

/** Thrown by the `read` of {@link selectResolving} to stop a selection that needs a type's unknown classes. */
class NeedsClasses extends Error {
  constructor(readonly type: BugType) {
    super(`the failure classes of ${type} mutants are needed`);
  }
}

/** One task's executed mutants, some of which may not be classified yet. */
export interface ResolvingTask {
  taskId: string;
  mutants: ExecutedMutant[];
  /** Indexes into `mutants` of those whose failure class is not known yet (their `failure` is ignored). */
  unresolved: Set<number>;
}

/**
 * `selectDistractors` for many tasks when some mutants' failure classes are not known yet (they exceeded
 * a budget shorter than the release's timeout before failing an assert), resolving only the classes the
 * selection reads. Each task's selection runs until it needs a bug type whose mutants include an unknown
 * one (to know whether the type has an eligible mutant, or to draw from its lists); `resolve` is then called
 * once per round with every such mutant of every task, must replace them in `task.mutants` with their
 * execution under the release's timeout (and remove them from `task.unresolved`), and the stopped selections
 * start again from the beginning. Since the selection only ever reads classes a full execution gives, the
 * result is exactly `selectDistractors` over fully executed mutants, whatever the budgets were: unknown
 * mutants of types the selection never reaches stay unknown (set aside, never executed again).
 *
 * @returns the chosen mutants of each task, in task order
 */
export async function selectResolving(
  tasks: readonly ResolvingTask[],
  options: SelectOptions,
  resolve: (needed: { task: number; mutant: number }[]) => Promise<void>,
): Promise<ExecutedMutant[][]> {
  const chosen: (ExecutedMutant[] | undefined)[] = tasks.map(() => undefined);
  for (;;) {
    const needed: { task: number; mutant: number }[] = [];
    tasks.forEach((task, t) => {
      if (chosen[t] !== undefined) return;
      const unknownTypes = new Set<BugType>();
      for (const i of task.unresolved) unknownTypes.add(task.mutants[i]!.bugType);
      // Unknown mutants take no part (as if they had survived) until their type is read, which stops here.
      const view = task.mutants.map((m, i) => (task.unresolved.has(i) ? { ...m, failure: 'survived' as const } : m));
      try {
        chosen[t] = selectDistractorsReading(task.taskId, view, options, (type) => {
          if (unknownTypes.has(type)) throw new NeedsClasses(type);
        });
      } catch (error) {
        if (!(error instanceof NeedsClasses)) throw error;
        for (const i of task.unresolved)
          if (task.mutants[i]!.bugType === error.type) needed.push({ task: t, mutant: i });
      }
    });
    if (needed.length === 0) return chosen.map((c) => c ?? []);
    await resolve(needed);
    if (needed.some(({ task, mutant }) => tasks[task]!.unresolved.has(mutant))) {
      throw new Error('@execret/generate selectResolving: resolve left a needed mutant unresolved');
    }
  }
}
