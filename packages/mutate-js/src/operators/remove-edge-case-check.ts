import { type AstNode, isNode } from '../ast.js';
import { GUARD_EXITS } from '../operator-tables.js';
import type { OperatorContext } from '../raw-candidate.js';
import type { SourcePositions } from '../source-positions.js';
import type { Visit } from '../walk.js';
import { addSubtreeCandidate } from './add-candidate.js';

/** Whether an `if` is a guard: no `else`, and its consequent is one return/throw/continue/break. */
function isGuard(node: AstNode): boolean {
  if (node.type !== 'IfStatement' || node.alternate !== null || !isNode(node.consequent)) return false;
  const consequent = node.consequent;
  if (GUARD_EXITS.includes(consequent.type)) return true;
  const body = consequent.body;
  return (
    consequent.type === 'BlockStatement' &&
    Array.isArray(body) &&
    body.length === 1 &&
    isNode(body[0]) &&
    GUARD_EXITS.includes(body[0].type)
  );
}

const STATEMENT_LISTS: ReadonlySet<string> = new Set(['body', 'consequent']);

const REMOVE_GUARD = { bugType: 'remove_edge_case_check', operator: 'remove_guard' } as const;

/**
 * The span to delete for a statement: its whole lines (terminator included) when nothing but indentation comes
 * before it on its first line and nothing but spaces or a `//` comment after it on its last line; otherwise the
 * statement itself. (A guard inside a function body is never on the text's last line: the body's `}` follows.)
 */
function statementSpan(source: string, positions: SourcePositions, node: AstNode): [number, number] {
  const lineStart = positions.lineStart(positions.position(node.start).line);
  const lineEnd = positions.lineEnd(positions.position(node.end).line);
  const before = source.slice(lineStart, node.start);
  const after = source.slice(node.end, lineEnd).replace(/(?:\r\n|\r|\n)$/u, '');
  const ownLines = /^[ \t]*$/u.test(before) && /^[ \t]*(?:\/\/.*)?$/u.test(after);
  return ownLines ? [lineStart, lineEnd] : [node.start, node.end];
}

/**
 * `remove_edge_case_check` / `remove_guard` on one node: deletes a guard `if` (no `else`; its consequent is a
 * single `return`, `throw`, `continue` or `break`, braced or not) from its statement list, or deletes a final
 * `else if` clause of that shape (the `if` before it loses its `else`).
 */
export function removeEdgeCaseCheck(visit: Visit, ctx: OperatorContext): void {
  const { node } = visit;
  if (!isGuard(node)) return;
  const parent = visit.ancestors.at(-1);
  const parentPath = visit.path.slice(0, -1);
  if (parent !== undefined && visit.key !== null && visit.index !== null && STATEMENT_LISTS.has(visit.key)) {
    const [start, end] = statementSpan(ctx.source, ctx.positions, node);
    const key = visit.key;
    const index = visit.index;
    addSubtreeCandidate(ctx, REMOVE_GUARD, { start, end }, '', parentPath, (canonical) => {
      const block = canonical as Record<string, unknown[]>;
      return { ...block, [key]: (block[key] as unknown[]).filter((_, i) => i !== index) };
    });
  } else if (parent?.type === 'IfStatement' && visit.key === 'alternate' && isNode(parent.consequent)) {
    addSubtreeCandidate(
      ctx,
      REMOVE_GUARD,
      { start: parent.consequent.end, end: node.end },
      '',
      parentPath,
      (canonical) => ({
        ...(canonical as object),
        alternate: null,
      }),
    );
  }
}
