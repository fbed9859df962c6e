import type { BugType } from '@execret/formats';
import { isNode } from '../ast.js';
import { chainOf } from '../operator-chain.js';
import type { OperatorContext } from '../raw-candidate.js';
import { operatorSpan } from '../spans.js';
import type { Visit } from '../walk.js';

/**
 * Adds one candidate per replacement of the operator of a binary or logical expression (`table[operator]`),
 * spliced at the operator token and expected to regroup by precedence like a typed slip.
 */
export function flipChainOperator(
  visit: Visit,
  ctx: OperatorContext,
  bugType: BugType,
  operator: string,
  replacements: readonly string[] | undefined,
): void {
  const { node } = visit;
  if (replacements === undefined || !isNode(node.left) || !isNode(node.right)) return;
  const span = operatorSpan(ctx.source, node.left.end, node.right.start, String(node.operator));
  if (span === null) return;
  const chain = chainOf(visit);
  for (const after of replacements) {
    ctx.add({
      bugType,
      operator,
      start: span[0],
      end: span[1],
      after,
      expect: { kind: 'operator-sequence', path: chain.path, index: chain.index, operator: after },
    });
  }
}
