import type { BugType } from '@execret/formats';
import { type Path, plainTree } from '../ast.js';
import { parseJsExpression } from '../parse-js.js';
import type { OperatorContext } from '../raw-candidate.js';

/** The rule a candidate comes from: its bug type and operator (`off_by_one` / `int_literal`). */
export interface CandidateRule {
  bugType: BugType;
  operator: string;
}

/** A UTF-16 span of the canonical (a node has one). */
export interface CandidateSpan {
  start: number;
  end: number;
}

/**
 * Adds a `subtree` candidate: `span` of the canonical becomes `after`, and the mutant must parse to the canonical
 * with the value at `path` replaced by `expected(canonical value at path)`.
 *
 * @example
 * addSubtreeCandidate(ctx, { bugType: 'off_by_one', operator: 'update_operator' }, { start, end: start + 2 }, '--',
 *   visit.path, (canonical) => ({ ...(canonical as object), operator: '--' }));
 */
export function addSubtreeCandidate(
  ctx: OperatorContext,
  rule: CandidateRule,
  span: CandidateSpan,
  after: string,
  path: Path,
  expected: (canonical: unknown) => unknown,
): void {
  ctx.add({
    bugType: rule.bugType,
    operator: rule.operator,
    start: span.start,
    end: span.end,
    after,
    expect: { kind: 'subtree', path, expected },
  });
}

/**
 * Adds a candidate that replaces an expression (`span`, at `path`) by the expression `after`: the mutant must parse
 * to the canonical with the value at `path` replaced by `after`'s own parse.
 *
 * @example
 * addExpressionCandidate(ctx, { bugType: 'off_by_one', operator: 'index_shift' }, index, 'i + 1', path);
 */
export function addExpressionCandidate(
  ctx: OperatorContext,
  rule: CandidateRule,
  span: CandidateSpan,
  after: string,
  path: Path,
): void {
  addSubtreeCandidate(ctx, rule, span, after, path, () => plainTree(parseJsExpression(after, ctx.language)));
}
