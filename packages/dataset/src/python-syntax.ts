/**
 * A lexical reading of Python source for validation, enough to check test asserts and find top-level functions
 * without running Python: logical lines, their indentation and top-level `;`, and which names are called. The
 * tokens come from `@execret/formats`' `tokenizePython` (the one Python lexer; its module comment says what it
 * accepts and rejects).
 *
 * What it does not do: it is not a parser. `assert x ==` passes the lexical check; so do invalid operator
 * sequences and wrong keywords. For a full check pass a real parser through `validateBenchmark`'s `parsePython`
 * option.
 */

import { type PythonLexError, tokenizePython } from '@execret/formats';

/** One logical line of Python source. */
interface PythonLogicalLine {
  /** Offset of its first non-blank character. */
  start: number;
  /** Offset just past its last character (before the newline). */
  end: number;
  /** Width of its leading whitespace (tabs count 1). */
  indent: number;
  /** 1-based physical line on which it starts. */
  line: number;
  /** Offsets of `;` at bracket depth 0 outside strings and comments. */
  semicolons: number[];
}

/** The result of {@link scanPython}. */
export interface PythonScan {
  lines: PythonLogicalLine[];
  /** Identifiers immediately followed by `(` (whitespace allowed), not preceded by `.`, in source order. */
  calls: string[];
  /** The first lexical error, or `null`. Scanning stops there. */
  error: PythonLexError | null;
}

const KEYWORDS = new Set([
  'False',
  'None',
  'True',
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
]);

/**
 * Splits Python source into logical lines and records calls, stopping at the first lexical error
 * (unterminated string, unbalanced bracket, stray character such as `$`, `?` or a backtick).
 *
 * @example
 * const scan = scanPython('def f(x):\n    return (x +\n        1)\nprint(f(2))\n');
 * scan.lines.map((l) => l.indent); // [0, 4, 0]
 * scan.calls;                      // ['f', 'print', 'f']
 */
export function scanPython(source: string): PythonScan {
  const { tokens, error } = tokenizePython(source);
  const lines: PythonLogicalLine[] = [];
  const calls: string[] = [];
  let current: PythonLogicalLine | null = null;
  let indent = 0;
  tokens.forEach((t, k) => {
    if (t.kind === 'indent') {
      indent = t.text.length;
      return;
    }
    if (t.kind === 'newline') {
      current = null;
      return;
    }
    if (current === null) {
      current = { start: t.start, end: t.start, indent, line: t.line, semicolons: [] };
      lines.push(current);
    }
    current.end = t.start + t.text.length;
    if (t.kind !== 'op') return;
    if (t.text === ';' && t.depth === 0) current.semicolons.push(t.start);
    if (t.text !== '(') return;
    const callee = tokens[k - 1];
    const before = tokens[k - 2];
    if (callee?.kind === 'name' && !KEYWORDS.has(callee.text) && !(before?.kind === 'op' && before.text === '.'))
      calls.push(callee.text);
  });
  return { lines, calls, error };
}

/**
 * Checks that a test is one single-line-or-continued `assert` statement that Python's tokenizer would accept:
 * exactly one logical line, no indentation, starting with the `assert` keyword followed by an expression,
 * balanced brackets, terminated strings, no second statement after a `;`. Returns `null` when the test passes,
 * otherwise the reason. Pass `scan` when `scanPython(test)` is already at hand.
 *
 * @example
 * checkAssertStatement('assert add(1, 2) == 3');       // null
 * checkAssertStatement('assert add(1, 2 == 3');        // "'(' opened on line 1 is never closed"
 * checkAssertStatement('x = 1; assert x == 1');        // 'expected a statement starting with "assert", ...'
 */
export function checkAssertStatement(test: string, scan?: PythonScan): string | null {
  if (typeof test !== 'string') return 'expected a string';
  scan ??= scanPython(test);
  if (scan.error !== null) return scan.error.message;
  if (scan.lines.length === 0) return 'empty test (no statement)';
  if (scan.lines.length > 1) return `expected one statement, found ${scan.lines.length} logical lines`;
  const only = scan.lines[0] as PythonLogicalLine;
  if (only.indent > 0) return 'unexpected indentation before "assert"';
  const text = test.slice(only.start, only.end);
  const m = /^assert(?![\p{L}\p{N}_])/u.exec(text);
  if (m === null) return `expected a statement starting with "assert", received ${JSON.stringify(text.slice(0, 30))}`;
  for (const semi of only.semicolons) {
    if (test.slice(semi + 1, only.end).trim() !== '') return 'expected one statement, found a second one after ";"';
  }
  const firstSemi = only.semicolons[0];
  const expr = text.slice(6, firstSemi === undefined ? undefined : firstSemi - only.start).trim();
  if (expr === '') return 'assert without an expression';
  if (expr.startsWith(',')) return 'assert without an expression before ","';
  return null;
}

/**
 * Names of functions defined at the top level of a module (`def name(` or `async def name(` on an unindented
 * logical line), in source order. Returns an empty list when the source has a lexical error. Pass `scan` when
 * `scanPython(code)` is already at hand.
 *
 * @example
 * topLevelFunctionNames('import re\n\ndef _helper(s):\n    pass\n\ndef slugify(s):\n    def inner(): pass\n');
 * // ['_helper', 'slugify']
 */
export function topLevelFunctionNames(code: string, scan: PythonScan = scanPython(code)): string[] {
  if (scan.error !== null) return [];
  const names: string[] = [];
  for (const l of scan.lines) {
    if (l.indent !== 0) continue;
    const m = /^(?:async[ \t]+)?def[ \t]+([\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}_]*)[ \t]*\(/u.exec(
      code.slice(l.start, l.end),
    );
    if (m !== null) names.push(m[1] as string);
  }
  return names;
}

/**
 * Names of the functions a piece of code calls (identifiers directly followed by `(`, excluding attribute calls
 * like `s.strip(` and keywords), deduplicated in order of first appearance.
 *
 * @example
 * calledFunctionNames("assert slugify(' A b ').upper() == 'A-B'"); // ['slugify']
 */
export function calledFunctionNames(code: string): string[] {
  return [...new Set(scanPython(code).calls)];
}

/**
 * Derives a task's function name, which the release does not store: among the canonical's top-level
 * functions, the one called by the most tests; ties go to the one defined first. `null` when the canonical
 * defines no top-level function that any test calls.
 *
 * @example
 * deriveFunctionName('def _norm(s):\n    return s\n\ndef slugify(s):\n    return _norm(s)\n',
 *   ["assert slugify('a') == 'a'", "assert slugify('') == ''"]); // 'slugify'
 */
export function deriveFunctionName(canonical: string, tests: readonly string[]): string | null {
  const defs = topLevelFunctionNames(canonical);
  if (defs.length === 0) return null;
  const counts = new Map<string, number>(defs.map((d) => [d, 0]));
  for (const test of tests) {
    for (const name of new Set(scanPython(test).calls)) {
      const c = counts.get(name);
      if (c !== undefined) counts.set(name, c + 1);
    }
  }
  let best: string | null = null;
  let bestCount = 0;
  for (const d of defs) {
    const c = counts.get(d) ?? 0;
    if (c > bestCount) {
      best = d;
      bestCount = c;
    }
  }
  return best;
}
