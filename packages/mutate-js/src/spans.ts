import type { AstNode } from './ast.js';

/**
 * The UTF-16 span `[start, end)` of `operator` in `source` between two operands (`from` = end of the left one,
 * `to` = start of the right one), skipping whitespace, parentheses and comments; null when the gap holds
 * anything else (then no candidate is made).
 *
 * @example
 * operatorSpan('(a) <= b', 2, 7, '<=') // [4, 6]
 */
export function operatorSpan(source: string, from: number, to: number, operator: string): [number, number] | null {
  let found: [number, number] | null = null;
  let i = from;
  while (i < to) {
    const ch = source[i] as string;
    if (/\s/u.test(ch) || ch === '(' || ch === ')') {
      i += 1;
    } else if (source.startsWith('/*', i)) {
      const close = source.indexOf('*/', i + 2);
      if (close < 0 || close + 2 > to) return null;
      i = close + 2;
    } else if (source.startsWith('//', i)) {
      const eol = source.slice(i).search(/[\r\n\u2028\u2029]/u);
      if (eol < 0) return null;
      i += eol;
    } else if (found === null && source.startsWith(operator, i) && i + operator.length <= to) {
      found = [i, i + operator.length];
      i += operator.length;
    } else {
      return null;
    }
  }
  return found;
}

/** The source text of a node (without the parentheses around it). */
export function textOf(source: string, node: AstNode): string {
  return source.slice(node.start, node.end);
}

/** Whether a node is written inside parentheses (Babel records them in `extra.parenthesized`). */
export function isParenthesized(node: AstNode): boolean {
  const extra = node.extra as { parenthesized?: boolean } | undefined;
  return extra?.parenthesized === true;
}
