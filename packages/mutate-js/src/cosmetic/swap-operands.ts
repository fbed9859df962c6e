import { type AstNode, isNode, type Path, replaceAt } from '../ast.js';
import { walkMutable } from '../walk.js';
import type { RewriteStep } from './rewrite-step.js';
import { parseForStep, taskFunctionOf } from './rewrite-step.js';
import { parsesTo } from './same-tree.js';
import { spliceText, type TextEdit } from './splice-text.js';

/** Comparison operators whose operands may swap, with the operator that keeps the meaning. */
const FLIPPED: Readonly<Record<string, string>> = {
  '===': '===',
  '!==': '!==',
  '==': '==',
  '!=': '!=',
  '<': '>',
  '>': '<',
  '<=': '>=',
  '>=': '<=',
};
const LITERALS = new Set(['NumericLiteral', 'StringLiteral', 'BooleanLiteral', 'NullLiteral', 'BigIntLiteral']);
const ARITHMETIC = new Set(['+', '-', '*', '%', '/']);
const UNARY = new Set(['-', '+', '!', 'typeof']);

/**
 * A simple operand: reading it has no side effect a swap could reorder (names, literals, property and index reads
 * of simple values, `-x`, `!x`, `typeof x`, arithmetic over simple values; at most four levels deep).
 */
function isSimpleOperand(node: unknown, depth = 0): boolean {
  if (!isNode(node) || depth > 3) return false;
  if (node.type === 'Identifier' || LITERALS.has(node.type)) return true;
  if (node.type === 'MemberExpression') {
    return (
      isSimpleOperand(node.object, depth + 1) && (node.computed !== true || isSimpleOperand(node.property, depth + 1))
    );
  }
  if (node.type === 'UnaryExpression')
    return UNARY.has(String(node.operator)) && isSimpleOperand(node.argument, depth + 1);
  if (node.type === 'BinaryExpression') {
    return (
      ARITHMETIC.has(String(node.operator)) &&
      isSimpleOperand(node.left, depth + 1) &&
      isSimpleOperand(node.right, depth + 1)
    );
  }
  return false;
}

/**
 * `operand-order`: swaps the operands of a seeded, non-empty subset of the task function's comparisons `a OP b`
 * (`===`, `!==`, `==`, `!=` kept; `<`, `>`, `<=`, `>=` flipped to keep the meaning: `a < b` → `b > a`) whose
 * operands are both simple ({@link isSimpleOperand}) and between which the text is only the operator, spaces and
 * parentheses (no comment). Checked: the result parses to the original tree with those operands swapped and
 * operators flipped.
 *
 * @example
 * swapOperands('function f(a) {\n  return a === 0;\n}\n', context, rng) // 'function f(a) {\n  return 0 === a;\n}\n'
 */
export const swapOperands: RewriteStep = (code, context, rng) => {
  const file = parseForStep(code, context);
  const task = taskFunctionOf(file, context);
  if (task === null) return null;
  const sites: { node: AstNode; path: Path; between: string }[] = [];
  for (const visit of walkMutable(task.body, task.bodyPath)) {
    const node = visit.node;
    if (node.type !== 'BinaryExpression' || !(String(node.operator) in FLIPPED)) continue;
    const left = node.left as AstNode;
    const right = node.right as AstNode;
    if (!isSimpleOperand(left) || !isSimpleOperand(right)) continue;
    const between = code.slice(left.end, right.start);
    if (between.replace(/[()\s]/gu, '') !== node.operator) continue;
    sites.push({ node, path: visit.path, between });
  }
  if (sites.length === 0) return null;
  const edits: TextEdit[] = [];
  let expected: unknown = file;
  for (const { node, path, between } of rng.subset(sites, 0.5)) {
    const left = node.left as AstNode;
    const right = node.right as AstNode;
    const operator = String(node.operator);
    const flipped = FLIPPED[operator]!;
    const at = between.indexOf(operator);
    const middle = between.slice(0, at) + flipped + between.slice(at + operator.length);
    edits.push({
      start: left.start,
      end: right.end,
      text: code.slice(right.start, right.end) + middle + code.slice(left.start, left.end),
    });
    expected = replaceAt(expected, path, { ...node, left: right, right: left, operator: flipped });
  }
  const out = spliceText(code, edits);
  return out !== null && parsesTo(out, expected, context.language, context.sourceType) ? out : null;
};
