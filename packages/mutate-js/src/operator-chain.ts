import type { AstNode, Path } from './ast.js';
import type { Visit } from './walk.js';

const CHAIN_TYPES: ReadonlySet<string> = new Set(['BinaryExpression', 'LogicalExpression']);

/** Whether a node is a binary or logical expression (a link of an operator chain). */
function isChainNode(node: unknown): node is AstNode & { left: AstNode; right: AstNode; operator: string } {
  return typeof node === 'object' && node !== null && CHAIN_TYPES.has((node as { type?: string }).type ?? '');
}

/**
 * The root of the maximal chain of binary/logical expressions that contains the visited one (flipping one
 * operator can regroup the operands only inside it), and the position of the visited operator among the chain's
 * operators in source order.
 */
export function chainOf(visit: Visit): { path: Path; index: number } {
  let depth = visit.ancestors.length;
  while (depth > 0 && isChainNode(visit.ancestors[depth - 1])) {
    const key = visit.path[visit.path.length - (visit.ancestors.length - depth) - 1]?.[0];
    if (key !== 'left' && key !== 'right') break;
    depth -= 1;
  }
  const root = depth === visit.ancestors.length ? visit.node : (visit.ancestors[depth] as AstNode);
  const path = visit.path.slice(0, visit.path.length - (visit.ancestors.length - depth));
  let index = 0;
  const count = (node: unknown): boolean => {
    if (!isChainNode(node)) return false;
    if (count(node.left)) return true;
    if (node === visit.node) return true;
    index += 1;
    return count(node.right);
  };
  count(root);
  return { path, index };
}

/**
 * The operands and operators of a (positions-free) chain in source order: operators as `op:<text>`, operands
 * as their JSON. Grouping is not visible, so two chains that differ only by how the parser grouped them give
 * the same sequence.
 */
export function operatorSequence(node: unknown): string[] {
  if (!isChainNode(node)) return [`x:${JSON.stringify(node)}`];
  return [...operatorSequence(node.left), `op:${node.operator}`, ...operatorSequence(node.right)];
}
