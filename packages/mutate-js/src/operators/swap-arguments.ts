import { type AstNode, isNode } from '../ast.js';
import { COMMUTATIVE_CALLEES } from '../operator-tables.js';
import type { OperatorContext } from '../raw-candidate.js';
import { isParenthesized, textOf } from '../spans.js';
import type { Visit } from '../walk.js';
import { addSubtreeCandidate } from './add-candidate.js';

const CALL_TYPES: ReadonlySet<string> = new Set(['CallExpression', 'OptionalCallExpression', 'NewExpression']);

/** `name` for a callee `name`, `Object.name` for a member callee on an identifier, else null. */
function calleeName(callee: unknown): string | null {
  if (!isNode(callee)) return null;
  if (callee.type === 'Identifier') return String(callee.name);
  if (
    (callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') &&
    callee.computed !== true &&
    isNode(callee.object) &&
    callee.object.type === 'Identifier' &&
    isNode(callee.property) &&
    callee.property.type === 'Identifier'
  ) {
    return `${String(callee.object.name)}.${String(callee.property.name)}`;
  }
  return null;
}

/**
 * `swap_arguments` rules on one node: `swap_positional` exchanges two adjacent, textually different arguments of
 * a call, optional call or `new` expression (none when the call has a spread argument, or when either argument is
 * parenthesised); `swap_commutative` is the same on a callee of {@link COMMUTATIVE_CALLEES} (always judged
 * equivalent).
 */
export function swapArguments(visit: Visit, ctx: OperatorContext): void {
  const { node } = visit;
  if (!CALL_TYPES.has(node.type) || !Array.isArray(node.arguments)) return;
  const args = node.arguments as AstNode[];
  if (args.some((arg) => !isNode(arg) || arg.type === 'SpreadElement' || arg.type === 'ArgumentPlaceholder')) return;
  const name = calleeName(node.callee);
  const operator = name !== null && COMMUTATIVE_CALLEES.includes(name) ? 'swap_commutative' : 'swap_positional';
  for (let i = 0; i + 1 < args.length; i += 1) {
    const a = args[i] as AstNode;
    const b = args[i + 1] as AstNode;
    const textA = textOf(ctx.source, a);
    const textB = textOf(ctx.source, b);
    if (textA === textB || isParenthesized(a) || isParenthesized(b)) continue;
    const after = `${textB}${ctx.source.slice(a.end, b.start)}${textA}`;
    addSubtreeCandidate(
      ctx,
      { bugType: 'swap_arguments', operator },
      { start: a.start, end: b.end },
      after,
      visit.path,
      (canonical) => {
        const call = canonical as { arguments: unknown[] };
        const swapped = [...call.arguments];
        [swapped[i], swapped[i + 1]] = [swapped[i + 1], swapped[i]];
        return { ...call, arguments: swapped };
      },
    );
  }
}
