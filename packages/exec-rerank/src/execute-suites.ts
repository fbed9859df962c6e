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
 * Executions under way per artifact cache, by key `<code_sha256>:<tests_sha256>`: a suite asked for again while it
 * runs (two queries probing the same group at once) waits for that run instead of running a second time.
 */
const RUNNING = new WeakMap<ArtifactCache, Map<string, Promise<readonly string[]>>>();

/**
 * Runs suites (candidate code + generated tests, never a benchmark test) and returns their outcomes in input
 * order: from the artifact cache when it holds them, from the run under way when the same suite is already running
 * for another call on the same cache (or earlier in this one), else through `oracle.runMany`; new outcomes are
 * appended to the cache (except infrastructure failures, `ERROR:Oracle…`). Counts executions in `meter` (a suite
 * taken from the cache or from a run under way counts as cached). @internal
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
  const waits: [number, Promise<readonly string[]>][] = [];
  const hashes = jobs.map((j) => [codeSha256(j.code), testsSha256(j.tests)] as const);
  const keys = hashes.map(([code, tests]) => `${code}:${tests}`);
  let running: Map<string, Promise<readonly string[]>> | undefined;
  if (cache !== undefined) {
    running = RUNNING.get(cache) ?? new Map();
    RUNNING.set(cache, running);
  }
  /** Settles the runs this call started, by key. */
  const settle = new Map<string, { resolve: (tests: readonly string[]) => void; reject: (error: unknown) => void }>();
  jobs.forEach((_, i) => {
    const [code, tests] = hashes[i] as readonly [string, string];
    const key = keys[i] as string;
    const hit = cache?.execution(code, tests);
    const pending = running?.get(key);
    if (hit !== undefined) {
      out[i] = [...hit.execution.testResults];
      meter.cachedExecutions += 1;
    } else if (pending !== undefined) waits.push([i, pending]);
    else {
      misses.push(i);
      if (running !== undefined) {
        const run = new Promise<readonly string[]>((resolve, reject) => settle.set(key, { resolve, reject }));
        run.catch(() => {});
        running.set(key, run);
      }
    }
  });
  const release = (error?: unknown): void => {
    for (const [key, { reject }] of settle) {
      running?.delete(key);
      reject(error ?? new Error('@execret/exec-rerank execution: the run of this suite ended without a result'));
    }
    settle.clear();
  };
  try {
    await runMisses();
  } catch (error) {
    release(error);
    throw error;
  }
  release();
  const again: number[] = [];
  for (const [i, pending] of waits) {
    try {
      out[i] = [...(await pending)];
      meter.cachedExecutions += 1;
    } catch {
      again.push(i); // the run waited for failed (its caller's signal, say): run the suite here
    }
  }
  if (again.length > 0) {
    const rerun = await executeSuites(
      again.map((i) => jobs[i] as OracleJob),
      oracle,
      cache,
      meter,
      signal,
    );
    again.forEach((i, k) => {
      out[i] = rerun[k] as string[];
    });
  }
  return out as string[][];

  /** Runs the suites nobody else is running, settling each one's waiters as soon as the batch returns. */
  async function runMisses(): Promise<void> {
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
        const key = keys[i] as string;
        const waiting = settle.get(key);
        if (waiting !== undefined) {
          running?.delete(key);
          settle.delete(key);
          waiting.resolve(r.tests);
        }
      });
    }
  }
}
