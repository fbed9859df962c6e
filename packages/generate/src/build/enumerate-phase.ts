/**
 * The enumerate phase of `buildBenchmark`: the single-edit mutants of every accepted canonical, each with its
 * language's engine, so one build may mix languages.
 */

import { enumerateMutants, type TaskMutants } from '../enumerate.js';
import { enumerateJsTaskMutants } from '../enumerate-js.js';
import type { PythonOptions } from '../python.js';
import type { MutantCandidate, Task } from '../types.js';
import type { BuildRun, ValidTask } from './build-run.js';

/**
 * Enumerates the candidates of every accepted task: Python tasks with the Python engine (one call of the mutation
 * script), JavaScript and TypeScript tasks with `@execret/mutate-js`. A task whose canonical the engine could not
 * read gets no candidates.
 *
 * @returns the candidates of each task, in task order
 * @example
 * const candidates = await runEnumeratePhase(run, valid);
 * candidates[0].filter((c) => c.status === 'ok').length; // the first task's candidates to execute
 */
export async function runEnumeratePhase(run: BuildRun, valid: readonly ValidTask[]): Promise<MutantCandidate[][]> {
  const total = valid.length;
  run.options.onProgress?.({ phase: 'enumerate', done: 0, total });
  const enumerated = await enumerateByLanguage(
    valid.map((v) => v.task),
    run.python,
    (done) => run.options.onProgress?.({ phase: 'enumerate', done, total }),
  );
  run.options.onProgress?.({ phase: 'enumerate', done: total, total });
  return enumerated.map((e) => (e.status === 'ok' ? e.candidates : []));
}

/**
 * Enumerates each task with its language's engine, results in input order: Python tasks in one call of
 * the mutation script, JavaScript and TypeScript tasks with `enumerateJsTaskMutants`.
 */
async function enumerateByLanguage(
  tasks: readonly Task[],
  python: PythonOptions,
  onTasksDone: (done: number) => void,
): Promise<TaskMutants[]> {
  const out: TaskMutants[] = new Array(tasks.length);
  const pythonAt: number[] = [];
  let done = 0;
  tasks.forEach((task, i) => {
    const language = task.language ?? 'python';
    if (language === 'python') {
      pythonAt.push(i);
      return;
    }
    out[i] = enumerateJsTaskMutants([task], language)[0]!;
    done += 1;
    if (done < tasks.length) onTasksDone(done);
  });
  if (pythonAt.length > 0) {
    const enumerated = await enumerateMutants(
      pythonAt.map((i) => tasks[i]!),
      python,
    );
    pythonAt.forEach((i, k) => {
      out[i] = enumerated[k]!;
    });
  }
  return out;
}
