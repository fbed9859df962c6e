import { defineExecretError } from '@execret/formats';
import { describe, expect, it } from 'vitest';
import { HttpError, type HttpErrorCode } from './errors.js';
import { httpFailure, wrapHttpError } from './http-failure.js';

class ExampleError extends defineExecretError<HttpErrorCode | 'cache'>('@execret/example', 'ExampleError') {}

describe('wrapHttpError', () => {
  it('keeps code and message and carries the HttpError with its details as the cause', () => {
    const http = new HttpError('rate-limit', '@execret/example api: rate limited (HTTP 429)', {
      status: 429,
      retryAfterMs: 10,
      attempts: 3,
    });
    const wrapped = wrapHttpError(http, ExampleError);
    expect(ExampleError.is(wrapped)).toBe(true);
    expect(wrapped).toMatchObject({ code: 'rate-limit', message: '@execret/example api: rate limited (HTTP 429)' });
    expect((wrapped as Error).cause).toBe(http);
    expect(httpFailure(wrapped)).toMatchObject({ status: 429, retryAfterMs: 10, attempts: 3 });
  });

  it('returns anything that is not an HttpError unchanged', () => {
    const other = new Error('x');
    expect(wrapHttpError(other, ExampleError)).toBe(other);
    expect(wrapHttpError('text', ExampleError)).toBe('text');
  });
});

describe('httpFailure', () => {
  it('finds the HttpError itself, along the cause chain, or nothing', () => {
    const http = new HttpError('server', 'm', { status: 503 });
    expect(httpFailure(http)).toBe(http);
    expect(httpFailure(new Error('a', { cause: new Error('b', { cause: http }) }))).toBe(http);
    expect(httpFailure(new Error('a'))).toBeUndefined();
    expect(httpFailure(null)).toBeUndefined();
  });

  it('stops on a cause cycle when none is an HttpError', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    a.cause = a;
    expect(httpFailure(a)).toBeUndefined();
  });
});
