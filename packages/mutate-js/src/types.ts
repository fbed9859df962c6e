import type { BugType } from '@execret/formats';

/** The languages the engine reads: plain JavaScript, or TypeScript (Babel's `typescript` plugin). */
export type JsLanguage = 'javascript' | 'typescript';

/**
 * One text edit, in exactly the shape of `@execret/generate`'s `Edit` (so generate can apply and record it
 * unchanged): lines are 1-based (terminators `\r\n`, `\r`, `\n`); columns are 0-based and counted in Unicode code
 * points (not UTF-16 units, not UTF-8 bytes); the range `[line:colStart, endLine:colEnd)` is half-open and may end
 * just after a line terminator (whole-line deletions); `before` is exactly the replaced text, `after` its
 * replacement.
 */
export interface JsMutantEdit {
  line: number;
  colStart: number;
  endLine: number;
  colEnd: number;
  before: string;
  after: string;
}

/**
 * What the engine decided about a candidate before execution:
 * - `ok`: a new, valid mutant (parses, means what the operator intended, differs from the canonical and from every
 *   earlier `ok` candidate after minification);
 * - `unparsable`: the mutated text does not parse (or esbuild cannot strip/minify it);
 * - `unverified`: it parses, but not to the tree the operator intended (a token merged with a neighbour, a
 *   statement joined to the next one by automatic semicolon insertion, …); never used;
 * - `equivalent`: identical to the canonical after minification, or a swap of the arguments of a commutative
 *   callee such as `Math.max`;
 * - `duplicate`: the same code, or the same minified code, as an earlier `ok` candidate.
 */
export type JsCandidateStatus = 'ok' | 'unparsable' | 'unverified' | 'equivalent' | 'duplicate';

/** A single-edit mutant of a canonical, as enumerated (not yet executed). */
export interface JsMutantCandidate {
  /** Position in the candidate list (sorted by span, then bug type, operator and replacement). */
  index: number;
  bugType: BugType;
  /** The rule that produced it, e.g. `binary_operator`, `comparison_strictness`, `remove_guard`. */
  operator: string;
  edit: JsMutantEdit;
  /** The canonical with the edit applied. */
  code: string;
  status: JsCandidateStatus;
  /** Why a candidate is not `ok` (null when it is). */
  reason: string | null;
}

/** Options of `enumerateJsMutants`. */
export interface EnumerateJsMutantsOptions {
  /** The task's function: a top-level `function <name>(…)` (or `const <name> = function/arrow`). */
  functionName: string;
  language: JsLanguage;
}
