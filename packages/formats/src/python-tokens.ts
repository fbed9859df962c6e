/**
 * The one Python lexer of execret: enough to read signatures, literals, asserts and top-level functions without
 * running Python, and to reject what Python's own tokenizer rejects. It never executes or evaluates anything.
 *
 * Token kinds: `name` (identifiers and keywords, Unicode letters included), `number` (integers in any base,
 * floats, imaginary literals, with `_` separators), `string` (any prefix, single or triple quoted; `text` is the
 * raw source of the literal), `op` (operators and delimiters, longest match), `newline` (the end of a logical
 * line: a line break outside brackets, or `''` at the end of the input), `indent` (emitted at the start of each
 * logical line: `text` holds the leading whitespace of its first physical line). Comments, blank lines and line
 * continuations produce nothing. A line break is `\n`, `\r\n` or a lone `\r`, as for Python's `compile`.
 *
 * Errors, as Python words them: unterminated strings, unmatched, mismatched or unclosed brackets, a backslash not
 * followed by a line break, and any character that is not part of Python's lexical grammar outside strings and
 * comments (`$`, `?`, a backtick, a lone `!`, non-identifier Unicode, control characters). It is not a parser:
 * `assert x ==` tokenizes. Python 3.12 f-strings that nest the outer quote inside a replacement field are read as
 * ending at that quote.
 */

/** What a token is (see the module comment). */
export type PythonTokenKind = 'name' | 'number' | 'string' | 'op' | 'newline' | 'indent';

/** One token of Python source. */
export interface PythonToken {
  kind: PythonTokenKind;
  /** Source text of the token (for `indent`: the leading whitespace of the logical line). */
  text: string;
  /** Offset (UTF-16 code units) of its first character. */
  start: number;
  /** 1-based physical line of its first character. */
  line: number;
  /** Bracket depth before the token (0 at the top level; a closing bracket has the depth after it). */
  depth: number;
}

/** The first lexical error of a source, located. */
export interface PythonLexError {
  message: string;
  /** Offset of the offending character (of the opening bracket for an unclosed one, of the prefix for a string). */
  offset: number;
  /** 1-based physical line of {@link PythonLexError.offset}. */
  line: number;
}

/** The result of {@link tokenizePython}. */
export interface PythonTokens {
  /** The tokens read, up to the first error when there is one. */
  tokens: PythonToken[];
  /** The first lexical error, or `null`. */
  error: PythonLexError | null;
}

const OPERATORS_3 = new Set(['**=', '//=', '>>=', '<<=', '...']);
const OPERATORS_2 = new Set([
  '->',
  ':=',
  '**',
  '//',
  '>>',
  '<<',
  '<=',
  '>=',
  '==',
  '!=',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  '@=',
]);
const OPERATORS_1 = new Set('+-*/%&|^~<>()[]{},:.;@=');
const CLOSER_OF: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };
const STRING_PREFIX = /^(?:[rR][bBfF]?|[bBfF][rR]?|[uU])$/;
const ID_START = /^[\p{L}\p{Nl}_]/u;
const ID_CONTINUE = /^[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}_]/u;
const NON_PRINTABLE = /^[\p{C}\p{Z}]/u;
const NUMBER =
  /0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:(?:\d(?:_?\d)*)?\.\d(?:_?\d)*|\d(?:_?\d)*\.?)(?:[eE][+-]?\d(?:_?\d)*)?[jJ]?/y;

const TAB = 9;
const LF = 10;
const FF = 12;
const CR = 13;
const SPACE = 32;
const DQUOTE = 34;
const HASH = 35;
const SQUOTE = 39;
const DOT = 46;
const BACKSLASH = 92;

