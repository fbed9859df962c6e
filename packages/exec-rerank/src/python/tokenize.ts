/**
 * A small Python tokenizer, enough to read signatures, literals and single-line asserts without running Python.
 * It never executes or evaluates anything.
 *
 * Token kinds: `name` (identifiers and keywords, Unicode letters included), `number` (integers in any base,
 * floats, imaginary literals, with `_` separators), `string` (with any prefix, single or triple quoted; `text` is
 * the raw source of the literal), `op` (operators and delimiters, longest match), `newline` (end of a logical
 * line: a line break outside brackets), `indent` (emitted at the start of each logical line: `text` holds the
 * leading whitespace). Comments, blank lines and line continuations produce nothing.
 */

/** One token. */
export interface PythonToken {
  kind: 'name' | 'number' | 'string' | 'op' | 'newline' | 'indent';
  /** Source text of the token (for `indent`: the leading whitespace of the logical line). */
  text: string;
  /** Offset of its first character. */
  start: number;
  /** Bracket depth before the token (0 at the top level). */
  depth: number;
}

/** Result of {@link tokenizePython}. */
export interface PythonTokens {
  tokens: PythonToken[];
  /** The first lexical error (unterminated string, unbalanced bracket, stray character), or `null`. */
  error: string | null;
}

const OPERATORS = [
  '**=',
  '//=',
  '>>=',
  '<<=',
  '...',
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
  '+',
  '-',
  '*',
  '/',
  '%',
  '&',
  '|',
  '^',
  '~',
  '<',
  '>',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  ':',
  '.',
  ';',
  '@',
  '=',
];
const STRING_PREFIX = /^(?:[rR][bBfF]?|[bBfF][rR]?|[uU])$/;
const ID_START = /[\p{L}\p{Nl}_]/u;
const ID_CONTINUE = /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}_]/u;
const NUMBER =
  /^(?:0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:(?:\d(?:_?\d)*)?\.\d(?:_?\d)*|\d(?:_?\d)*\.?)(?:[eE][+-]?\d(?:_?\d)*)?[jJ]?)/;

function identifierEnd(source: string, i: number): number {
  let j = i;
  while (j < source.length) {
    const cp = source.codePointAt(j) as number;
    const ch = String.fromCodePoint(cp);
    if (!(j === i ? ID_START : ID_CONTINUE).test(ch)) break;
    j += ch.length;
  }
  return j;
}

/** End offset of the string literal whose quote starts at `q`, or -1 when it is not terminated. */
function stringEnd(source: string, q: number): number {
  const quote = source[q] as string;
  const triple = source.startsWith(quote.repeat(3), q);
  const close = triple ? quote.repeat(3) : quote;
  let j = q + close.length;
  while (j < source.length) {
    const c = source[j];
    if (c === '\\') {
      j += 2;
      continue;
    }
    if (!triple && c === '\n') return -1;
    if (source.startsWith(close, j)) return j + close.length;
    j += 1;
  }
  return -1;
}

/**
 * Tokenizes Python source. Stops at the first lexical error and reports it (tokens read so far are kept).
 *
 * @example
 * tokenizePython('def f(a, b=2):\n    return a + b  # sum\n').tokens.filter((t) => t.kind !== 'indent').map((t) => t.text);
 * // ['def', 'f', '(', 'a', ',', 'b', '=', '2', ')', ':', '\n', 'return', 'a', '+', 'b', '\n']
 */
export function tokenizePython(source: string): PythonTokens {
  const tokens: PythonToken[] = [];
  const brackets: string[] = [];
  let i = 0;
  let lineStart = true;
  const n = source.length;
  const fail = (message: string): PythonTokens => ({ tokens, error: `${message} at offset ${i}` });
  while (i < n) {
    if (lineStart && brackets.length === 0) {
      let j = i;
      while (j < n && (source[j] === ' ' || source[j] === '\t' || source[j] === '\f')) j++;
      const c = source[j];
      if (j >= n) break;
      if (c === '\n' || c === '\r' || c === '#') {
        // blank or comment-only line
        while (j < n && source[j] !== '\n') j++;
        i = j + 1;
        continue;
      }
      if (c === '\\' && (source[j + 1] === '\n' || source[j + 1] === '\r')) {
        i = j + (source[j + 1] === '\r' && source[j + 2] === '\n' ? 3 : 2);
        continue;
      }
      tokens.push({ kind: 'indent', text: source.slice(i, j), start: i, depth: 0 });
      i = j;
      lineStart = false;
      continue;
    }
    const c = source[i] as string;
    if (c === ' ' || c === '\t' || c === '\f' || c === '\r') {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < n && source[i] !== '\n') i++;
      continue;
    }
    if (c === '\\' && (source[i + 1] === '\n' || (source[i + 1] === '\r' && source[i + 2] === '\n'))) {
      i += source[i + 1] === '\n' ? 2 : 3;
      continue;
    }
    if (c === '\n') {
      if (brackets.length === 0) {
        tokens.push({ kind: 'newline', text: '\n', start: i, depth: 0 });
        lineStart = true;
      }
      i++;
      continue;
    }
    const depth = brackets.length;
    if (c === '"' || c === "'") {
      const end = stringEnd(source, i);
      if (end < 0) return fail('unterminated string');
      tokens.push({ kind: 'string', text: source.slice(i, end), start: i, depth });
      i = end;
      continue;
    }
    const idEnd = identifierEnd(source, i);
    if (idEnd > i) {
      const word = source.slice(i, idEnd);
      const q = source[idEnd];
      if ((q === '"' || q === "'") && STRING_PREFIX.test(word)) {
        const end = stringEnd(source, idEnd);
        if (end < 0) return fail('unterminated string');
        tokens.push({ kind: 'string', text: source.slice(i, end), start: i, depth });
        i = end;
        continue;
      }
      tokens.push({ kind: 'name', text: word, start: i, depth });
      i = idEnd;
      continue;
    }
    if ((c >= '0' && c <= '9') || (c === '.' && source[i + 1] !== undefined && /\d/.test(source[i + 1] as string))) {
      const m = NUMBER.exec(source.slice(i, i + 400));
      if (m === null) return fail('malformed number');
      tokens.push({ kind: 'number', text: m[0], start: i, depth });
      i += m[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => source.startsWith(o, i));
    if (op === undefined) return fail(`unexpected character ${JSON.stringify(c)}`);
    if (op === '(' || op === '[' || op === '{') brackets.push(op);
    if (op === ')' || op === ']' || op === '}') {
      const open = brackets.pop();
      if (open !== { ')': '(', ']': '[', '}': '{' }[op]) return fail(`unbalanced ${op}`);
    }
    tokens.push({ kind: 'op', text: op, start: i, depth: op === ')' || op === ']' || op === '}' ? depth - 1 : depth });
    i += op.length;
  }
  if (brackets.length > 0) return { tokens, error: `unclosed ${brackets[brackets.length - 1]} at end of input` };
  if (tokens.length > 0 && tokens[tokens.length - 1]?.kind !== 'newline')
    tokens.push({ kind: 'newline', text: '', start: n, depth: 0 });
  return { tokens, error: null };
}
