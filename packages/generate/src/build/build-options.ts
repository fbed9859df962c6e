/**
 * The options of `buildBenchmark`, their checks, and the settings a build runs with once defaults are applied.
 */

import { DEFAULT_TEST_SUITE_SIZE } from '@execret/dataset';
import { type CandidateBudget, checkCandidateBudget, DEFAULT_CANDIDATE_BUDGET } from '../candidate-budget.js';
import type { PythonOptions } from '../python.js';
import { DEFAULT_BUILD_SEED, DEFAULT_MAX_DISTRACTORS } from '../select.js';
import type { ExecutionOracle } from '../types.js';

/** Default minimum number of distractors a task needs to be included. */
export const DEFAULT_MIN_DISTRACTORS = 1;
/** Default number of edits per distractor (1 = single-edit mutants, as in the paper). */
export const DEFAULT_STACK_SIZE = 1;

/** Pipeline phases reported to `onProgress`. */
export type BuildPhase = 'gates' | 'enumerate' | 'execute' | 'stack' | 'copies';

/** Options of `buildBenchmark`. */
export interface BuildOptions extends PythonOptions {
  /**
   * Runs every snippet. Default: a fresh `createOracle({ python })` of `@execret/oracle` (default
   * sandbox, 5 s per suite), closed when the build ends. Pass your own to set its options or reuse it.
   */
  oracle?: ExecutionOracle;
  /** Base seed of the distractor choice (default `DEFAULT_BUILD_SEED`); written into every query's metadata. */
  seed?: string | number;
  /** Distractors per task, at most (default `DEFAULT_MAX_DISTRACTORS` = 4). */
  maxDistractors?: number;
  /** Tasks with fewer distractors are left out and reported (default {@link DEFAULT_MIN_DISTRACTORS}). */
  minDistractors?: number;
  /** Edits per distractor: 1 (default), or 2–4 for the stacking ablation. */
  stackSize?: number;
  /** What to do with tasks the gates reject: `'throw'` (default) or `'skip'` (leave out, report). */
  invalidTasks?: 'throw' | 'skip';
  /** Written as `metadata.generated_at` when given; the clock is never read (byte-identical rebuilds). */
  generatedAt?: string;
  /** Test-count bounds of the schema gate (defaults 7 and 10). */
  minTests?: number;
  maxTests?: number;
  /**
   * How much a candidate may run before the build stops waiting for it (default {@link DEFAULT_CANDIDATE_BUDGET};
   * `false`: every candidate under the oracle's timeout, as before). Needs an oracle that says its timeout
   * (`info.timeoutMs`) and takes `workLimit`/`timeoutMs` per job, as `createOracle()`'s does. See
   * `buildBenchmark` for what the dataset depends on.
   */
  candidateBudget?: CandidateBudget | false;
  /**
   * Propagated-bug pools: an integer k ≥ 2 (absent: the standard build, byte for byte). Each included task's pool
   * holds its canonical, one chosen distractor with k − 1 cosmetic copies of it verified by execution, and at most
   * k − 1 other distractors, so the copied behaviour is a strict majority of the distractors. See
   * `buildBenchmark`.
   */
  bugCopies?: number;
  onProgress?: (event: { phase: BuildPhase; done: number; total: number }) => void;
}

/** The options with their defaults applied: what every phase of a build reads. */
export interface BuildSettings {
  seed: string | number;
  minTests: number;
  maxTests: number;
  maxDistractors: number;
  minDistractors: number;
  stackSize: number;
  /** The candidates' budget (`false`: none). */
  budget: CandidateBudget | false;
  /** Absent: the standard build. */
  bugCopies: number | undefined;
  generatedAt: string | undefined;
}

/**
 * Applies the defaults of {@link BuildOptions}.
 *
 * @example
 * buildSettings({}).maxDistractors // DEFAULT_MAX_DISTRACTORS (4)
 */
export function buildSettings(options: BuildOptions): BuildSettings {
  return {
    seed: options.seed ?? DEFAULT_BUILD_SEED,
    minTests: options.minTests ?? DEFAULT_TEST_SUITE_SIZE.min,
    maxTests: options.maxTests ?? DEFAULT_TEST_SUITE_SIZE.max,
    maxDistractors: options.maxDistractors ?? DEFAULT_MAX_DISTRACTORS,
    minDistractors: options.minDistractors ?? DEFAULT_MIN_DISTRACTORS,
    stackSize: options.stackSize ?? DEFAULT_STACK_SIZE,
    budget: options.candidateBudget ?? DEFAULT_CANDIDATE_BUDGET,
    bugCopies: options.bugCopies,
    generatedAt: options.generatedAt,
  };
}

/**
 * Checks the options of `buildBenchmark` before anything runs: `TypeError` for an oracle without `runMany`,
 * `RangeError` for a count out of its range, and the candidate budget's own checks.
 *
 * @example
 * validateBuildOptions({ stackSize: 5 }) // throws RangeError: … stackSize must be 1, 2, 3 or 4, received 5
 */
export function validateBuildOptions(options: BuildOptions): void {
  const { maxDistractors, minDistractors, stackSize } = buildSettings(options);
  if (options.oracle !== undefined && typeof options.oracle?.runMany !== 'function') {
    throw new TypeError(
      '@execret/generate buildBenchmark: options.oracle must have a runMany method (e.g. createOracle() of @execret/oracle)',
    );
  }
  if (!Number.isInteger(maxDistractors) || maxDistractors < 1)
    throw new RangeError(
      `@execret/generate buildBenchmark: maxDistractors must be a positive integer, received ${maxDistractors}`,
    );
  if (!Number.isInteger(minDistractors) || minDistractors < 0 || minDistractors > maxDistractors)
    throw new RangeError(
      `@execret/generate buildBenchmark: minDistractors must be an integer in 0..maxDistractors, received ${minDistractors}`,
    );
  if (!Number.isInteger(stackSize) || stackSize < 1 || stackSize > 4)
    throw new RangeError(`@execret/generate buildBenchmark: stackSize must be 1, 2, 3 or 4, received ${stackSize}`);
  if (options.bugCopies !== undefined && (!Number.isInteger(options.bugCopies) || options.bugCopies < 2))
    throw new RangeError(
      `@execret/generate buildBenchmark: bugCopies must be an integer ≥ 2 (or absent), received ${String(options.bugCopies)}`,
    );
  checkCandidateBudget(options.candidateBudget);
}
