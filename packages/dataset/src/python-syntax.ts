/**
 * A lightweight lexical reading of Python source, enough to check test asserts and find top-level functions
 * without running Python.
 *
 * What it understands: comments, string literals with any prefix (`r`, `b`, `u`, `f` and combinations), single
 * and triple quotes, backslash escapes and line continuations, bracket nesting, logical lines, indentation of a
 * logical line, top-level `;`, identifiers (Unicode letters included) and which identifiers are called.
 *
 * What it does not do: it is not a parser. `assert x ==` passes the lexical check; so do invalid operators
 * sequences and wrong keywords. Python 3.12 f-strings that nest the same quote inside a replacement field are
 * read as ending at that quote. For a full check pass a real parser through `validateBenchmark`'s
 * `parsePython` option.
 */

/** One logical line of Python source. */
export interface PythonLogicalLine {
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

/** A lexical error, located. */
export interface PythonLexError {
  message: string;
  /** Offset of the offending character. */
  offset: number;
  /** 1-based physical line. */
  line: number;
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
  'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue', 'def', 'del',
  'elif', 'else', 'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'nonlocal',
  'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield',
]);
const STRING_PREFIX = /^(?:[rR][bBfF]?|[bBfF][rR]?|[uU])$/;
const ID_START = /[\p{L}\p{Nl}_]/u;
const ID_CONTINUE = /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}_]/u;
const CLOSER: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

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
  const lines: PythonLogicalLine[] = [];
  const calls: string[] = [];
  const stack: { ch: string; offset: number; line: number }[] = [];
  let i = 0;
  let line = 1;
  let current: PythonLogicalLine | null = null;
  let lineIndent = 0; // indent of the physical line being read, valid until its first token
  let atLineStart = true;
  let prevSignificant = ''; // last significant character outside strings, for `.name(` detection
  let lastIdentifier: string | null = null; // identifier directly before (only whitespace between)
  const fail = (message: string, offset: number, at = line): PythonScan => ({
    lines,
    calls,
    error: { message, offset, line: at },
  });
  const begin = (offset: number) => {
    if (current === null) {
      current = { start: offset, end: offset, indent: lineIndent, line, semicolons: [] };
      lines.push(current);
    }
  };
  const n = source.length;
  while (i < n) {
    const ch = source[i] as string;
    if (atLineStart) {
      // measure indentation of the physical line
      let j = i;
      let width = 0;
      while (j < n && (source[j] === ' ' || source[j] === '\t' || source[j] === '\f')) {
        width++;
        j++;
      }
      lineIndent = width;
      atLineStart = false;
      i = j;
      continue;
    }
    if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      i++;
      line++;
      atLineStart = true;
      if (stack.length === 0) current = null;
      lastIdentifier = null;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\f') {
      i++;
      continue;
    }
    if (ch === '#') {
      while (i < n && source[i] !== '\n' && source[i] !== '\r') i++;
      continue;
    }
    if (ch === '\\') {
      // explicit line continuation: backslash, optional \r, newline
      const next = source[i + 1];
      if (next === '\n' || (next === '\r' && source[i + 2] === '\n') || next === '\r') {
        i += next === '\r' && source[i + 2] === '\n' ? 3 : 2;
        line++;
        continue;
      }
      if (next === undefined) return fail('backslash at end of input', i);
      return fail('unexpected character after line continuation character', i);
    }
    begin(i);
    const cur = current as PythonLogicalLine | null;
    // identifiers, keywords and string prefixes
    if (ID_START.test(ch)) {
      let j = i + 1;
      while (j < n && ID_CONTINUE.test(source[j] as string)) j++;
      const word = source.slice(i, j);
      const q = source[j];
      if ((q === '"' || q === "'") && STRING_PREFIX.test(word)) {
        const end = skipString(source, j);
        if (typeof end !== 'number') return fail(end.message, i, line);
        line += countNewlines(source, j, end);
        i = end;
        if (cur) cur.end = i;
        prevSignificant = 's';
        lastIdentifier = null;
        continue;
      }
      lastIdentifier = prevSignificant === '.' || KEYWORDS.has(word) ? null : word;
      prevSignificant = 'a';
      i = j;
      if (cur) cur.end = i;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const end = skipString(source, i);
      if (typeof end !== 'number') return fail(end.message, i, line);
      line += countNewlines(source, i, end);
      i = end;
      if (cur) cur.end = i;
      prevSignificant = 's';
      lastIdentifier = null;
      continue;
    }
    if (ch === '(' || ch === '[' || ch === '{') {
      if (ch === '(' && lastIdentifier !== null) calls.push(lastIdentifier);
      stack.push({ ch, offset: i, line });
    } else if (ch === ')' || ch === ']' || ch === '}') {
      const open = stack.pop();
      if (open === undefined) return fail(`unmatched '${ch}'`, i);
      if (CLOSER[open.ch] !== ch) return fail(`closing '${ch}' does not match opening '${open.ch}' on line ${open.line}`, i);
    } else if (ch === ';') {
      if (stack.length === 0 && cur) cur.semicolons.push(i);
    } else if (ch === '$' || ch === '?' || ch === '`') {
      return fail(`invalid character '${ch}'`, i);
    } else if (ch === '!' && source[i + 1] !== '=') {
      return fail("invalid character '!' (only '!=' is an operator)", i);
    }
    lastIdentifier = null;
    prevSignificant = ch;
    i++;
    if (cur) cur.end = i;
  }
  if (stack.length > 0) {
    const open = stack[stack.length - 1] as { ch: string; offset: number; line: number };
    return fail(`'${open.ch}' opened on line ${open.line} is never closed`, open.offset, open.line);
  }
  return { lines, calls, error: null };
}

