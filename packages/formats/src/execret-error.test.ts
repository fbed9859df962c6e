import { describe, expect, it } from 'vitest';
import { ExecretError } from './execret-error.js';

const BRAND = Symbol.for('@execret/example/ExampleError');
const OTHER_BRAND = '__execretOtherError';

class ExampleError extends ExecretError<'not-found' | 'aborted'> {
  readonly status: number | undefined;
  constructor(code: 'not-found' | 'aborted', message: string, options: { cause?: unknown; status?: number } = {}) {
    super('ExampleError', BRAND, code, message, options.cause);
    this.status = options.status;
  }
  static is(value: unknown): value is ExampleError {
    return ExecretError.hasBrand(value, BRAND);
  }
}

class OtherError extends ExecretError<'bad'> {
  constructor(code: 'bad', message: string) {
    super('OtherError', OTHER_BRAND, code, message);
  }
  static is(value: unknown): value is OtherError {
    return ExecretError.hasBrand(value, OTHER_BRAND);
  }
}

describe('ExecretError', () => {
  it('sets name, code, message, cause and the fields of the subclass when constructed', () => {
    const cause = new Error('inner');
    const error = new ExampleError('not-found', '@execret/example load: no x.json', { cause, status: 404 });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'ExampleError', code: 'not-found', status: 404 });
    expect(error.message).toBe('@execret/example load: no x.json');
    expect(error.cause).toBe(cause);
    expect(error.stack).toContain('ExampleError');
  });

  it('leaves cause unset when none is given', () => {
    expect('cause' in new ExampleError('aborted', 'm')).toBe(false);
    expect('cause' in new ExampleError('aborted', 'm', { cause: undefined })).toBe(false);
  });

  it('marks instances with an own enumerable brand, a symbol or a string', () => {
    expect(Object.getOwnPropertySymbols(new ExampleError('aborted', 'm'))).toEqual([BRAND]);
    expect(Object.keys(new OtherError('bad', 'm'))).toEqual(['code', OTHER_BRAND, 'name']);
  });

  it.each([
    ['an instance', new ExampleError('aborted', 'm'), true],
    ['a spread copy (another copy of the package)', { ...new ExampleError('aborted', 'm') }, true],
    ['a plain object carrying the brand', { [BRAND]: true }, true],
    ['a brand that is not true', { [BRAND]: 'yes' }, false],
    ['another subclass', new OtherError('bad', 'm'), false],
    ['a plain Error', new Error('m'), false],
    ['an object with the same code', { code: 'aborted' }, false],
    ['null', null, false],
    ['a string', 'ExampleError', false],
  ])('recognises by brand, not instanceof, when given %s', (_name, value, expected) => {
    expect(ExampleError.is(value)).toBe(expected);
  });

  it('tells subclasses apart when each checks its own brand', () => {
    expect(OtherError.is(new OtherError('bad', 'm'))).toBe(true);
    expect(OtherError.is(new ExampleError('aborted', 'm'))).toBe(false);
  });
});
