import { describe, expect, it } from 'vitest';
import { EmbeddersError } from './errors.js';

describe('EmbeddersError', () => {
  it('is recognised by brand, keeps code, status and cause', () => {
    const cause = new Error('inner');
    const error = new EmbeddersError('rate-limit', 'm', { cause, status: 429, retryAfterMs: 10, attempts: 3 });
    expect(EmbeddersError.is(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'rate-limit',
      status: 429,
      retryAfterMs: 10,
      attempts: 3,
      name: 'EmbeddersError',
    });
    expect(error.cause).toBe(cause);
    expect(EmbeddersError.is({ code: 'auth' })).toBe(false);
    expect(EmbeddersError.is(new Error('x'))).toBe(false);
    expect(EmbeddersError.is(null)).toBe(false);
  });
});
