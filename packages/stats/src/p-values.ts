import { StatsError } from './stats-error.js';
import { assertArrayLike, describe } from './validate.js';

/**
 * Internal: validates a vector of p-values (each a number in [0, 1]) and returns them with the
 * permutation that sorts them ascending (stable, so ties keep input order).
 */
export function sortedPValues(
  pValues: ArrayLike<number>,
  component: string,
): { values: Float64Array; order: Int32Array } {
  assertArrayLike(pValues, component, 'pValues');
  const values = new Float64Array(pValues.length);
  for (let i = 0; i < pValues.length; i++) {
    const p = pValues[i];
    if (typeof p !== 'number' || !(p >= 0 && p <= 1)) {
      throw new StatsError(
        'invalid-p-value',
        `@execret/stats ${component}: expected pValues[${i}] to be a number in [0, 1], received ${describe(p)}`,
        { details: { index: i } },
      );
    }
    values[i] = p;
  }
  const order = Int32Array.from({ length: values.length }, (_, i) => i);
  order.sort((x, y) => (values[x] as number) - (values[y] as number) || x - y);
  return { values, order };
}
