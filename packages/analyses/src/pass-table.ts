import type { SuiteStatus } from '@execret/formats';

/** The execution outcome of (query q, document d): the snippet run against q's test suite. */
export interface PairOutcome {
  readonly passes: boolean;
  /** One outcome per test, in the release vocabulary (`pass`, `FAIL: …`, `TIMEOUT`, `ERROR:…`). */
  readonly tests: readonly string[];
  readonly status: SuiteStatus;
}

/**
 * Execution outcomes of (query, document) pairs of a pool, keyed by `q * nDocs + d`. A pair that is not in the table
 * was never executed and counts as not passing (SPEC section 3).
 *
 * @example
 * const table = new PassTable(pool.docIds.length);
 * table.set(0, 3, { passes: true, tests: ['pass'], status: 'pass' });
 * table.passes(0, 3); // true
 * table.passes(0, 4); // false (never executed)
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
