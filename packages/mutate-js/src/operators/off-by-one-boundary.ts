import { type AstNode, isNode } from '../ast.js';
import { STRICTNESS_SWAPS } from '../operator-tables.js';
import type { OperatorContext } from '../raw-candidate.js';
import { textOf } from '../spans.js';
import type { Visit } from '../walk.js';
import { addExpressionCandidate } from './add-candidate.js';
import { flipChainOperator } from './flip-chain-operator.js';
import { isBoundable, isLengthAccess, plusMinusOneOperand, RELATIONAL } from './shapes.js';

function replaceExpression(
  ctx: OperatorContext,
  operator: string,
  target: AstNode,
  path: Visit['path'],
  after: string,
): void {
  addExpressionCandidate(ctx, { bugType: 'off_by_one_boundary', operator }, target, after, path);
}

/** Whether the visited node is the right operand of `<`, `<=`, `>` or `>=`. */
function isCompareBound(visit: Visit): boolean {
  const parent = visit.ancestors.at(-1);
  return parent?.type === 'BinaryExpression' && RELATIONAL.has(String(parent.operator)) && visit.key === 'right';
}

/**
 * `off_by_one_boundary` rules on one node: `comparison_strictness` (`<` ↔ `<=`, `>` ↔ `>=`), `compare_bound`
 * (the right operand `E` of a relational operator → `E ± 1`, `X ± 1` → `X`) and `len_offset`
 * (`X.length ± 1` → `X.length`; `n = X.length` → `n = X.length - 1`).
 */
export function offByOneBoundary(visit: Visit, ctx: OperatorContext): void {
  const { node } = visit;
  if (node.type === 'BinaryExpression' && isNode(node.left) && isNode(node.right)) {
    const operator = String(node.operator);
    const replacement = STRICTNESS_SWAPS[operator];
    if (replacement !== undefined) {
      flipChainOperator(visit, ctx, 'off_by_one_boundary', 'comparison_strictness', [replacement]);
    }
    if (RELATIONAL.has(operator)) {
      const bound = node.right;
      const path = [...visit.path, ['right', null] as const];
      const inner = plusMinusOneOperand(bound);
      if (inner !== null) {
        replaceExpression(ctx, 'compare_bound', bound, path, textOf(ctx.source, inner));
      } else if (isBoundable(bound)) {
        for (const sign of ['+', '-']) {
          replaceExpression(ctx, 'compare_bound', bound, path, `${textOf(ctx.source, bound)} ${sign} 1`);
        }
      }
    }
    if (isLengthAccess(node.left) && plusMinusOneOperand(node) !== null && !isCompareBound(visit)) {
      replaceExpression(ctx, 'len_offset', node, visit.path, textOf(ctx.source, node.left));
    }
  }
  const assigned =
    node.type === 'VariableDeclarator' && isNode(node.id) && node.id.type === 'Identifier'
      ? 'init'
      : node.type === 'AssignmentExpression' &&
          node.operator === '=' &&
          isNode(node.left) &&
          node.left.type === 'Identifier'
        ? 'right'
        : null;
  if (assigned !== null && isLengthAccess(node[assigned])) {
    const value = node[assigned] as AstNode;
    const path = [...visit.path, [assigned, null] as const];
    replaceExpression(ctx, 'len_offset', value, path, `${textOf(ctx.source, value)} - 1`);
  }
}
