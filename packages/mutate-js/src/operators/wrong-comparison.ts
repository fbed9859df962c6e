import { DIRECTION_SWAPS, EQUALITY_SWAPS } from '../operator-tables.js';
import type { OperatorContext } from '../raw-candidate.js';
import type { Visit } from '../walk.js';
import { flipChainOperator } from './flip-chain-operator.js';

/**
 * `wrong_comparison` rules on one node: `equality_operator` (`===` ↔ `!==`, `==` ↔ `!=`) and
 * `comparison_direction` (`<` ↔ `>`, `<=` ↔ `>=`).
 */
export function wrongComparison(visit: Visit, ctx: OperatorContext): void {
  if (visit.node.type !== 'BinaryExpression') return;
  const operator = String(visit.node.operator);
  const equality = EQUALITY_SWAPS[operator];
  const direction = DIRECTION_SWAPS[operator];
  if (equality !== undefined) flipChainOperator(visit, ctx, 'wrong_comparison', 'equality_operator', [equality]);
  if (direction !== undefined) flipChainOperator(visit, ctx, 'wrong_comparison', 'comparison_direction', [direction]);
}
