import { isNode } from '../ast.js';
import { BINARY_OPERATOR_SWAPS, LOGICAL_OPERATOR_SWAPS } from '../operator-tables.js';
import type { OperatorContext } from '../raw-candidate.js';
import { operatorSpan } from '../spans.js';
import type { Visit } from '../walk.js';
import { addSubtreeCandidate } from './add-candidate.js';
import { flipChainOperator } from './flip-chain-operator.js';

/**
 * `wrong_operator` rules on one node: `binary_operator` (arithmetic and bitwise operators, see
 * {@link BINARY_OPERATOR_SWAPS}), `boolean_operator` (`&&` ↔ `||`, `??` → `||`) and `augmented_assignment`
 * (the same tables on `+=`, `&&=`, …).
 */
export function wrongOperator(visit: Visit, ctx: OperatorContext): void {
  const { node } = visit;
  const operator = String(node.operator);
  if (node.type === 'BinaryExpression') {
    flipChainOperator(visit, ctx, 'wrong_operator', 'binary_operator', BINARY_OPERATOR_SWAPS[operator]);
  } else if (node.type === 'LogicalExpression') {
    flipChainOperator(visit, ctx, 'wrong_operator', 'boolean_operator', LOGICAL_OPERATOR_SWAPS[operator]);
  } else if (node.type === 'AssignmentExpression' && operator !== '=' && isNode(node.left) && isNode(node.right)) {
    const base = operator.slice(0, -1);
    const replacements = BINARY_OPERATOR_SWAPS[base] ?? LOGICAL_OPERATOR_SWAPS[base] ?? [];
    const span = operatorSpan(ctx.source, node.left.end, node.right.start, operator);
    if (span === null) return;
    for (const replacement of replacements) {
      const after = `${replacement}=`;
      addSubtreeCandidate(
        ctx,
        { bugType: 'wrong_operator', operator: 'augmented_assignment' },
        { start: span[0], end: span[1] },
        after,
        visit.path,
        (canonical) => ({ ...(canonical as object), operator: after }),
      );
    }
  }
}
