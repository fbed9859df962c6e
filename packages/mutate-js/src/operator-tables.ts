import type { BugType } from '@execret/formats';

/**
 * `wrong_operator` / `binary_operator` (and, with `=` appended, `augmented_assignment`): the replacements of each
 * arithmetic or bitwise operator. Mirrors the Python engine's table where JavaScript has the operator; JavaScript
 * has no `//`, so the Python entries that go to or from floor division use `/` (`*` → `/`, `/` → `*`, `%` → `/`).
 */
export const BINARY_OPERATOR_SWAPS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  '+': ['-'],
  '-': ['+'],
  '*': ['/'],
  '/': ['*'],
  '%': ['/'],
  '**': ['*'],
  '&': ['|'],
  '|': ['&'],
  '^': ['|'],
  '<<': ['>>'],
  '>>': ['<<'],
  '>>>': ['>>'],
});

/** `wrong_operator` / `boolean_operator` (and `augmented_assignment` for `&&=`, `||=`, `??=`). */
export const LOGICAL_OPERATOR_SWAPS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  '&&': ['||'],
  '||': ['&&'],
  '??': ['||'],
});

/** `wrong_comparison` / `equality_operator`. */
export const EQUALITY_SWAPS: Readonly<Record<string, string>> = Object.freeze({
  '===': '!==',
  '!==': '===',
  '==': '!=',
  '!=': '==',
});

/** `wrong_comparison` / `comparison_direction`. */
export const DIRECTION_SWAPS: Readonly<Record<string, string>> = Object.freeze({
  '<': '>',
  '>': '<',
  '<=': '>=',
  '>=': '<=',
});

/** `off_by_one_boundary` / `comparison_strictness`. */
export const STRICTNESS_SWAPS: Readonly<Record<string, string>> = Object.freeze({
  '<': '<=',
  '<=': '<',
  '>': '>=',
  '>=': '>',
});

/** `off_by_one` / `update_operator`. */
export const UPDATE_SWAPS: Readonly<Record<string, string>> = Object.freeze({ '++': '--', '--': '++' });

/**
 * Callees whose two arguments can be swapped without changing the result (up to ties between equal values):
 * swapping them gives a `swap_commutative` candidate marked `equivalent`. The bare names mirror the Python
 * engine's list (a local `gcd` helper is taken to be commutative too).
 */
export const COMMUTATIVE_CALLEES: readonly string[] = Object.freeze([
  'Math.max',
  'Math.min',
  'Math.hypot',
  'Math.imul',
  'Object.is',
  'max',
  'min',
  'gcd',
  'lcm',
  'hypot',
]);

/** Statements that make an `if` without `else` a guard (`remove_edge_case_check`), as in the Python engine. */
export const GUARD_EXITS: readonly string[] = Object.freeze([
  'ReturnStatement',
  'ThrowStatement',
  'ContinueStatement',
  'BreakStatement',
]);

/** One mutation rule of the engine: its bug type, its name (a candidate's `operator`) and what it does. */
export interface JsMutationOperator {
  bugType: BugType;
  operator: string;
  description: string;
}

/**
 * Every rule the engine applies, in bug-type order. A candidate's `bugType` and `operator` are always one of
 * these pairs.
 *
 * @example
 * JS_MUTATION_OPERATORS.filter((o) => o.bugType === 'off_by_one').map((o) => o.operator)
 * // ['int_literal', 'update_operator', 'index_shift']
 */
export const JS_MUTATION_OPERATORS: readonly JsMutationOperator[] = Object.freeze([
  {
    bugType: 'off_by_one',
    operator: 'int_literal',
    description: 'an integer literal (number or BigInt, `-N` included) ± 1, in its own base',
  },
  { bugType: 'off_by_one', operator: 'update_operator', description: '`++` ↔ `--` (prefix or postfix)' },
  {
    bugType: 'off_by_one',
    operator: 'index_shift',
    description: '`a[i]` → `a[i + 1]`, `a[i - 1]` (identifier index); `a[X ± 1]` → `a[X]`',
  },
  {
    bugType: 'off_by_one_boundary',
    operator: 'comparison_strictness',
    description: '`<` ↔ `<=`, `>` ↔ `>=`',
  },
  {
    bugType: 'off_by_one_boundary',
    operator: 'compare_bound',
    description:
      'the right operand `E` of `<`, `<=`, `>`, `>=` → `E + 1`, `E - 1` (identifier, member, call); `X ± 1` → `X`',
  },
  {
    bugType: 'off_by_one_boundary',
    operator: 'len_offset',
    description: '`X.length ± 1` → `X.length` (outside compare bounds); `n = X.length` → `n = X.length - 1`',
  },
  {
    bugType: 'wrong_operator',
    operator: 'binary_operator',
    description: '`+`↔`-`, `*`→`/`, `/`→`*`, `%`→`/`, `**`→`*`, `&`↔`|`, `^`→`|`, `<<`↔`>>`, `>>>`→`>>`',
  },
  {
    bugType: 'wrong_operator',
    operator: 'boolean_operator',
    description: '`&&` ↔ `||`, `??` → `||`, one token at a time (regrouped by precedence)',
  },
  {
    bugType: 'wrong_operator',
    operator: 'augmented_assignment',
    description: 'the same tables on compound assignments: `+=`↔`-=`, …, `&&=`↔`||=`, `??=`→`||=`',
  },
  {
    bugType: 'wrong_comparison',
    operator: 'equality_operator',
    description: '`===` ↔ `!==`, `==` ↔ `!=`',
  },
  {
    bugType: 'wrong_comparison',
    operator: 'comparison_direction',
    description: '`<` ↔ `>`, `<=` ↔ `>=`',
  },
  {
    bugType: 'swap_arguments',
    operator: 'swap_positional',
    description: 'two adjacent, textually different arguments of a call or `new` (no spread in the call)',
  },
  {
    bugType: 'swap_arguments',
    operator: 'swap_commutative',
    description: 'the same on a commutative callee (`Math.max`, `Math.min`, …): always `equivalent`',
  },
  {
    bugType: 'remove_edge_case_check',
    operator: 'remove_guard',
    description:
      'delete an `if` without `else` whose consequent is one `return`/`throw`/`continue`/`break` (whole lines when it has its own), or such a final `else if`',
  },
] as const);
