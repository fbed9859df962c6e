import { describe, expect, it } from 'vitest';
import { tokenizePython } from './tokenize.js';

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

  it.each([
    ["'abc", 'unterminated string'],
    ['(1, 2', 'unclosed ('],
    ['x = 1)', 'unbalanced )'],
    ['a $ b', 'unexpected character'],
  ])('reports an error when the source is %j', (source, message) => {
    expect(tokenizePython(source).error).toContain(message);
  });

  it('tracks bracket depth when tokens nest', () => {
    const { tokens } = tokenizePython('f(a, [b])');
    expect(tokens.filter((t) => t.kind !== 'indent' && t.kind !== 'newline').map((t) => t.depth)).toEqual([
      0, 0, 1, 1, 1, 2, 1, 0,
    ]);
  });
});
