import { BUG_TYPES, compareCodePoints } from '@execret/formats';
import MagicString from 'magic-string';
import { plainTree } from './ast.js';
import { MutateJsError } from './errors.js';
import { checkExpectation } from './expectation.js';
import { findTaskFunction } from './find-function.js';
import { minifiedJs } from './minify.js';
import { offByOne } from './operators/off-by-one.js';
import { offByOneBoundary } from './operators/off-by-one-boundary.js';
import { removeEdgeCaseCheck } from './operators/remove-edge-case-check.js';
import { swapArguments } from './operators/swap-arguments.js';
import { wrongComparison } from './operators/wrong-comparison.js';
import { wrongOperator } from './operators/wrong-operator.js';
import { parseProgram, type SourceType, syntaxMessage } from './parse-js.js';
import type { OperatorContext, RawCandidate } from './raw-candidate.js';
import { SourcePositions } from './source-positions.js';
import type { EnumerateJsMutantsOptions, JsCandidateStatus, JsLanguage, JsMutantCandidate } from './types.js';
import { walkMutable } from './walk.js';

const RULES = [offByOne, offByOneBoundary, wrongOperator, wrongComparison, swapArguments, removeEdgeCaseCheck];
const LANGUAGES: readonly JsLanguage[] = ['javascript', 'typescript'];

function validateOptions(source: unknown, options: EnumerateJsMutantsOptions): void {
  if (typeof source !== 'string') {
    throw new TypeError(`@execret/mutate-js enumerateJsMutants: source must be a string, received ${typeof source}`);
  }
  if (typeof options?.functionName !== 'string' || options.functionName === '') {
    throw new TypeError('@execret/mutate-js enumerateJsMutants: options.functionName must be a non-empty string');
  }
  if (!LANGUAGES.includes(options.language)) {
    throw new TypeError(
      `@execret/mutate-js enumerateJsMutants: options.language must be one of ${LANGUAGES.join(', ')}, received ${String(options.language)}`,
    );
  }
}

function splice(source: string, candidate: RawCandidate): string {
  const text = new MagicString(source);
  if (candidate.after === '') text.remove(candidate.start, candidate.end);
  else text.overwrite(candidate.start, candidate.end, candidate.after);
  return text.toString();
}

function byPosition(a: RawCandidate, b: RawCandidate): number {
  return (
    a.start - b.start ||
    a.end - b.end ||
    BUG_TYPES.indexOf(a.bugType) - BUG_TYPES.indexOf(b.bugType) ||
    compareCodePoints(a.operator, b.operator) ||
    compareCodePoints(a.after, b.after)
  );
}

interface Canonical {
  source: string;
  language: JsLanguage;
  sourceType: SourceType;
  tree: unknown;
  treeJson: string;
  minified: string;
}

type Judgement = { status: JsCandidateStatus; reason: string | null; minified: string | null };

function judge(canonical: Canonical, candidate: RawCandidate, code: string, seenCode: Map<string, number>): Judgement {
  let mutantTree: unknown;
  try {
    mutantTree = plainTree(parseProgram(code, canonical.language, canonical.sourceType));
  } catch (error) {
    return { status: 'unparsable', reason: `does not parse: ${syntaxMessage(error)}`, minified: null };
  }
  const mismatch = checkExpectation(canonical.tree, canonical.treeJson, mutantTree, candidate.expect);
  if (mismatch !== null) return { status: 'unverified', reason: mismatch, minified: null };
  const same = seenCode.get(code);
  if (same !== undefined) return { status: 'duplicate', reason: `same code as candidate ${same}`, minified: null };
  if (candidate.operator === 'swap_commutative') {
    return { status: 'equivalent', reason: 'swapped the arguments of a commutative callee', minified: null };
  }
  let minified: string;
  try {
    minified = minifiedJs(code, canonical.language);
  } catch (error) {
    return { status: 'unparsable', reason: `esbuild cannot transform it: ${syntaxMessage(error)}`, minified: null };
  }
  if (minified === canonical.minified) {
    return { status: 'equivalent', reason: 'identical to the canonical after minification', minified: null };
  }
  return { status: 'ok', reason: null, minified };
}

