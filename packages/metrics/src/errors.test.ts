import { describe, expect, it } from 'vitest';
import { describeValue, METRICS_ERROR_CODES, MetricsError } from './errors.js';

describe('MetricsError', () => {
  it('carries code, message, cause and the query, document and measure concerned when constructed', () => {
    const cause = new Error('root');
    const error = new MetricsError('invalid-score', '@execret/metrics evaluate: bad', {
      cause,
      queryId: 'q1',
      docId: 'c_0001',
      measure: 'exec@1',
    });
    expect(error.code).toBe('invalid-score');
    expect(error.message).toBe('@execret/metrics evaluate: bad');
    expect(error.name).toBe('MetricsError');
    expect(error.cause).toBe(cause);
    expect([error.queryId, error.docId, error.measure]).toEqual(['q1', 'c_0001', 'exec@1']);
    expect(error).toBeInstanceOf(Error);
  });

  it('has no cause property value when none is given', () => {
    expect(new MetricsError('no-queries', 'x').cause).toBeUndefined();
  });

  it.each([
    ['a MetricsError', new MetricsError('invalid-measure', 'x'), true],
    [
      'a branded object from another copy of the package',
      { [Symbol.for('@execret/metrics/MetricsError')]: true },
      true,
    ],
    ['a plain Error', new Error('x'), false],
    ['a RangeError', new RangeError('x'), false],
    ['an object with a code only', { code: 'invalid-measure' }, false],
    ['null', null, false],
    ['a string', 'MetricsError', false],
  ])('is() returns %s → %s', (_label, value, expected) => {
    expect(MetricsError.is(value)).toBe(expected);
  });

  it('lists every code once', () => {
    expect(new Set(METRICS_ERROR_CODES).size).toBe(METRICS_ERROR_CODES.length);
    expect(METRICS_ERROR_CODES).toContain('invalid-measure');
  });
});

describe('describeValue', () => {
  it.each([
    ['abc', '"abc"'],
    [Number.NaN, 'NaN'],
    [-0, '-0'],
    [1.5, '1.5'],
    [null, 'null'],
    [undefined, 'undefined'],
    [[1], 'an array'],
    [{}, 'an object'],
    [true, 'true (boolean)'],
    [() => 1, 'a function'],
    [10n, '10n (a bigint)'],
  ])('renders %s as %s', (value, expected) => {
    expect(describeValue(value)).toBe(expected);
  });

  it('shortens long strings when rendering them', () => {
    expect(describeValue('x'.repeat(100))).toBe(JSON.stringify(`${'x'.repeat(57)}...`));
  });
});
