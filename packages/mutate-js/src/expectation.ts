import { getAt, replaceAt } from './ast.js';
import { operatorSequence } from './operator-chain.js';
import type { Expectation } from './raw-candidate.js';

/**
 * Checks that a mutant's positions-free tree is what the candidate's rule intended (see {@link Expectation}).
 * Returns null when it is, else the reason it is not. `canonical` and `mutant` are `plainTree` copies of the two
 * programs; `canonicalJson` is `JSON.stringify(canonical)`.
 *
 * @example
 * // canonical `a < b`, expectation: operator 0 of the chain at `path` becomes `<=`; mutant `a <= b`
 * checkExpectation(canonical, canonicalJson, mutant, { kind: 'operator-sequence', path, index: 0, operator: '<=' })
 * // null
 */
export function checkExpectation(
  canonical: unknown,
  canonicalJson: string,
  mutant: unknown,
  expect: Expectation,
): string | null {
  if (expect.kind === 'subtree') {
    let expected: unknown;
    try {
      expected = expect.expected(getAt(canonical, expect.path));
    } catch (error) {
      return `the replacement does not parse on its own: ${error instanceof Error ? error.message : String(error)}`;
    }
    return JSON.stringify(replaceAt(canonical, expect.path, expected)) === JSON.stringify(mutant)
      ? null
      : 'the mutated text does not parse to the intended tree';
  }
  const before = operatorSequence(getAt(canonical, expect.path));
  const after = operatorSequence(getAt(mutant, expect.path));
  const operators = before.map((item, i) => [item, i] as const).filter(([item]) => item.startsWith('op:'));
  const target = operators[expect.index];
  if (target === undefined) return 'the operator to replace is not in the chain';
  const wanted = [...before];
  wanted[target[1]] = `op:${expect.operator}`;
  if (wanted.length !== after.length || wanted.some((item, i) => item !== after[i])) {
    return 'the mutated text does not give the same operands with the one operator replaced';
  }
  const outside = replaceAt(mutant, expect.path, getAt(canonical, expect.path));
  return JSON.stringify(outside) === canonicalJson ? null : 'the edit changed the code outside the operator chain';
}