/**
 * Enumerates every single-edit mutant of a JavaScript or TypeScript canonical inside the task's function (its
 * body and nested helpers' bodies; never its name, parameters, defaults or types), in a deterministic order:
 * by edit span, then bug type (in `BUG_TYPES` order), operator and replacement (code-point order). Each candidate
 * carries its bug type, operator, exact edit (`@execret/generate`'s `Edit` shape: 1-based lines, 0-based
 * code-point columns, end exclusive) and the mutated code, and a status: every splice is re-parsed with Babel
 * (`unparsable` when it does not parse, `unverified` when it does not give the tree the rule intended), then
 * compared after esbuild minification with the canonical (`equivalent`) and with earlier `ok` candidates
 * (`duplicate`). Only `ok` candidates go on to execution (generate's verify step keeps those that fail a test).
 *
 * Rules (bug type → operator): see `JS_MUTATION_OPERATORS` and the package README.
 *
 * Throws `MutateJsError` `parse` (the canonical does not parse), `not-found` (no single top-level definition of
 * `functionName`) or `minify` (esbuild cannot minify the canonical); `TypeError` on bad arguments.
 *
 * @example
 * const candidates = enumerateJsMutants('function f(a, b) {\n  return a < b;\n}\n', {
 *   functionName: 'f',
 *   language: 'javascript',
 * });
 * candidates[0];
 * // { index: 0, bugType: 'off_by_one_boundary', operator: 'comparison_strictness',
 * //   edit: { line: 2, colStart: 11, endLine: 2, colEnd: 12, before: '<', after: '<=' },
 * //   code: 'function f(a, b) {\n  return a <= b;\n}\n', status: 'ok', reason: null }
 */
export function enumerateJsMutants(source: string, options: EnumerateJsMutantsOptions): JsMutantCandidate[] {
  validateOptions(source, options);
  const { functionName, language } = options;
  let file: ReturnType<typeof parseProgram>;
  try {
    file = parseProgram(source, language, 'unambiguous');
  } catch (error) {
    throw new MutateJsError(
      'parse',
      `@execret/mutate-js enumerateJsMutants: the ${language} canonical does not parse: ${syntaxMessage(error)}`,
      { cause: error },
    );
  }
  const task = findTaskFunction(file, functionName);
  let minified: string;
  try {
    minified = minifiedJs(source, language);
  } catch (error) {
    throw new MutateJsError(
      'minify',
      `@execret/mutate-js enumerateJsMutants: esbuild cannot minify the ${language} canonical: ${syntaxMessage(error)}`,
      { cause: error },
    );
  }
  const tree = plainTree(file);
  const canonical: Canonical = {
    source,
    language,
    sourceType: file.program.sourceType,
    tree,
    treeJson: JSON.stringify(tree),
    minified,
  };
  const positions = new SourcePositions(source);
  const raw: RawCandidate[] = [];
  const ctx: OperatorContext = { source, positions, language, add: (candidate) => raw.push(candidate) };
  for (const visit of walkMutable(task.body, task.bodyPath)) {
    for (const rule of RULES) rule(visit, ctx);
  }
  raw.sort(byPosition);
  const seenCode = new Map<string, number>();
  const seenMinified = new Map<string, number>();
  return raw.map((candidate, index) => {
    const code = splice(source, candidate);
    let { status, reason, minified: normal } = judge(canonical, candidate, code, seenCode);
    const same = normal === null ? undefined : seenMinified.get(normal);
    if (status === 'ok' && same !== undefined) {
      status = 'duplicate';
      reason = `same code as candidate ${same} after minification`;
    }
    if (status === 'ok' && normal !== null) {
      seenCode.set(code, index);
      seenMinified.set(normal, index);
    }
    return {
      index,
      bugType: candidate.bugType,
      operator: candidate.operator,
      edit: positions.edit(candidate.start, candidate.end, candidate.after),
      code,
      status,
      reason,
    };
  });
}
