import { compareCodePoints } from '@execret/formats';

/** Where a pair of systems sits in `pairwise_tests.json`; see {@link pairKey}. */
export interface PairKey {
  /** `"A vs B"`, A the system first in code-point order. */
  readonly key: string;
  /**
   * `true` when the systems were given in the other order (the first argument is B): the entry's differences are
   * then second argument − first argument, so negate `delta` (and swap and negate an interval) to read first − second.
   */
  readonly swapped: boolean;
}

/**
 * The key of the pair {a, b} in `pairwise_tests.json` (and in `compareSystems`' `pairwise`): `"A vs B"` with A the
 * name first in code-point order ({@link compareCodePoints}), whichever order the names are given in. Every
 * difference stored under the key is A − B. The one definition of the rule: readers of the file (reports, merges)
 * look pairs up through it.
 *
 * @example
 * pairKey('dense', 'bm25'); // { key: 'bm25 vs dense', swapped: true }
 * pairKey('bm25', 'bm25>>exec/consensus'); // { key: 'bm25 vs bm25>>exec/consensus', swapped: false }
 */
export function pairKey(a: string, b: string): PairKey {
  const swapped = compareCodePoints(a, b) > 0;
  return { key: swapped ? `${b} vs ${a}` : `${a} vs ${b}`, swapped };
}
