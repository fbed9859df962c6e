import { describe, expect, it } from 'vitest';
import { intLiteralOf, intLiteralText } from './int-literal.js';
import { parseJsExpression } from './parse-js.js';

const literal = (text: string) => intLiteralOf(parseJsExpression(text, 'javascript'));

describe('intLiteralOf', () => {
  it.each([
    ['7', { value: 7n, digits: '7', bigint: false }],
    ['-7', { value: -7n, digits: '7', bigint: false }],
    ['0x1F', { value: 31n, digits: '0x1F', bigint: false }],
    ['0b101', { value: 5n, digits: '0b101', bigint: false }],
    ['0o17', { value: 15n, digits: '0o17', bigint: false }],
    ['1_000', { value: 1000n, digits: '1_000', bigint: false }],
    ['12n', { value: 12n, digits: '12', bigint: true }],
    ['-0x10n', { value: -16n, digits: '0x10', bigint: true }],
  ])('reads %s when it is an integer literal', (text, expected) => {
    expect(literal(text)).toEqual(expected);
  });

  it.each(['1.5', '1.0', '1e3', '010', 'x', '"1"', 'true', '9007199254740991', '- x'])(
    'returns null for %s when it is not a mutable integer literal',
    (text) => {
      expect(literal(text)).toBeNull();
    },
  );
});

describe('intLiteralText', () => {
  it.each([
    ['7', 8n, '8'],
    ['0', -1n, '-1'],
    ['-1', 0n, '0'],
    ['0x1F', 32n, '0x20'],
    ['0xff', 256n, '0x100'],
    ['0XAB', 170n, '0XAA'],
    ['0b11', 4n, '0b100'],
    ['0o7', 8n, '0o10'],
    ['0x1_F', 30n, '30'],
    ['1_000', 999n, '999'],
    ['10n', 11n, '11n'],
    ['0x10n', 15n, '0xfn'],
  ])('writes %s moved to %s as %s', (text, value, expected) => {
    const parsed = literal(text);
    expect(parsed).not.toBeNull();
    expect(intLiteralText(parsed as NonNullable<typeof parsed>, value)).toBe(expected);
  });
});
