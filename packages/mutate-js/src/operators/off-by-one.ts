import { isNode } from '../ast.js';
import { intLiteralOf, intLiteralText } from '../int-literal.js';
import { UPDATE_SWAPS } from '../operator-tables.js';
import type { OperatorContext } from '../raw-candidate.js';
import { textOf } from '../spans.js';
import type { Visit } from '../walk.js';
import { addExpressionCandidate, addSubtreeCandidate } from './add-candidate.js';
import { plusMinusOneOperand } from './shapes.js';

/**
 * `off_by_one` rules on one node: `int_literal` (an integer literal ± 1), `update_operator` (`++` ↔ `--`),
 * `index_shift` (`a[i]` → `a[i ± 1]`, `a[X ± 1]` → `a[X]`).
 */
export function offByOne(visit: Visit, ctx: OperatorContext): void {
  const { node } = visit;
  const parent = visit.ancestors.at(-1);
  const negatedLiteral = parent?.type === 'UnaryExpression' && parent.operator === '-' && visit.key === 'argument';
  const literal = negatedLiteral ? null : intLiteralOf(node);
  if (literal !== null) {
    for (const delta of [-1n, 1n]) {
      const after = intLiteralText(literal, literal.value + delta);
      addExpressionCandidate(ctx, { bugType: 'off_by_one', operator: 'int_literal' }, node, after, visit.path);
    }
  }
  if (node.type === 'UpdateExpression') {
    const operator = String(node.operator);
    const start = node.prefix === true ? node.start : node.end - operator.length;
    const replacement = UPDATE_SWAPS[operator];
    if (replacement !== undefined && ctx.source.slice(start, start + operator.length) === operator) {
      addSubtreeCandidate(
        ctx,
        { bugType: 'off_by_one', operator: 'update_operator' },
        { start, end: start + operator.length },
        replacement,
        visit.path,
        (canonical) => ({ ...(canonical as object), operator: replacement }),
      );
    }
  }
  if ((node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') && node.computed === true) {
    const index = node.property;
    if (!isNode(index)) return;
    const path = [...visit.path, ['property', null] as const];
    const shifted =
      index.type === 'Identifier'
        ? [`${textOf(ctx.source, index)} + 1`, `${textOf(ctx.source, index)} - 1`]
        : [plusMinusOneOperand(index)].filter(isNode).map((inner) => textOf(ctx.source, inner));
    for (const after of shifted) {
      addExpressionCandidate(ctx, { bugType: 'off_by_one', operator: 'index_shift' }, index, after, path);
    }
  }
}