function countNewlines(source: string, from: number, to: number): number {
  let k = 0;
  for (let i = from; i < to; i++) {
    const c = source.charCodeAt(i);
    if (c === 10) k++;
    else if (c === 13 && source.charCodeAt(i + 1) !== 10) k++;
  }
  return k;
}

/** Returns the offset just past the string literal whose opening quote is at `q`, or an error. */
function skipString(source: string, q: number): number | { message: string } {
  const quote = source[q] as string;
  const triple = source[q + 1] === quote && source[q + 2] === quote;
  let i = q + (triple ? 3 : 1);
  const n = source.length;
  while (i < n) {
    const c = source[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (!triple && (c === '\n' || c === '\r')) return { message: 'unterminated string literal' };
    if (c === quote) {
      if (!triple) return i + 1;
      if (source[i + 1] === quote && source[i + 2] === quote) return i + 3;
    }
    i++;
  }
  return { message: triple ? 'unterminated triple-quoted string literal' : 'unterminated string literal' };
}

/**
 * Checks that a test is one single-line-or-continued `assert` statement that Python's tokenizer would accept:
 * exactly one logical line, no indentation, starting with the `assert` keyword followed by an expression,
 * balanced brackets, terminated strings, no second statement after a `;`. Returns `null` when the test passes,
 * otherwise the reason.
 *
 * @example
 * checkAssertStatement('assert add(1, 2) == 3');       // null
 * checkAssertStatement('assert add(1, 2 == 3');        // "'(' opened on line 1 is never closed"
 * checkAssertStatement('x = 1; assert x == 1');        // 'expected a statement starting with "assert", ...'
 */
export function checkAssertStatement(test: string): string | null {
  if (typeof test !== 'string') return 'expected a string';
  const scan = scanPython(test);
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
 * logical line), in source order. Returns an empty list when the source has a lexical error.
 *
 * @example
 * topLevelFunctionNames('import re\n\ndef _helper(s):\n    pass\n\ndef slugify(s):\n    def inner(): pass\n');
 * // ['_helper', 'slugify']
 */
export function topLevelFunctionNames(code: string): string[] {
  const scan = scanPython(code);
  if (scan.error !== null) return [];
  const names: string[] = [];
  for (const l of scan.lines) {
    if (l.indent !== 0) continue;
    const m = /^(?:async[ \t]+)?def[ \t]+([\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}_]*)[ \t]*\(/u.exec(code.slice(l.start, l.end));
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
