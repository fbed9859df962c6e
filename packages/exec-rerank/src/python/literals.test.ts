import { tokenizePython } from '@execret/formats';
import { describe, expect, it } from 'vitest';
import { pythonNumberValue, pythonStringValue, readPythonLiteral } from './literal-value.js';
import { pythonLiterals } from './literals.js';

describe('pythonLiterals', () => {
  it('collects integers, floats and strings when a function uses constants', () => {
    expect(
      pythonLiterals('def f(n):\n    if n < -1 or n > 0x10:\n        return "neg" + \'x\'\n    return n * 2.5 - 1\n'),
    ).toEqual({
      ints: [-1, 1, 16],
      floats: [2.5],
      strings: ['neg', 'x'],
    });
  });

  it('skips bytes, f-strings and imaginary numbers when present', () => {
    expect(pythonLiterals("x = b'ab'\ny = f'{x}'\nz = 2j\n")).toEqual({ ints: [], floats: [], strings: [] });
  });

  it('treats a minus after a closing bracket as subtraction when reading numbers', () => {
    expect(pythonLiterals('y = f(x) -3\n').ints).toEqual([3]);
  });
});

describe('pythonNumberValue', () => {
  it.each([
    ['0x1F', { kind: 'int', value: 31 }],
    ['0o17', { kind: 'int', value: 15 }],
    ['0b101', { kind: 'int', value: 5 }],
    ['1_000', { kind: 'int', value: 1000 }],
    ['1.5e3', { kind: 'float', value: 1500 }],
    ['2j', null],
    ['99999999999999999999', null],
  ])('reads %s as %j', (text, value) => {
    expect(pythonNumberValue(text)).toEqual(value);
  });
});

describe('pythonStringValue', () => {
  it.each([
    ["'a\\tb'", 'a\tb'],
    ['r"a\\tb"', 'a\\tb'],
    ['"\\x41\\u00e9\\101"', 'Aé\x41'],
    ["'''x\ny'''", 'x\ny'],
    ["'\\q'", '\\q'],
    ["f'{x}'", null],
    ["b'x'", null],
  ])('decodes %s as %j', (text, value) => {
    expect(pythonStringValue(text)).toEqual(value);
  });
});

describe('readPythonLiteral', () => {
  const read = (source: string) => {
    const tokens = tokenizePython(source).tokens.filter((t) => t.kind !== 'indent' && t.kind !== 'newline');
    return readPythonLiteral(tokens, 0, tokens.length);
  };

  it('reads nested containers when they hold only literals', () => {
    expect(read('[1, -2.5, ("a", None), {"k": True}]')).toEqual({
      kind: 'list',
      items: [
        { kind: 'int', value: 1 },
        { kind: 'float', value: -2.5 },
        { kind: 'tuple', items: [{ kind: 'str', value: 'a' }, { kind: 'none' }] },
        {
          kind: 'dict',
          entries: [
            [
              { kind: 'str', value: 'k' },
              { kind: 'bool', value: true },
            ],
          ],
        },
      ],
    });
  });

  it('distinguishes a parenthesised value from a one-element tuple when reading parentheses', () => {
    expect(read('(1)')).toEqual({ kind: 'int', value: 1 });
    expect(read('(1,)')).toEqual({ kind: 'tuple', items: [{ kind: 'int', value: 1 }] });
  });

  it.each(['len', 'x + 1', '{1, 2}', 'f(2)', '[1, ', "b'x'"])(
    'returns null when the expression %j is not a plain literal',
    (s) => {
      expect(read(s)).toBeNull();
    },
  );
});
