import type { Language, SuiteStatus } from '@execret/formats';
import type { PassTable } from './pass-table.js';
import type { PoolView } from './pool-view.js';

/**
 * What runs a snippet against a test suite: `@execret/oracle`'s `Oracle` (structurally), or a fake in tests. It
 * answers cached jobs from its own cache, results in input order.
 */
export interface PairRunner {
  runMany(
    jobs: readonly { code: string; tests: readonly string[]; language?: Language }[],
    options?: {
      signal?: AbortSignal;
      onProgress?: (progress: { done: number; total: number; cached: number }) => void;
    },
  ): Promise<readonly { status: SuiteStatus; tests: readonly string[] }[]>;
}

/** Options of {@link executePairs}, {@link verifyGroups} and {@link executeRetrieved}. */
export interface ExecutePairsOptions {
  readonly signal?: AbortSignal;
  /** After each finished job: done and total of this call, and how many of the done came from a cache. */
  readonly onProgress?: (done: number, total: number, cached: number) => void;
}

/**
 * Executes the pairs `table` does not know yet through `runner` and records every outcome in `table`: the snippet
 * `pool.code[d]` against query q's tests, in q's language (a snippet of another language does not pass). Pairs
 * already in the table are not run again.
 *
 * @returns how many jobs ran now (`executed`) and how many the runner answered from its cache (`cached`)
 * @example
 * const { executed, cached } = await executePairs(oracle, pool, [[0, 3], [0, 4]], table);
 */
export async function executePairs(
  runner: PairRunner,
  pool: PoolView,
  pairs: readonly (readonly [number, number])[],
  table: PassTable,
  options: ExecutePairsOptions = {},
): Promise<{ executed: number; cached: number }> {
  const todo = pairs.filter(([q, d]) => !table.has(q, d));
  if (todo.length === 0) return { executed: 0, cached: 0 };
  const jobs = todo.map(([q, d]) => {
    const language = pool.languages[q]!;
    return { code: pool.code[d]!, tests: pool.tests[q]!, ...(language !== 'python' ? { language } : {}) };
  });
  let cached = 0;
  const results = await runner.runMany(jobs, {
    ...(options.signal ? { signal: options.signal } : {}),
    onProgress: (p) => {
      cached = p.cached;
      options.onProgress?.(p.done, p.total, p.cached);
    },
  });
  results.forEach((result, i) => {
    const [q, d] = todo[i]!;
    table.set(q, d, { passes: result.status === 'pass', tests: result.tests, status: result.status });
  });
  return { executed: todo.length - cached, cached };
}
