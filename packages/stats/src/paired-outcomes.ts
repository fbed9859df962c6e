import { StatsError } from './stats-error.js';
import { assertArrayLike, describe } from './validate.js';

/** The 2×2 table of two systems' binary outcomes on the same queries; see {@link pairedOutcomes}. */
export interface PairedOutcomes {
  /** Queries where A succeeds (1) and B fails (0). */
  aOnly: number;
  /** Queries where B succeeds and A fails. */
  bOnly: number;
  /** Queries where both succeed. */
  both: number;
  /** Queries where both fail. */
  neither: number;
}

/**
 * Cross-tabulates two aligned 0/1 outcome vectors (query i of `a` is query i of `b`), the input of
 * the McNemar test: `aOnly` = #{i : aᵢ = 1, bᵢ = 0}, `bOnly` = #{i : aᵢ = 0, bᵢ = 1},
 * `both` = #{i : aᵢ = bᵢ = 1}, `neither` = #{i : aᵢ = bᵢ = 0}. The four counts sum to the length.
 * Empty vectors give four zeros.
 *
 * @param a - outcomes of system A, each exactly 0 or 1 (`-0` counts as 0).
 * @param b - outcomes of system B, same length.
 * @throws RangeError when the lengths differ; TypeError when an input is not array-like;
 *   StatsError `not-binary` when a value is not 0 or 1 (details: `vector`, `index`).
 *
 * @example
 * pairedOutcomes([1, 1, 0, 0, 1], [1, 0, 1, 0, 0]);
 * // { aOnly: 2, bOnly: 1, both: 1, neither: 1 }
 */
export function pairedOutcomes(a: ArrayLike<number>, b: ArrayLike<number>): PairedOutcomes {
  assertArrayLike(a, 'pairedOutcomes', 'a');
  assertArrayLike(b, 'pairedOutcomes', 'b');
  if (a.length !== b.length) {
    throw new RangeError(
      `@execret/stats pairedOutcomes: expected a and b to have the same length (aligned queries), received ${a.length} and ${b.length}`,
    );
  }
  const counts = [0, 0, 0, 0]; // index 2·aᵢ + bᵢ: neither, bOnly, aOnly, both
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x !== 0 && x !== 1) throw notBinary('a', i, x);
    if (y !== 0 && y !== 1) throw notBinary('b', i, y);
    (counts[2 * x + y] as number)++;
  }
  const [neither, bOnly, aOnly, both] = counts as [number, number, number, number];
  return { aOnly, bOnly, both, neither };
}

function notBinary(vector: 'a' | 'b', index: number, value: unknown): StatsError {
  return new StatsError(
    'not-binary',
    `@execret/stats pairedOutcomes: expected ${vector}[${index}] to be 0 or 1, received ${describe(value)}`,
    { details: { vector, index } },
  );
}
