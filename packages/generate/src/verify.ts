import { classifyResult } from './classify.js';
import { GenerateError } from './errors.js';
import type { ExecutedMutant, ExecutionJob, ExecutionOracle, ExecutionResult, MutantCandidate, Task } from './types.js';

/** Options of {@link verifyMutants}. */
export interface VerifyOptions {
  oracle: ExecutionOracle;
  /** Called by the oracle as jobs finish. */
  onProgress?: (done: number, total: number) => void;
}

/** Runs jobs through the oracle and checks the answer has one result per job and one outcome per test. */
export async function runJobs(
  oracle: ExecutionOracle,
  jobs: readonly ExecutionJob[],
  onProgress?: (done: number, total: number) => void,
): Promise<ExecutionResult[]> {
  if (jobs.length === 0) return [];
  let results: readonly ExecutionResult[];
  try {
    results = await oracle.runMany(jobs, onProgress ? { onProgress: (p) => onProgress(p.done, p.total) } : {});
  } catch (cause) {
    throw new GenerateError(
      'oracle-failed',
      `@execret/generate: the oracle could not run ${jobs.length} jobs: ${(cause as Error)?.message ?? String(cause)}`,
      { cause },
    );
  }
  if (!Array.isArray(results) || results.length !== jobs.length) {
    throw new GenerateError(
      'oracle-failed',
      `@execret/generate: expected ${jobs.length} oracle results, received ${String((results as unknown[] | undefined)?.length)}`,
    );
  }
  results.forEach((r, i) => {
    if (!r || !Array.isArray(r.tests) || r.tests.length !== jobs[i]!.tests.length) {
      throw new GenerateError(
        'oracle-failed',
        `@execret/generate: oracle result ${i} has ${String(r?.tests?.length)} outcomes, expected one per test (${jobs[i]!.tests.length})`,
      );
    }
  });
  return [...results];
}

/**
 * Executes the `ok` candidates of several tasks against their task's tests in one oracle batch (each
 * job with its task's `language`, when the task names one) and classifies each ({@link classifyResult}). Candidates with any other status are not run and not
 * returned. The output has one array per group, in the group's candidate order.
 *
 * @example
 * const [executed] = await verifyMutants([{ task, candidates }], { oracle })
 * const kept = executed.filter((m) => m.failure !== 'survived')
 */
export async function verifyMutants(
  groups: readonly {
    task: Pick<Task, 'tests' | 'language'>;
    candidates: readonly MutantCandidate[];
    /** A budget shorter than the oracle's timeout for this group's jobs (see `ExecutionJob.timeoutMs`). */
    timeoutMs?: number;
    /** A work limit for this group's jobs (Python; see `ExecutionJob.workLimit`). */
    workLimit?: number;
  }[],
  options: VerifyOptions,
): Promise<ExecutedMutant[][]> {
  const jobs: ExecutionJob[] = [];
  const owners: { group: number; candidate: MutantCandidate }[] = [];
  groups.forEach(({ task, candidates, timeoutMs, workLimit }, group) => {
    const language = task.language !== undefined ? { language: task.language } : {};
    const budget = {
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      ...(workLimit !== undefined ? { workLimit } : {}),
    };
    for (const candidate of candidates) {
      if (candidate.status !== 'ok') continue;
      jobs.push({ code: candidate.code, tests: task.tests, ...language, ...budget });
      owners.push({ group, candidate });
    }
  });
  const results = await runJobs(options.oracle, jobs, options.onProgress);
  const out: ExecutedMutant[][] = groups.map(() => []);
  results.forEach((result, i) => {
    const { group, candidate } = owners[i]!;
    out[group]!.push({ ...candidate, result, failure: classifyResult(result) });
  });
  return out;
}