function isBlank(c: number): boolean {
  return c === SPACE || c === TAB || c === FF;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Length of the line break at `i` (`\r\n`: 2, `\n` or `\r`: 1), 0 when there is none. */
function breakLength(source: string, i: number): number {
  const c = source.charCodeAt(i);
  if (c === LF) return 1;
  if (c === CR) return source.charCodeAt(i + 1) === LF ? 2 : 1;
  return 0;
}

/** Length (1 or 2 code units) of an identifier character at `i`, 0 when there is none. */
function idCharLength(source: string, i: number, first: boolean): number {
  const c = source.charCodeAt(i);
  if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95) return 1;
  if (isDigit(c)) return first ? 0 : 1;
  if (c < 128 || Number.isNaN(c)) return 0;
  const ch = String.fromCodePoint(source.codePointAt(i) as number);
  return (first ? ID_START : ID_CONTINUE).test(ch) ? ch.length : 0;
}

/** Offset just past the comment starting at `i` (before its line break). */
function commentEnd(source: string, i: number): number {
  let j = i;
  while (j < source.length && breakLength(source, j) === 0) j++;
  return j;
}

/**
 * Offset just past the string literal whose opening quote is at `q`; -1 for an unterminated single-quoted string
 * (a line break ends it), -2 for an unterminated triple-quoted one. A backslash escapes the next character.
 */
