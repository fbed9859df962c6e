import { describe, expect, it } from 'vitest';
import { HTTP_ERROR_CODES, HttpError } from './errors.js';

describe('HttpError', () => {
  it('is recognised by brand and keeps code, status, retryAfterMs, attempts and cause', () => {
    const cause = new Error('inner');
    const error = new HttpError('rate-limit', 'm', { cause, status: 429, retryAfterMs: 10, attempts: 3 });
    expect(HttpError.is(error)).toBe(true);
    expect(error).toMatchObject({ code: 'rate-limit', status: 429, retryAfterMs: 10, attempts: 3, name: 'HttpError' });
    expect(error.cause).toBe(cause);
    expect(HttpError.is({ code: 'auth' })).toBe(false);
    expect(HttpError.is(new Error('x'))).toBe(false);
    expect(HttpError.is(null)).toBe(false);
  });

  it('recognises exactly the documented codes when checking a code', () => {
    expect(HTTP_ERROR_CODES.every((code) => HttpError.isCode(code))).toBe(true);
    expect(HttpError.isCode('cache')).toBe(false);
    expect(HttpError.isCode(3)).toBe(false);
  });
});
