import { describe, expect, it } from 'vitest';
import { formatPythonValue } from './format-value.js';

describe('formatPythonValue', () => {
  it.each([
    [{ kind: 'int', value: -3 }, '-3'],
    [{ kind: 'float', value: 2 }, '2.0'],
    [{ kind: 'float', value: -0 }, '-0.0'],
    [{ kind: 'float', value: 1e21 }, '1e+21'],
    [{ kind: 'float', value: 0.1 }, '0.1'],
    [{ kind: 'str', value: 'a"b\\c\n\té\u{1F600}\x01' }, '"a\\"b\\\\c\\n\\t\\xe9\\U0001f600\\x01"'],
    [{ kind: 'bool', value: false }, 'False'],
    [{ kind: 'none' }, 'None'],
    [{ kind: 'tuple', items: [] }, '()'],
    [{ kind: 'tuple', items: [{ kind: 'int', value: 1 }] }, '(1,)'],
    [
      {
        kind: 'dict',
        entries: [
          [
            { kind: 'str', value: 'k' },
            { kind: 'list', items: [{ kind: 'none' }] },
          ],
        ],
      },
      '{"k": [None]}',
    ],
  ] as const)('writes %j as %s', (value, source) => {
    expect(formatPythonValue(value)).toBe(source);
  });

  it('throws RangeError when a float is not finite', () => {
    expect(() => formatPythonValue({ kind: 'float', value: Number.POSITIVE_INFINITY })).toThrow(RangeError);
    expect(() => formatPythonValue({ kind: 'int', value: 2 ** 60 })).toThrow(RangeError);
  });
});