function stringEnd(source: string, q: number): number {
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

/** Physical line breaks in `source[from, to)`. */
function countBreaks(source: string, from: number, to: number): number {
  let k = 0;
  for (let i = from; i < to; i++) {
    const c = source.charCodeAt(i);
    if (c === LF || (c === CR && source.charCodeAt(i + 1) !== LF)) k++;
  }
  return k;
}

function operatorAt(source: string, i: number): string | undefined {
  const three = source.slice(i, i + 3);
  if (OPERATORS_3.has(three)) return three;
  const two = three.slice(0, 2);
  if (OPERATORS_2.has(two)) return two;
  const one = three.slice(0, 1);
  return OPERATORS_1.has(one) ? one : undefined;
}

function invalidCharacter(source: string, i: number): string {
  const ch = String.fromCodePoint(source.codePointAt(i) as number);
  if (ch === '!') return "invalid character '!' (only '!=' is an operator)";
  if (NON_PRINTABLE.test(ch))
    return `invalid non-printable character U+${(ch.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;
  return `invalid character '${ch}'`;
}

/**
 * Tokenizes Python source. Stops at the first lexical error and reports it, keeping the tokens read so far; a
 * source without error ends with a `newline` token (`text` `''` when the source has no final line break).
 *
 * @example
 * tokenizePython('def f(a, b=2):\n    return a + b  # sum\n').tokens.filter((t) => t.kind !== 'indent').map((t) => t.text);
 * // ['def', 'f', '(', 'a', ',', 'b', '=', '2', ')', ':', '\n', 'return', 'a', '+', 'b', '\n']
 * tokenizePython('x = (1,\n  2').error; // { message: "'(' opened on line 1 is never closed", offset: 4, line: 1 }
 */
export function tokenizePython(source: string): PythonTokens {
  const tokens: PythonToken[] = [];
  const open: { text: string; offset: number; line: number }[] = [];
  const n = source.length;
  let i = 0;
  let line = 1;
  let lineStart = true;
  const fail = (message: string, offset: number, at: number): PythonTokens => ({
    tokens,
    error: { message, offset, line: at },
  });
  while (i < n) {
    if (lineStart) {
      // The start of a logical line: its indentation is that of its first physical line (a backslash continuation
      // keeps it); blank and comment-only lines are skipped.
      let indentFrom = -1;
      let indentTo = -1;
      let indentLine = line;
      let j = i;
      for (;;) {
        const from = j;
        while (j < n && isBlank(source.charCodeAt(j))) j++;
        if (indentFrom < 0) {
          indentFrom = from;
          indentTo = j;
          indentLine = line;
        }
        if (j < n && source.charCodeAt(j) === HASH) j = commentEnd(source, j);
        const blank = breakLength(source, j);
        if (blank > 0) {
          j += blank;
          line++;
          indentFrom = -1;
          continue;
        }
        const continued = source.charCodeAt(j) === BACKSLASH ? breakLength(source, j + 1) : 0;
        if (continued > 0) {
          j += 1 + continued;
          line++;
          continue;
        }
        break;
      }
      i = j;
      if (i >= n) break;
      tokens.push({
        kind: 'indent',
        text: source.slice(indentFrom, indentTo),
        start: indentFrom,
        line: indentLine,
        depth: 0,
      });
      lineStart = false;
      continue;
    }
    const c = source.charCodeAt(i);
    if (isBlank(c)) {
      i++;
      continue;
    }
    if (c === HASH) {
      i = commentEnd(source, i);
      continue;
    }
    const lineBreak = breakLength(source, i);
    if (lineBreak > 0) {
      if (open.length === 0) {
        tokens.push({ kind: 'newline', text: source.slice(i, i + lineBreak), start: i, line, depth: 0 });
        lineStart = true;
      }
      i += lineBreak;
      line++;
      continue;
    }
    if (c === BACKSLASH) {
      const continued = breakLength(source, i + 1);
      if (continued === 0)
        return fail(
          i + 1 >= n ? 'backslash at end of input' : 'unexpected character after line continuation character',
          i,
          line,
        );
      i += 1 + continued;
      line++;
      continue;
    }
    const depth = open.length;
    // identifiers, keywords and string prefixes; strings
    let quoteAt = -1;
    const idLength = idCharLength(source, i, true);
    let idEnd = i;
    if (idLength > 0) {
      idEnd = i + idLength;
      for (;;) {
        const k = idCharLength(source, idEnd, false);
        if (k === 0) break;
        idEnd += k;
      }
      const q = source.charCodeAt(idEnd);
      if ((q === DQUOTE || q === SQUOTE) && STRING_PREFIX.test(source.slice(i, idEnd))) quoteAt = idEnd;
    } else if (c === DQUOTE || c === SQUOTE) quoteAt = i;
    if (quoteAt >= 0) {
      const end = stringEnd(source, quoteAt);
      if (end < 0)
        return fail(end === -2 ? 'unterminated triple-quoted string literal' : 'unterminated string literal', i, line);
      tokens.push({ kind: 'string', text: source.slice(i, end), start: i, line, depth });
      line += countBreaks(source, quoteAt, end);
      i = end;
      continue;
    }
    if (idLength > 0) {
      tokens.push({ kind: 'name', text: source.slice(i, idEnd), start: i, line, depth });
      i = idEnd;
      continue;
    }
    if (isDigit(c) || (c === DOT && isDigit(source.charCodeAt(i + 1)))) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(source) as RegExpExecArray; // a digit, or a dot and a digit, always match
      tokens.push({ kind: 'number', text: m[0], start: i, line, depth });
      i += m[0].length;
      continue;
    }
    const op = operatorAt(source, i);
    if (op === undefined) return fail(invalidCharacter(source, i), i, line);
    const closing = op === ')' || op === ']' || op === '}';
    if (op === '(' || op === '[' || op === '{') open.push({ text: op, offset: i, line });
    else if (closing) {
      const opener = open.pop();
      if (opener === undefined) return fail(`unmatched '${op}'`, i, line);
      if (CLOSER_OF[opener.text] !== op)
        return fail(`closing '${op}' does not match opening '${opener.text}' on line ${opener.line}`, i, line);
    }
    tokens.push({ kind: 'op', text: op, start: i, line, depth: closing ? depth - 1 : depth });
    i += op.length;
  }
  const unclosed = open[open.length - 1];
  if (unclosed !== undefined)
    return fail(`'${unclosed.text}' opened on line ${unclosed.line} is never closed`, unclosed.offset, unclosed.line);
  if (tokens.length > 0 && tokens[tokens.length - 1]?.kind !== 'newline')
    tokens.push({ kind: 'newline', text: '', start: n, line, depth: 0 });
  return { tokens, error: null };
}
