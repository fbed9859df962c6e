import {
  DEFAULT_EXEC_RERANK_SEED,
  DEFAULT_PROBE_COUNT,
  DEFAULT_PROBE_MEMORY_MB,
  DEFAULT_PROBE_STEPS,
  DEFAULT_PROBE_TIMEOUT_MS,
  DEFAULT_PROBES_PER_SUITE,
  DEFAULT_SUITE_PROBE_STEPS,
  PROBE_TEST_VERSION,
} from './defaults.js';
import { requireCount } from './option-checks.js';
import type { ProbeBudget } from './probe-budget.js';
import { PROBE_GENERATOR_VERSION } from './probe-inputs.js';
import type { ExecRerankerOptions } from './types.js';

/** The probing options of `exec/consensus` and `exec/probe@…`, with their defaults. @internal */
export interface ProbeOptions {
  readonly seed: number;
  /** Inputs generated per group. */
  readonly count: number;
  readonly budget: ProbeBudget;
  /** Probes per oracle job. */
  readonly probesPerSuite: number;
}

/**
 * The probing options with their defaults, validated. @internal
 *
 * @throws {RangeError} for a seed that is not a safe integer, a count, step or memory option that is not an
 *   integer >= 1, or a timeout that is not a positive number
 * @example
 * probeOptions({}, '@execret/exec-rerank exec/consensus').budget; // { timeoutMs: 1000, steps: 20000, suiteSteps: 500000, memoryBytes: 16777216 }
 */
export function probeOptions(options: ExecRerankerOptions, where: string): ProbeOptions {
  const seed = options.seed ?? DEFAULT_EXEC_RERANK_SEED;
  const count = options.probeCount ?? DEFAULT_PROBE_COUNT;
  const probesPerSuite = options.probesPerSuite ?? DEFAULT_PROBES_PER_SUITE;
  const budget: ProbeBudget = {
    timeoutMs: options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS,
    steps: options.probeSteps ?? DEFAULT_PROBE_STEPS,
    suiteSteps: options.suiteProbeSteps ?? DEFAULT_SUITE_PROBE_STEPS,
    memoryBytes: (options.probeMemoryMb ?? DEFAULT_PROBE_MEMORY_MB) * 2 ** 20,
  };
  if (!Number.isSafeInteger(seed)) throw new RangeError(`${where}: seed must be an integer, received ${seed}`);
  requireCount(count, 'probeCount', where);
  requireCount(probesPerSuite, 'probesPerSuite', where);
  requireCount(budget.steps, 'probeSteps', where);
  requireCount(budget.suiteSteps, 'suiteProbeSteps', where);
  requireCount(budget.memoryBytes, 'probeMemoryMb', where);
  if (!(budget.timeoutMs > 0 && Number.isFinite(budget.timeoutMs)))
    throw new RangeError(`${where}: probeTimeoutMs must be a positive number, received ${budget.timeoutMs}`);
  return { seed, count, budget, probesPerSuite };
}

/**
 * The probing settings as they appear in a reranker's `info.params` (hashed into its `configHash`), in that
 * order: seed, counts, budget, and the versions of the input generator and of the probe helper. @internal
 *
 * @example
 * probeParams(probeOptions({}, 'exec/consensus')).probeMemoryBytes; // 16777216
 */
export function probeParams(probing: ProbeOptions): Readonly<Record<string, unknown>> {
  return {
    seed: probing.seed,
    probeCount: probing.count,
    probeTimeoutMs: probing.budget.timeoutMs,
    probeSteps: probing.budget.steps,
    suiteProbeSteps: probing.budget.suiteSteps,
    probeMemoryBytes: probing.budget.memoryBytes,
    probesPerSuite: probing.probesPerSuite,
    generator: PROBE_GENERATOR_VERSION,
    probe: PROBE_TEST_VERSION,
  };
}
