/**
 * Argument checks for the public single-query functions. They run once at the public boundary; the kernels
 * that do the arithmetic never re-check. Misuse throws `TypeError` (wrong type) or `RangeError` (right type,
 * value out of range), as the house conventions require.
 *
 * @internal
 */

import { describeValue } from './errors.js';

/** Throws unless `k` is a positive safe integer. */
export function assertCutoff(k: unknown, component: string): asserts k is number {
  if (typeof k !== 'number') {
    throw new TypeError(
      `@execret/metrics ${component}: expected k to be a positive integer, received ${describeValue(k)}`,
    );
  }
  if (!Number.isSafeInteger(k) || k < 1) {
    throw new RangeError(
      `@execret/metrics ${component}: expected k to be a positive integer (1, 2, 3, ...), received ${describeValue(k)}`,
    );
  }
}

/** Throws unless `value` is array-like: an array, a typed array or an object with an integer `length`. */
function assertArrayLike(value: unknown, name: string, component: string): asserts value is ArrayLike<unknown> {
  const length = typeof value === 'object' && value !== null ? (value as { length?: unknown }).length : undefined;
  if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0 || typeof value === 'string') {
    throw new TypeError(
      `@execret/metrics ${component}: expected ${name} to be an array or typed array, received ${describeValue(value)}`,
    );
  }
}

/** Throws unless every element of `flags` is the number 0 or 1. */
export function assertPassFlags(flags: unknown, component: string): asserts flags is ArrayLike<number> {
  assertArrayLike(flags, 'passFlags', component);
  for (let i = 0; i < flags.length; i++) {
    const f = flags[i];
    if (f !== 0 && f !== 1) {
      throw new RangeError(
        `@execret/metrics ${component}: expected passFlags[${i}] to be 0 (fails) or 1 (passes), received ${describeValue(f)}`,
      );
    }
  }
}

/** Throws unless every element of `gains` is a finite number ≥ 0. */
export function assertGains(gains: unknown, name: string, component: string): asserts gains is ArrayLike<number> {
  assertArrayLike(gains, name, component);
  for (let i = 0; i < gains.length; i++) {
    const g = gains[i];
    if (typeof g !== 'number' || !Number.isFinite(g) || g < 0) {
      throw new RangeError(
        `@execret/metrics ${component}: expected ${name}[${i}] to be a finite number >= 0, received ${describeValue(g)}`,
      );
    }
  }
}

/**
 * Throws unless `scores` has `length` elements, none `NaN`, in non-increasing order (rank order: the score at
 * rank i + 1 is at most the score at rank i).
 */
export function assertRankedScores(
  scores: unknown,
  length: number,
  otherName: string,
  component: string,
): asserts scores is ArrayLike<number> {
  assertArrayLike(scores, 'scores', component);
  if (scores.length !== length) {
    throw new RangeError(
      `@execret/metrics ${component}: expected scores to have the length of ${otherName} (${length}), received length ${scores.length}`,
    );
  }
  let previous = Number.POSITIVE_INFINITY;
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i];
    if (typeof s !== 'number' || Number.isNaN(s)) {
      throw new RangeError(
        `@execret/metrics ${component}: expected scores[${i}] to be a number other than NaN, received ${describeValue(s)}`,
      );
    }
    if (s > previous) {
      throw new RangeError(
        `@execret/metrics ${component}: expected scores in rank order (non-increasing), but scores[${i}] = ${describeValue(s)} is greater than scores[${i - 1}] = ${describeValue(previous)}`,
      );
    }
    previous = s;
  }
}
