/**
 * Unique (query, document) pairs of a pool in first-seen order.
 *
 * @example
 * const set = new PairSet(pool.docIds.length);
 * set.add(0, 3); set.add(0, 3); set.add(1, 0);
 * set.pairs; // [[0, 3], [1, 0]]
 */
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
