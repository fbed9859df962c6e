import { type AstNode, isNode } from '../ast.js';

/** For `X + 1` / `X - 1` (a literal `1` written as such), the node X; otherwise null. */
export function plusMinusOneOperand(node: AstNode): AstNode | null {
  if (node.type !== 'BinaryExpression' || (node.operator !== '+' && node.operator !== '-')) return null;
  const right = node.right;
  if (!isNode(right) || right.type !== 'NumericLiteral') return null;
  if ((right.extra as { raw?: string } | undefined)?.raw !== '1') return null;
  return isNode(node.left) ? node.left : null;
}

/** Whether a node is `X.length` (or `X?.length`). */
export function isLengthAccess(node: unknown): node is AstNode {
  if (!isNode(node)) return false;
  if (node.type !== 'MemberExpression' && node.type !== 'OptionalMemberExpression') return false;
  const property = node.property;
  return node.computed !== true && isNode(property) && property.type === 'Identifier' && property.name === 'length';
}

const BOUNDABLE: ReadonlySet<string> = new Set([
  'Identifier',
  'MemberExpression',
  'OptionalMemberExpression',
  'CallExpression',
  'OptionalCallExpression',
]);

/** Whether `E ± 1` may be made of a compare bound `E` (an identifier, a member access or a call). */
export function isBoundable(node: unknown): node is AstNode {
  return isNode(node) && BOUNDABLE.has(node.type);
}

/** The relational operators whose right operand is a boundary. */
export const RELATIONAL: ReadonlySet<string> = new Set(['<', '<=', '>', '>=']);
