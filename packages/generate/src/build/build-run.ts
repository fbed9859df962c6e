/**
 * The state one `buildBenchmark` run shares between its phases (gates, enumerate, execute, choose, copies,
 * assemble): its settings, the oracle, the Python options and the progress callback.
 */

import type { TaskGateResult } from '../gates.js';
import type { PythonOptions } from '../python.js';
import type { ExecutionOracle, Task } from '../types.js';
import { type BuildOptions, type BuildPhase, type BuildSettings, buildSettings } from './build-options.js';

/** One run of `buildBenchmark`. */
export interface BuildRun {
  readonly options: BuildOptions;
  readonly settings: BuildSettings;
  readonly oracle: ExecutionOracle;
  /** The interpreter and abort signal of the Python scripts (only those given). */
  readonly python: PythonOptions;
  /** The progress callback of one phase, `(done, total)` (a no-op without `onProgress`). */
  progress(phase: BuildPhase): (done: number, total: number) => void;
}

/** A task the gates accepted, with its gate result (the canonical's execution among it). */
export interface ValidTask {
  task: Task;
  gate: TaskGateResult;
}

/**
 * Starts a run: the settings with their defaults, the Python options given.
 *
 * @example
 * const run = createBuildRun(options, oracle);
 * run.progress('execute')(10, 200); // options.onProgress?.({ phase: 'execute', done: 10, total: 200 })
 */
export function createBuildRun(options: BuildOptions, oracle: ExecutionOracle): BuildRun {
  return {
    options,
    settings: buildSettings(options),
    oracle,
    python: {
      ...(options.python ? { python: options.python } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    },
    progress: (phase) => (done, total) => options.onProgress?.({ phase, done, total }),
  };
}
