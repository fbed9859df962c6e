import type { PoolView } from '@execret/analyses';
import type { Oracle, OracleResult } from '@execret/oracle';

/** The execution outcome of (query q, document d): the snippet run against q's test suite. */
export interface PairOutcome {
  readonly passes: boolean;
  readonly tests: readonly string[];
  readonly status: OracleResult['status'];
}

/**
 * Execution outcomes of (query, document) pairs, keyed by `q * nDocs + d`. A pair that is not in the table
 * was never executed and counts as not passing (SPEC section 3).
 */
export class PassTable {
  readonly #nDocs: number;
  readonly #outcomes = new Map<number, PairOutcome>();
  constructor(nDocs: number) {
    this.#nDocs = nDocs;
  }
  key(q: number, d: number): number {
    return q * this.#nDocs + d;
  }
  get(q: number, d: number): PairOutcome | undefined {
    return this.#outcomes.get(this.key(q, d));
  }
  has(q: number, d: number): boolean {
    return this.#outcomes.has(this.key(q, d));
  }
  passes(q: number, d: number): boolean {
    return this.#outcomes.get(this.key(q, d))?.passes ?? false;
  }
  set(q: number, d: number, outcome: PairOutcome): void {
    this.#outcomes.set(this.key(q, d), outcome);
  }
  get size(): number {
    return this.#outcomes.size;
  }
}

/** Collects unique (query, document) pairs in first-seen order. */
export class PairSet {
  readonly #nDocs: number;
  readonly #seen = new Set<number>();
  readonly pairs: [number, number][] = [];
  constructor(nDocs: number) {
    this.#nDocs = nDocs;
  }
  add(q: number, d: number): void {
    const key = q * this.#nDocs + d;
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    this.pairs.push([q, d]);
  }
}

/** Which slice of a job list a shard takes: job i belongs to shard (i mod count) + 1. */
export function inShard(i: number, shard: { index: number; count: number } | undefined): boolean {
  return shard === undefined || i % shard.count === shard.index - 1;
}

/**
 * Executes pairs through the oracle (which answers cached pairs from its execution cache without running
 * them) and records every outcome in `table`.
 */
export async function executePairs(
  oracle: Oracle,
  pool: PoolView,
  pairs: readonly (readonly [number, number])[],
  table: PassTable,
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number, cached: number) => void } = {},
): Promise<{ executed: number; cached: number }> {
  const todo = pairs.filter(([q, d]) => !table.has(q, d));
  if (todo.length === 0) return { executed: 0, cached: 0 };
  // A snippet runs against a query's tests in the query's language (one of another language does not pass).
  const jobs = todo.map(([q, d]) => {
    const language = pool.languages[q]!;
    return { code: pool.code[d]!, tests: pool.tests[q]!, ...(language !== 'python' ? { language } : {}) };
  });
  let cached = 0;
  const results = await oracle.runMany(jobs, {
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
