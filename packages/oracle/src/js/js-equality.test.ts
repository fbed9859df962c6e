import { describe, expect, it } from 'vitest';
import { isDeepStrictEqual, isSameValue, isStrictlyEqual } from './js-equality.js';
import type { JsValue } from './js-value.js';

const n = (value: number): JsValue => ({ kind: 'number', value });
const s = (value: string): JsValue => ({ kind: 'string', value });
const arr = (...items: JsValue[]): JsValue => ({
  kind: 'array',
  length: items.length,
  entries: new Map(items.map((item, i) => [String(i), item])),
  symbols: 0,
});

describe('isSameValue', () => {
  it.each([
    [n(1), n(1), true],
    [n(1), s('1'), false],
    [n(Number.NaN), n(Number.NaN), true],
    [n(-0), n(0), false],
    [{ kind: 'undefined' } as JsValue, { kind: 'null' } as JsValue, false],
    [arr(n(1)), arr(n(1)), false],
    [{ kind: 'symbol' } as JsValue, { kind: 'symbol' } as JsValue, false],
  ])('compares %j and %j as Object.is does: %s', (a, b, expected) => {
    expect(isSameValue(a, b)).toBe(expected);
  });
});

describe('isSameValue on bigints', () => {
  it('tells a bigint from the number with the same digits', () => {
    expect(isSameValue({ kind: 'bigint', value: 1n }, n(1))).toBe(false);
    expect(isSameValue({ kind: 'bigint', value: 1n }, { kind: 'bigint', value: 1n })).toBe(true);
  });
});

describe('isStrictlyEqual', () => {
  it.each([
    [n(Number.NaN), n(Number.NaN), false],
    [n(-0), n(0), true],
    [s('a'), s('a'), true],
    [arr(), arr(), false],
  ])('compares %j and %j as === does: %s', (a, b, expected) => {
    expect(isStrictlyEqual(a, b)).toBe(expected);
  });
});

describe('isDeepStrictEqual', () => {
  it('compares nested arrays element by element and rejects a hole against undefined', () => {
    expect(isDeepStrictEqual(arr(arr(n(1)), s('x')), arr(arr(n(1)), s('x')))).toBe(true);
    expect(isDeepStrictEqual(arr(arr(n(1))), arr(arr(n(2))))).toBe(false);
    const hole: JsValue = { kind: 'array', length: 1, entries: new Map(), symbols: 0 };
    expect(isDeepStrictEqual(hole, arr({ kind: 'undefined' }))).toBe(false);
  });

  it('never equates a cycle, an other object or a function with a literal', () => {
    for (const value of [{ kind: 'cycle' }, { kind: 'other', description: 'Map' }, { kind: 'function' }] as JsValue[]) {
      expect(isDeepStrictEqual(value, arr())).toBe(false);
    }
  });
});
