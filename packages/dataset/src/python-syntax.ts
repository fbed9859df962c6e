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

/** A lexical error, located. */
interface PythonLexError {
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
const STRING_PREFIX = /^(?:[rR][bBfF]?|[bBfF][rR]?|[uU])$/;
const ID_START = /^[\p{L}\p{Nl}_]/u;
const ID_CONTINUE = /^[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}_]/u;

// Character codes used by the scanner.
const TAB = 9;
const LF = 10;
const FF = 12;
const CR = 13;
const SPACE = 32;
const BANG = 33;
const DQUOTE = 34;
const HASH = 35;
const DOLLAR = 36;
const SQUOTE = 39;
const LPAREN = 40;
const RPAREN = 41;
const DOT = 46;
const SEMI = 59;
const EQUALS = 61;
const QUESTION = 63;
const LBRACKET = 91;
const BACKSLASH = 92;
const RBRACKET = 93;
const BACKTICK = 96;
const LBRACE = 123;
const RBRACE = 125;

/** Length (1 or 2 code units) of an identifier character at `i`, 0 when there is none. */
function idCharLength(source: string, i: number, start: boolean): number {
  const c = source.charCodeAt(i);
  if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95) return 1;
  if (c >= 48 && c <= 57) return start ? 0 : 1;
  if (c < 128 || Number.isNaN(c)) return 0;
  const cp = source.codePointAt(i) as number;
  const text = String.fromCodePoint(cp);
  return (start ? ID_START : ID_CONTINUE).test(text) ? text.length : 0;
}

