import { type AstNode, getAt, isNode, isSemanticKey, type Path, replaceAt } from '../ast.js';
import { walkMutable } from '../walk.js';
import { lineEndOf, lineStartOf, ownsLines } from './own-lines.js';
import type { RewriteStep } from './rewrite-step.js';
import { parseForStep, taskFunctionOf } from './rewrite-step.js';
import { parsesTo } from './same-tree.js';
import { spliceText, type TextEdit } from './splice-text.js';

const LITERALS = new Set([
  'NumericLiteral',
  'StringLiteral',
  'BooleanLiteral',
  'NullLiteral',
  'BigIntLiteral',
  'RegExpLiteral',
]);
/** Constructors and functions whose call with pure arguments has no side effect. */
const PURE_CONSTRUCTORS = new Set(['Map', 'Set', 'Array', 'Object', 'WeakMap', 'WeakSet']);
const PURE_CALLS = new Set(['Number', 'String', 'Boolean']);

/** Whether evaluating an initialiser has no side effect (literals, names, displays, operators, a few builtins). */
function isPure(node: unknown, depth = 0): boolean {
  if (!isNode(node) || depth > 6) return false;
  const t = node.type;
  if (t === 'Identifier' || LITERALS.has(t)) return true;
  if (t === 'TemplateLiteral') return (node.expressions as AstNode[]).every((e) => isPure(e, depth + 1));
  if (t === 'ArrayExpression') return (node.elements as unknown[]).every((e) => e === null || isPure(e, depth + 1));
  if (t === 'ObjectExpression') {
    return (node.properties as AstNode[]).every(
      (p) => p.type === 'ObjectProperty' && p.computed !== true && isPure(p.value, depth + 1),
    );
  }
  if (t === 'UnaryExpression') return String(node.operator) !== 'delete' && isPure(node.argument, depth + 1);
  if (t === 'BinaryExpression' || t === 'LogicalExpression') {
    return String(node.operator) !== 'in' && isPure(node.left, depth + 1) && isPure(node.right, depth + 1);
  }
  if (t === 'ConditionalExpression') {
    return isPure(node.test, depth + 1) && isPure(node.consequent, depth + 1) && isPure(node.alternate, depth + 1);
  }
  if (t === 'MemberExpression') {
    return isPure(node.object, depth + 1) && (node.computed !== true || isPure(node.property, depth + 1));
  }
  if (t === 'ArrowFunctionExpression' || t === 'FunctionExpression') return true;
  const args = node.arguments as unknown[] | undefined;
  const pureArgs = (): boolean => (args ?? []).every((a) => isPure(a, depth + 1));
  const callee = node.callee as AstNode | undefined;
  if (t === 'NewExpression' && callee?.type === 'Identifier')
    return PURE_CONSTRUCTORS.has(String(callee.name)) && pureArgs();
  if (t === 'CallExpression' && callee?.type === 'Identifier') return PURE_CALLS.has(String(callee.name)) && pureArgs();
  if (t === 'CallExpression' && callee?.type === 'MemberExpression' && callee.computed !== true) {
    const object = callee.object as AstNode;
    return object.type === 'Identifier' && object.name === 'Math' && pureArgs();
  }
  return false;
}

/** Every identifier name inside a node (what its evaluation may read). */
function namesIn(value: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) namesIn(item, out);
  else if (isNode(value)) {
    if (value.type === 'Identifier') out.add(String(value.name));
    for (const [key, child] of Object.entries(value)) if (isSemanticKey(key)) namesIn(child, out);
  }
  return out;
}

/** (reads, written name) of a swappable declaration `const|let|var name = <pure>;`, or null. */
function effects(statement: AstNode): { reads: Set<string>; writes: string } | null {
  if (statement.type !== 'VariableDeclaration') return null;
  const declarations = statement.declarations as AstNode[];
  if (declarations.length !== 1) return null;
  const [d] = declarations as [AstNode];
  const id = d.id as AstNode;
  if (id.type !== 'Identifier' || !isPure(d.init)) return null;
  return { reads: namesIn(d.init, new Set()), writes: String(id.name) };
}

/**
 * `statement-order`: swaps a seeded, non-empty set of disjoint pairs of adjacent statements of one block of the task
 * function when both declare one name (`const`, `let` or `var`) with a side-effect-free initialiser (literals, names,
 * displays, operators, `new Map()`/`Set`/`Array`/`Object`/`WeakMap`/`WeakSet`, `Number`/`String`/`Boolean`/`Math.*`
 * calls, function expressions), neither reads the other's name, and each has its lines to itself; the lines move,
 * whatever lies between them stays. Checked: the result parses to the original tree with the pairs swapped.
 *
 * @example
 * reorderStatements('function f() {\n  const a = [];\n  const b = 0;\n  return [a, b];\n}\n', context, rng)
 * // 'function f() {\n  const b = 0;\n  const a = [];\n  return [a, b];\n}\n'
 */
export const reorderStatements: RewriteStep = (code, context, rng) => {
  const file = parseForStep(code, context);
  const task = taskFunctionOf(file, context);
  if (task === null) return null;
  const sites: { list: AstNode[]; path: Path; index: number }[] = [];
  for (const visit of walkMutable(task.body, task.bodyPath)) {
    const list = visit.node.type === 'BlockStatement' ? (visit.node.body as AstNode[]) : null;
    if (list === null) continue;
    for (let i = 0; i + 1 < list.length; i += 1) {
      const a = effects(list[i]!);
      const b = effects(list[i + 1]!);
      if (a === null || b === null) continue;
      if (b.reads.has(a.writes) || a.reads.has(b.writes) || a.writes === b.writes) continue;
      const [s1, s2] = [list[i]!, list[i + 1]!];
      if (!ownsLines(code, s1.start, s1.end) || !ownsLines(code, s2.start, s2.end)) continue;
      if (lineEndOf(code, s1.end) > lineStartOf(code, s2.start)) continue;
      sites.push({ list, path: [...visit.path, ['body', null]], index: i });
    }
  }
  if (sites.length === 0) return null;
  const edits: TextEdit[] = [];
  let expected: unknown = file;
  const used = new Set<AstNode>();
  for (const { list, path, index } of rng.subset(sites, 0.5)) {
    const [s1, s2] = [list[index]!, list[index + 1]!];
    if (used.has(s1) || used.has(s2)) continue;
    used.add(s1).add(s2);
    const a1 = lineStartOf(code, s1.start);
    const e1 = lineEndOf(code, s1.end);
    const a2 = lineStartOf(code, s2.start);
    const e2 = lineEndOf(code, s2.end);
    let first = code.slice(a1, e1);
    let second = code.slice(a2, e2);
    if (!/[\r\n]$/u.test(second)) {
      second += /\r\n|\r|\n/u.exec(first)?.[0] ?? '\n';
      first = first.replace(/(\r\n|\r|\n)$/u, '');
    }
    edits.push({ start: a1, end: e2, text: second + code.slice(e1, a2) + first });
    const swapped = [...(getAt(expected, path) as AstNode[])];
    [swapped[index], swapped[index + 1]] = [swapped[index + 1]!, swapped[index]!];
    expected = replaceAt(expected, path, swapped);
  }
  const out = spliceText(code, edits);
  return out !== null && parsesTo(out, expected, context.language, context.sourceType) ? out : null;
};
