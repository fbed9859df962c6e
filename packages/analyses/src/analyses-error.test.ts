import { describe, expect, it } from 'vitest';
import { ANALYSES_ERROR_CODES, AnalysesError } from './analyses-error.js';

// Name, brand, is() and the message's prefix are checked for every package's class in packages/release-check.
describe('AnalysesError', () => {
  it('carries where the problem was found when constructed with details', () => {
    const error = new AnalysesError('unknown-corpus-id', 'msg', { details: { queryId: 'q_1' } });
    expect(error.details).toEqual({ queryId: 'q_1' });
    expect(new AnalysesError('missing-queries', 'x').details).toEqual({});
  });

  it('lists every code once and in kebab case when ANALYSES_ERROR_CODES is read', () => {
    expect(new Set(ANALYSES_ERROR_CODES).size).toBe(ANALYSES_ERROR_CODES.length);
    for (const code of ANALYSES_ERROR_CODES) expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });
});
