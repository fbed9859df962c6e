import { PROBE_INPUTS_SCRIPT } from '../bug-copy-files.js';
import { type PythonOptions, runPythonScript } from '../python.js';
import type { Task } from '../types.js';
import { jsProbeInputs } from './js-probe-inputs.js';

/**
 * Probe inputs of each task, derived from its tests' literal call arguments (the rules of `python/probe_inputs.py`;
 * `jsProbeInputs` for JavaScript and TypeScript tasks), at most `count` per task, shuffled with
 * `${seeds[i]}`: Python tasks in one run of the script, each probe the source of `((args…), {kwargs…})`;
 * JavaScript/TypeScript tasks each probe the source of `[args…]`. A task whose tests call the function with no
 * literal-only argument list has no probes.
 *
 * @example
 * const [probes] = await probeInputsFor([task], ['20260510:t1:bug-copies:probes'], 8, {}) // ['((3,), {})', …]
 */
export async function probeInputsFor(
  tasks: readonly Task[],
  seeds: readonly string[],
  count: number,
  python: PythonOptions,
): Promise<string[][]> {
  const out: string[][] = tasks.map(() => []);
  const pythonAt: number[] = [];
  tasks.forEach((task, i) => {
    const language = task.language ?? 'python';
    if (language === 'python') pythonAt.push(i);
    else {
      out[i] = jsProbeInputs(task.tests, { functionName: task.function_name, language, seed: seeds[i]!, count });
    }
  });
  if (pythonAt.length > 0) {
    const answer = await runPythonScript<{ results: { probes: string[] }[] }>(
      PROBE_INPUTS_SCRIPT,
      {
        command: 'probes',
        jobs: pythonAt.map((i) => ({
          function_name: tasks[i]!.function_name,
          tests: tasks[i]!.tests,
          seed: seeds[i]!,
          count,
        })),
      },
      python,
    );
    pythonAt.forEach((i, k) => {
      out[i] = answer.results[k]!.probes;
    });
  }
  return out;
}
