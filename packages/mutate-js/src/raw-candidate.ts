import type { BugType } from '@execret/formats';
import type { Path } from './ast.js';
import type { SourcePositions } from './source-positions.js';
import type { JsLanguage } from './types.js';

/**
 * What the mutated program must parse to, checked against a positions-free copy of the canonical's tree:
 * - `subtree`: the canonical with the value at `path` replaced by `expected(canonical value at path)`;
 * - `operator-sequence`: the canonical outside the operator chain at `path` (a maximal tree of binary and logical
 *   expressions) unchanged, and inside it the same operands and operators in source order except the operator at
 *   `index`, which is `operator` (the grouping is whatever the new precedence gives, as for a typed slip).
 */
export type Expectation =
  | { kind: 'subtree'; path: Path; expected: (canonical: unknown) => unknown }
  | { kind: 'operator-sequence'; path: Path; index: number; operator: string };

/** A candidate edit before it is spliced and judged: a UTF-16 span of the canonical and its replacement. */
export interface RawCandidate {
  bugType: BugType;
  operator: string;
  start: number;
  end: number;
  after: string;
  expect: Expectation;
}

/** What a rule sees besides the node: the source text, its line geometry and where to put its candidates. */
export interface OperatorContext {
  source: string;
  positions: SourcePositions;
  language: JsLanguage;
  add(candidate: RawCandidate): void;
}
