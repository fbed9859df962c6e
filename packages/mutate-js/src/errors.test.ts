import { describe, expect, it } from 'vitest';
import { MutateJsError } from './errors.js';

describe('MutateJsError', () => {
  it('is recognised by brand when it crosses package copies', () => {
    const error = new MutateJsError('not-found', 'm', { cause: 'c' });
    expect(MutateJsError.is(error)).toBe(true);
    expect(MutateJsError.is({ ...error, __execretMutateJsError: true })).toBe(true);
    expect(MutateJsError.is(new Error('m'))).toBe(false);
    expect(MutateJsError.is(null)).toBe(false);
    expect(error).toMatchObject({ name: 'MutateJsError', code: 'not-found', message: 'm', cause: 'c' });
  });
});
