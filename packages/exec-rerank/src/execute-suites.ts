import { codeSha256, executionCacheRecord, testsSha256 } from '@execret/formats';
import type { OracleJob } from '@execret/oracle';
import type { ArtifactCache } from './artifact-cache.js';
import type { CostMeter } from './cost-meter.js';
import { ExecRerankError } from './errors.js';
import type { ExecOracle } from './types.js';

/** Outcomes that mean the machinery failed (never cached, by the oracle's rule too). */
function infrastructure(outcomes: readonly string[]): boolean {
  return outcomes.some((o) => o.startsWith('ERROR:Oracle'));
}

/**
 * Runs suites (candidate code + generated tests, never a benchmark test) and returns their outcomes in input
 * order: from the artifact cache when it holds them, else through `oracle.runMany`; new outcomes are appended to
 * the cache (except infrastructure failures, `ERROR:Oracle…`). Counts executions in `meter`. @internal
 */
export async function executeSuites(
  jobs: readonly OracleJob[],
  oracle: ExecOracle,
  cache: ArtifactCache | undefined,
  meter: CostMeter,
  signal: AbortSignal | undefined,
): Promise<string[][]> {
  const out: (string[] | null)[] = jobs.map(() => null);
  const misses: number[] = [];
  const hashes = jobs.map((j) => [codeSha256(j.code), testsSha256(j.tests)] as const);
  jobs.forEach((_, i) => {
    const [code, tests] = hashes[i] as readonly [string, string];
    const hit = cache?.execution(code, tests);
    if (hit !== undefined) {
      out[i] = [...hit.execution.testResults];
      meter.cachedExecutions += 1;
    } else misses.push(i);
  });
  if (misses.length > 0) {
    let results: Awaited<ReturnType<ExecOracle['runMany']>>;
    try {
      results = await oracle.runMany(
        misses.map((i) => jobs[i] as OracleJob),
        signal === undefined ? {} : { signal },
      );
    } catch (cause) {
      if (signal?.aborted)
        throw new ExecRerankError('aborted', "@execret/exec-rerank execution: aborted by the caller's AbortSignal", {
          cause: signal.reason,
        });
      throw cause;
    }
    results.forEach((r, k) => {
      const i = misses[k] as number;
      out[i] = [...r.tests];
      if (r.cached) meter.cachedExecutions += 1;
      else {
        meter.executions += 1;
        meter.executedTests += r.tests.length;
        meter.executionMs += r.durationMs;
      }
      if (cache !== undefined && !infrastructure(r.tests)) {
        const [code, tests] = hashes[i] as readonly [string, string];
        cache.put({
          kind: 'execution',
          key: `${code}:${tests}`,
          execution: { ...executionCacheRecord(code, tests, r.tests), durationMs: r.durationMs },
        });
      }
    });
  }
  return out as string[][];
}
