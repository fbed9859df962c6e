/**
 * The six documented bug types of ExecRetrieval's distractors (SPEC section 1), in the order the release and
 * every report list them. Legacy types also occur in the release; readers accept any string and writers of
 * new mutants use only these.
 *
 * - `off_by_one`: a numeric literal moved by ±1 (or `++`/`--` swapped);
 * - `off_by_one_boundary`: `<` ↔ `<=`, `>` ↔ `>=`;
 * - `wrong_operator`: an arithmetic, bitwise or boolean operator replaced;
 * - `wrong_comparison`: `==` ↔ `!=` or a comparison's direction flipped;
 * - `swap_arguments`: two arguments of a call exchanged;
 * - `remove_edge_case_check`: a guard `if` that returns or raises removed.
 */
export const BUG_TYPES = Object.freeze([
  'off_by_one',
  'off_by_one_boundary',
  'wrong_operator',
  'wrong_comparison',
  'swap_arguments',
  'remove_edge_case_check',
] as const);

/** One of {@link BUG_TYPES}. */
export type BugType = (typeof BUG_TYPES)[number];

/**
 * Whether `value` is one of the six documented {@link BUG_TYPES}.
 *
 * @example
 * isBugType('off_by_one'); // true
 * isBugType('stacked');    // false
 */
export function isBugType(value: unknown): value is BugType {
  return typeof value === 'string' && (BUG_TYPES as readonly string[]).includes(value);
}