function closerOf(open: number): number {
  return open === LPAREN ? RPAREN : open === LBRACKET ? RBRACKET : RBRACE;
}

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
  const stack: number[] = []; // opening bracket codes
  const stackOffsets: number[] = [];
  const stackLines: number[] = [];
  const n = source.length;
  let i = 0;
  let line = 1;
  let current: PythonLogicalLine | null = null;
  let lineIndent = 0; // indent of the physical line being read
  let atLineStart = true;
  let prevSignificant = 0; // code of the last significant character outside strings (0: identifier/string)
  let lastIdentifier: string | null = null; // identifier directly before (only whitespace between)
  let error: PythonLexError | null = null;
  scan: while (i < n) {
    const c = source.charCodeAt(i);
    if (atLineStart) {
      let width = 0;
      while (i < n) {
        const w = source.charCodeAt(i);
        if (w !== SPACE && w !== TAB && w !== FF) break;
        width++;
        i++;
      }
      lineIndent = width;
      atLineStart = false;
      continue;
    }
    if (c === LF || c === CR) {
      i += c === CR && source.charCodeAt(i + 1) === LF ? 2 : 1;
      line++;
      atLineStart = true;
      if (stack.length === 0) current = null;
      lastIdentifier = null;
      continue;
    }
    if (c === SPACE || c === TAB || c === FF) {
      i++;
      continue;
    }
    if (c === HASH) {
      while (i < n) {
        const d = source.charCodeAt(i);
        if (d === LF || d === CR) break;
        i++;
      }
      continue;
    }
    if (c === BACKSLASH) {
      const next = source.charCodeAt(i + 1);
      if (next === LF || next === CR) {
        i += next === CR && source.charCodeAt(i + 2) === LF ? 3 : 2;
        line++;
        continue;
      }
      error = {
        message: i + 1 >= n ? 'backslash at end of input' : 'unexpected character after line continuation character',
        offset: i,
        line,
      };
      break;
    }
    if (current === null) {
      current = { start: i, end: i, indent: lineIndent, line, semicolons: [] };
      lines.push(current);
    }
    // identifiers, keywords and string prefixes
    const idLength = idCharLength(source, i, true);
    if (idLength > 0) {
      let j = i + idLength;
      for (;;) {
        const k = idCharLength(source, j, false);
        if (k === 0) break;
        j += k;
      }
      const q = source.charCodeAt(j);
      if ((q === DQUOTE || q === SQUOTE) && j - i <= 2 && STRING_PREFIX.test(source.slice(i, j))) {
        const end = skipString(source, j);
        if (end < 0) {
          error = {
            message: end === -2 ? 'unterminated triple-quoted string literal' : 'unterminated string literal',
            offset: i,
            line,
          };
          break;
        }
        line += countNewlines(source, j, end);
        i = end;
        current.end = i;
        prevSignificant = 0;
        lastIdentifier = null;
        continue;
      }
      const word = source.slice(i, j);
      lastIdentifier = prevSignificant === DOT || KEYWORDS.has(word) ? null : word;
      prevSignificant = 0;
      i = j;
      current.end = i;
      continue;
    }
    if (c === DQUOTE || c === SQUOTE) {
      const end = skipString(source, i);
      if (end < 0) {
        error = {
          message: end === -2 ? 'unterminated triple-quoted string literal' : 'unterminated string literal',
          offset: i,
          line,
        };
        break;
      }
      line += countNewlines(source, i, end);
      i = end;
      current.end = i;
      prevSignificant = 0;
      lastIdentifier = null;
      continue;
    }
    switch (c) {
      case LPAREN:
      case LBRACKET:
      case LBRACE:
        if (c === LPAREN && lastIdentifier !== null) calls.push(lastIdentifier);
        stack.push(c);
        stackOffsets.push(i);
        stackLines.push(line);
        break;
      case RPAREN:
      case RBRACKET:
      case RBRACE: {
        const open = stack.pop();
        const openLine = stackLines.pop();
        stackOffsets.pop();
        if (open === undefined) {
          error = { message: `unmatched '${String.fromCharCode(c)}'`, offset: i, line };
          break scan;
        }
        if (closerOf(open) !== c) {
          error = {
            message: `closing '${String.fromCharCode(c)}' does not match opening '${String.fromCharCode(open)}' on line ${openLine}`,
            offset: i,
            line,
          };
          break scan;
        }
        break;
      }
      case SEMI:
        if (stack.length === 0) current.semicolons.push(i);
        break;
      case DOLLAR:
      case QUESTION:
      case BACKTICK:
        error = { message: `invalid character '${String.fromCharCode(c)}'`, offset: i, line };
        break scan;
      case BANG:
        if (source.charCodeAt(i + 1) !== EQUALS) {
          error = { message: "invalid character '!' (only '!=' is an operator)", offset: i, line };
          break scan;
        }
        break;
      default:
        break;
    }
    lastIdentifier = null;
    prevSignificant = c;
    i++;
    current.end = i;
  }
  if (error === null && stack.length > 0) {
    const k = stack.length - 1;
    const openLine = stackLines[k] as number;
    error = {
      message: `'${String.fromCharCode(stack[k] as number)}' opened on line ${openLine} is never closed`,
      offset: stackOffsets[k] as number,
      line: openLine,
    };
  }
  return { lines, calls, error };
}

function countNewlines(source: string, from: number, to: number): number {
  let k = 0;
  for (let i = from; i < to; i++) {
    const c = source.charCodeAt(i);
    if (c === LF) k++;
    else if (c === CR && source.charCodeAt(i + 1) !== LF) k++;
  }
  return k;
}

/**
 * Returns the offset just past the string literal whose opening quote is at `q`; -1 for an unterminated
 * single-quoted string, -2 for an unterminated triple-quoted one.
 */
function skipString(source: string, q: number): number {
  const quote = source.charCodeAt(q);
  const triple = source.charCodeAt(q + 1) === quote && source.charCodeAt(q + 2) === quote;
  let i = q + (triple ? 3 : 1);
  const n = source.length;
  while (i < n) {
    const c = source.charCodeAt(i);
    if (c === BACKSLASH) {
      i += 2;
      continue;
    }
    if (!triple && (c === LF || c === CR)) return -1;
    if (c === quote) {
      if (!triple) return i + 1;
      if (source.charCodeAt(i + 1) === quote && source.charCodeAt(i + 2) === quote) return i + 3;
    }
    i++;
  }
  return triple ? -2 : -1;
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
