import { describe, expect, it } from 'vitest';
import { tokenizePython } from './python-tokens.js';

const texts = (source: string) =>
  tokenizePython(source)
    .tokens.filter((t) => t.kind !== 'indent')
    .map((t) => t.text);

describe('tokenizePython', () => {
  it('splits names, numbers, strings and operators when given a function', () => {
    expect(texts('def f(a, b=2):\n    return a ** b  # power\n')).toEqual([
      'def',
      'f',
      '(',
      'a',
      ',',
      'b',
      '=',
      '2',
      ')',
      ':',
      '\n',
      'return',
      'a',
      '**',
      'b',
      '\n',
    ]);
  });

  it('keeps one logical line when brackets span physical lines', () => {
    const { tokens } = tokenizePython('x = [1,\n     2]\ny = 3\n');
    expect(tokens.filter((t) => t.kind === 'newline')).toHaveLength(2);
    expect(tokens.filter((t) => t.kind === 'indent').map((t) => t.text)).toEqual(['', '']);
  });

  it.each([
    ["r'a\\'b'", "r'a\\'b'"],
    ['"""a\n"b"\n"""', '"""a\n"b"\n"""'],
    ["b'x'", "b'x'"],
    ["f'{x}'", "f'{x}'"],
  ])('reads the string literal %j whole', (source, literal) => {
    const { tokens, error } = tokenizePython(source);
    expect(error).toBeNull();
    expect(tokens.find((t) => t.kind === 'string')?.text).toBe(literal);
  });

  it.each(['0x1F', '1_000', '1.5e-3', '.5', '3j', '0b101'])('reads the number %s as one token', (n) => {
    expect(texts(n)).toEqual([n, '']);
  });

  it('records indentation of each logical line when blocks nest', () => {
    const { tokens } = tokenizePython('if x:\n    y = 1\n\n    # c\n    z = 2\n');
    expect(tokens.filter((t) => t.kind === 'indent').map((t) => t.text)).toEqual(['', '    ', '    ']);
  });

  // The messages are Python's wording, the same as the validation reports of @execret/dataset print.
  it.each([
    ["'abc", 'unterminated string'],
    ['(1, 2', 'never closed'],
    ['x = 1)', "unmatched ')'"],
    ['a $ b', "invalid character '$'"],
  ])('reports an error when the source is %j', (source, message) => {
    expect(tokenizePython(source).error?.message).toContain(message);
  });

  it('tracks bracket depth when tokens nest', () => {
    const { tokens } = tokenizePython('f(a, [b])');
    expect(tokens.filter((t) => t.kind !== 'indent' && t.kind !== 'newline').map((t) => t.depth)).toEqual([
      0, 0, 1, 1, 1, 2, 1, 0,
    ]);
  });

  it('records the physical line of each token when strings, brackets and continuations span lines', () => {
    const { tokens, error } = tokenizePython('a = """x\ny"""\nb = (1,\n 2) + \\\n  3\nc\n');
    expect(error).toBeNull();
    expect(tokens.filter((t) => t.kind === 'name' || t.kind === 'number').map((t) => [t.text, t.line])).toEqual([
      ['a', 1],
      ['b', 3],
      ['1', 3],
      ['2', 4],
      ['3', 5],
      ['c', 6],
    ]);
  });

  it.each([
    ['\r\n', 'x = 1\r\ny = (2,\r\n 3)\r\n'],
    ['\r', 'x = 1\ry = (2,\r 3)\r'],
  ])('reads %j as a line break', (lineBreak, source) => {
    const { tokens, error } = tokenizePython(source);
    expect(error).toBeNull();
    expect(tokens.filter((t) => t.kind === 'newline').map((t) => t.text)).toEqual([lineBreak, lineBreak]);
    expect(tokens.find((t) => t.text === '3')?.line).toBe(3);
  });

  it('keeps the indentation of the first physical line when a logical line starts with a continuation', () => {
    const { tokens } = tokenizePython('if 1:\n  \\\n    x = 1\n');
    expect(tokens.filter((t) => t.kind === 'indent').map((t) => [t.text, t.line])).toEqual([
      ['', 1],
      ['  ', 2],
    ]);
  });

  it.each([
    ['x = 1\ny = "abc\n', { message: 'unterminated string literal', offset: 10, line: 2 }],
    ["x = '''abc", { message: 'unterminated triple-quoted string literal', offset: 4, line: 1 }],
    ["x = 'a\rb'", { message: 'unterminated string literal', offset: 4, line: 1 }],
    ['x = (1,\n  2', { message: "'(' opened on line 1 is never closed", offset: 4, line: 1 }],
    ['f([1)]', { message: "closing ')' does not match opening '[' on line 1", offset: 4, line: 1 }],
    ['x = 1\n]', { message: "unmatched ']'", offset: 6, line: 2 }],
    ['x ? 1', { message: "invalid character '?'", offset: 2, line: 1 }],
    ['x = `1`', { message: "invalid character '`'", offset: 4, line: 1 }],
    ['x ! 1', { message: "invalid character '!' (only '!=' is an operator)", offset: 2, line: 1 }],
    ['x = 1 → 2', { message: "invalid character '→'", offset: 6, line: 1 }],
    ['x = 1\u00a0', { message: 'invalid non-printable character U+00A0', offset: 5, line: 1 }],
    ['x = 1 \\', { message: 'backslash at end of input', offset: 6, line: 1 }],
    ['x = 1 \\ 2', { message: 'unexpected character after line continuation character', offset: 6, line: 1 }],
  ])('locates the error when the source is %j', (source, error) => {
    expect(tokenizePython(source).error).toEqual(error);
  });

  it('keeps the tokens read before an error', () => {
    const { tokens, error } = tokenizePython('def f(x):\n    return $x\n');
    expect(error?.line).toBe(2);
    expect(tokens.filter((t) => t.kind === 'name').map((t) => t.text)).toEqual(['def', 'f', 'x', 'return']);
  });

  it('reads Unicode identifiers and strings and skips comments when they hold anything', () => {
    const { tokens, error } = tokenizePython('naïve_π = "☃ $ ?"  # ` $ ?\n');
    expect(error).toBeNull();
    expect(tokens.map((t) => t.kind)).toEqual(['indent', 'name', 'op', 'string', 'newline']);
    expect(tokens[1]?.text).toBe('naïve_π');
  });

  it('returns no tokens when the source is empty, blank or comments only', () => {
    for (const source of ['', '  \n\n', '# a\n  # b'])
      expect(tokenizePython(source)).toEqual({ tokens: [], error: null });
  });
});
