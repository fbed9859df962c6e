import { compareCodePoints } from '@execret/formats';

/** The two systems of a `pairwise_tests.json` key; see {@link parsePairKey}. */
export interface ParsedPairKey {
  /** A: the system first in code-point order (differences under the key are A − B). */
  readonly a: string;
  /** B: the other system. */
  readonly b: string;
}

/** What separates the two systems of a key (`pairKey`'s `"A vs B"`). */
const SEPARATOR = ' vs ';

/**
 * The systems of a key written by `pairKey` (`"A vs B"`, A before B in code-point order), or `undefined` for a string
 * that is not such a key. The key is split at the first `" vs "` whose two sides are in code-point order, so a
 * system name holding `" vs "` is read back whenever that split is the only ordered one (`pairKey(a, b).key` of the
 * result is the key again).
 *
 * @example
 * parsePairKey('bm25 vs bm25>>exec/consensus'); // { a: 'bm25', b: 'bm25>>exec/consensus' }
 * parsePairKey('dense vs bm25');                // undefined: not in code-point order
 * parsePairKey('bm25');                         // undefined
 */
export function parsePairKey(key: string): ParsedPairKey | undefined {
  for (let at = key.indexOf(SEPARATOR); at >= 0; at = key.indexOf(SEPARATOR, at + 1)) {
    const a = key.slice(0, at);
    const b = key.slice(at + SEPARATOR.length);
    if (compareCodePoints(a, b) < 0) return { a, b };
  }
  return undefined;
}
