import { describe, expect, it } from 'vitest';
import { ANALYSES_ERROR_CODES, AnalysesError } from './analyses-error.js';

describe('AnalysesError', () => {
  it('carries code, message, details and cause when constructed with them', () => {
    const cause = new Error('inner');
    const error = new AnalysesError('unknown-corpus-id', 'msg', { cause, details: { queryId: 'q_1' } });
    expect(error.code).toBe('unknown-corpus-id');
    expect(error.message).toBe('msg');
    expect(error.name).toBe('AnalysesError');
    expect(error.cause).toBe(cause);
    expect(error.details).toEqual({ queryId: 'q_1' });
    expect(error).toBeInstanceOf(Error);
  });

  it.each([
    { value: new AnalysesError('missing-queries', 'x'), expected: true },
    { value: Object.assign(new Error('x'), { [Symbol.for('@execret/analyses/AnalysesError')]: true }), expected: true },
    { value: new Error('x'), expected: false },
    { value: { code: 'missing-queries' }, expected: false },
    { value: null, expected: false },
  ])('is() returns $expected when given $value', ({ value, expected }) => {
    expect(AnalysesError.is(value)).toBe(expected);
  });

  it('lists every code once and in kebab case when ANALYSES_ERROR_CODES is read', () => {
    expect(new Set(ANALYSES_ERROR_CODES).size).toBe(ANALYSES_ERROR_CODES.length);
    for (const code of ANALYSES_ERROR_CODES) expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });
});
