/**
 * How one test of an execution was judged (the `judged` field of an execution-cache line):
 * - `split`: the oracle's server compared the value the sandboxed child reported with an expectation the child
 *   never saw;
 * - `child`: the test ran and was judged whole inside the sandboxed child;
 * - `fallback`: the test's shape splits, but its value was not plain data, so it ran whole in a second child.
 *
 * A cache line without the field reads as `child` for every test.
 */
export type Judged = 'split' | 'child' | 'fallback';

/** The values of {@link Judged}. */
export const JUDGED_VALUES: readonly Judged[] = Object.freeze(['split', 'child', 'fallback'] as const);

/**
 * Whether `value` is one of the {@link JUDGED_VALUES}.
 *
 * @example
 * isJudged('split'); // true
 * isJudged('server'); // false
 */
export function isJudged(value: unknown): value is Judged {
  return value === 'split' || value === 'child' || value === 'fallback';
}
