import { describe, expect, it } from 'vitest';
import { defineExecretError, withPackagePrefix } from './define-execret-error.js';
import { ExecretError } from './execret-error.js';

class ExampleError extends defineExecretError<'not-found' | 'aborted'>('@execret/example', 'ExampleError') {
  readonly status: number | undefined;
  constructor(code: 'not-found' | 'aborted', message: string, options: { cause?: unknown; status?: number } = {}) {
    super(code, message, options);
    this.status = options.status;
  }
}

class OtherError extends defineExecretError<'bad'>('@execret/other', 'OtherError') {}

const BRAND = Symbol.for('@execret/example/ExampleError');

describe('defineExecretError', () => {
  it('sets name, code, message, cause and the fields of the subclass when constructed', () => {
    const cause = new Error('inner');
    const error = new ExampleError('not-found', '@execret/example load: no x.json', { cause, status: 404 });
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(ExecretError);
    expect(error).toMatchObject({ name: 'ExampleError', code: 'not-found', status: 404 });
    expect(error.message).toBe('@execret/example load: no x.json');
    expect(error.cause).toBe(cause);
    expect(error.stack).toContain('ExampleError');
    expect(ExampleError.packageName).toBe('@execret/example');
  });

  it('leaves cause unset when none is given', () => {
    expect('cause' in new ExampleError('aborted', 'm')).toBe(false);
    expect('cause' in new ExampleError('aborted', 'm', { cause: undefined })).toBe(false);
  });

  it('marks instances with an own enumerable brand Symbol.for(<package>/<Class>)', () => {
    expect(Object.getOwnPropertySymbols(new ExampleError('aborted', 'm'))).toEqual([BRAND]);
    expect(Object.keys(new OtherError('bad', 'm'))).toEqual(['code', 'name']);
  });

  it.each([
    ['an instance', new ExampleError('aborted', 'm'), true],
    ['a spread copy (another copy of the package)', { ...new ExampleError('aborted', 'm') }, true],
    ['a plain object carrying the brand', { [BRAND]: true }, true],
    ['a brand that is not true', { [BRAND]: 'yes' }, false],
    ['another package class', new OtherError('bad', 'm'), false],
    ['a plain Error', new Error('m'), false],
    ['an object with the same code', { code: 'aborted' }, false],
    ['null', null, false],
    ['a string', 'ExampleError', false],
  ])('recognises by brand, not instanceof, when given %s', (_name, value, expected) => {
    expect(ExampleError.is(value)).toBe(expected);
  });

  it('tells classes apart when each checks its own brand', () => {
    expect(OtherError.is(new OtherError('bad', 'm'))).toBe(true);
    expect(OtherError.is(new ExampleError('aborted', 'm'))).toBe(false);
  });

  it('says the package prefix once when the message has it, and adds it when it has none', () => {
    expect(new ExampleError('aborted', 'load: stopped').message).toBe('@execret/example: load: stopped');
    expect(new ExampleError('aborted', '@execret/example: load: stopped').message).toBe(
      '@execret/example: load: stopped',
    );
  });

  it('rejects a package name outside @execret/ when defining a class', () => {
    expect(() => defineExecretError('example', 'ExampleError')).toThrow(TypeError);
  });
});

describe('withPackagePrefix', () => {
  it.each([
    ['no package name', 'hf: sources need x', '@execret/dataset: hf: sources need x'],
    ['its own name and a colon', '@execret/dataset: hf: sources need x', '@execret/dataset: hf: sources need x'],
    ['its own name and a component', '@execret/dataset hub: 404', '@execret/dataset hub: 404'],
    ['a caller label (HttpError)', '@execret/embedders openai: HTTP 500', '@execret/embedders openai: HTTP 500'],
    ['a name that only looks like a package', '@execret/dataset-x', '@execret/dataset: @execret/dataset-x'],
    ['the name later in the text', 'see @execret/dataset: x', '@execret/dataset: see @execret/dataset: x'],
    ['an empty message', '', '@execret/dataset: '],
  ])('names the package once when the message has %s', (_what, message, expected) => {
    expect(withPackagePrefix('@execret/dataset', message)).toBe(expected);
  });
});
