import { HttpError, httpFailure, wrapHttpError } from '@execret/http';
import { describe, expect, it } from 'vitest';
import { EmbeddersError } from './errors.js';

describe('EmbeddersError', () => {
  it('carries the HTTP details of a failed request once, as its HttpError cause', () => {
    const http = new HttpError('rate-limit', '@execret/embedders openai: rate limited (HTTP 429)', {
      status: 429,
      retryAfterMs: 10,
      attempts: 3,
    });
    const error = wrapHttpError(http, EmbeddersError) as EmbeddersError;
    expect(EmbeddersError.is(error)).toBe(true);
    expect(error).toMatchObject({ code: 'rate-limit', name: 'EmbeddersError', message: http.message });
    expect(error.cause).toBe(http);
    expect(httpFailure(error)).toMatchObject({ status: 429, retryAfterMs: 10, attempts: 3 });
    expect(Object.keys(error)).not.toContain('status');
  });
});
