import { describe, expect, it } from 'vitest';
import { STATS_ERROR_CODES, StatsError } from './stats-error.js';

describe('StatsError', () => {
  it('carries code, message, details and cause when constructed with them', () => {
    const cause = new Error('inner');
    const error = new StatsError('missing-measure', 'msg', { cause, details: { system: 'bm25' } });
    expect(error.code).toBe('missing-measure');
    expect(error.message).toBe('msg');
    expect(error.name).toBe('StatsError');
    expect(error.cause).toBe(cause);
    expect(error.details).toEqual({ system: 'bm25' });
    expect(error).toBeInstanceOf(Error);
  });

  it.each([
    { value: new StatsError('not-binary', 'x'), expected: true },
    { value: Object.assign(new Error('x'), { [Symbol.for('@execret/stats/StatsError')]: true }), expected: true },
    { value: new Error('x'), expected: false },
    { value: { code: 'not-binary' }, expected: false },
    { value: null, expected: false },
    { value: 'StatsError', expected: false },
  ])('is() returns $expected for $value', ({ value, expected }) => {
    expect(StatsError.is(value)).toBe(expected);
  });

  it('lists every code once when STATS_ERROR_CODES is read', () => {
    expect(new Set(STATS_ERROR_CODES).size).toBe(STATS_ERROR_CODES.length);
    expect(STATS_ERROR_CODES).toContain('non-finite-value');
  });
});
