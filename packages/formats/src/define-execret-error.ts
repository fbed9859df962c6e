import { ExecretError } from './execret-error.js';

/** What every package error's constructor accepts besides its code and message. */
export interface ExecretErrorOptions {
  /** The underlying error; `error.cause` is only set when it is not `undefined`. */
  cause?: unknown;
}

/** A package error class made by {@link defineExecretError}. */
export interface ExecretErrorClass<Code extends string> {
  new (code: Code, message: string, options?: ExecretErrorOptions): ExecretError<Code>;
  readonly prototype: ExecretError<Code>;
  /** The package whose prefix every message carries, e.g. `@execret/dataset`. */
  readonly packageName: string;
  /**
   * Whether `value` is an error of this class, from any copy of the package (ESM next to CommonJS, a spread copy):
   * a brand check, not `instanceof`.
   */
  is<T>(this: abstract new (...args: never[]) => T, value: unknown): value is T;
}

/** `@execret/<name>` followed by a space or a colon: the start of a message that already names its package. */
const PACKAGE_PREFIX = /^@execret\/[a-z0-9][a-z0-9-]*[ :]/;

/**
 * The one rule of execret's error messages: a message names its package once, at its start. A message that
 * already starts with a package name (`@execret/embedders openai: …`; for `HttpError`, the caller's label) is kept
 * as it is; any other gets `<packageName>: ` in front.
 *
 * @example
 * withPackagePrefix('@execret/dataset', 'hf: sources need …'); // '@execret/dataset: hf: sources need …'
 * withPackagePrefix('@execret/dataset', '@execret/dataset: hf: sources need …'); // unchanged
 * withPackagePrefix('@execret/http', '@execret/embedders openai: HTTP 500'); // unchanged
 */
export function withPackagePrefix(packageName: string, message: string): string {
  return PACKAGE_PREFIX.test(message) ? message : `${packageName}: ${message}`;
}

/**
 * Makes a package's one error class: `name`, a `code` from the package's union, `cause`, the message with its
 * package prefix said once ({@link withPackagePrefix}), and a static `is()` that checks the brand
 * `Symbol.for('<packageName>/<name>')` instead of `instanceof`. A class with fields of its own (an HTTP status,
 * data issues) extends the result and sets them in its constructor.
 *
 * @example
 * class ExampleError extends defineExecretError<'not-found' | 'aborted'>('@execret/example', 'ExampleError') {}
 * const error = new ExampleError('not-found', 'load: no file x.json');
 * [error.name, error.message, ExampleError.is(error), ExampleError.is({ ...error })];
 * // ['ExampleError', '@execret/example: load: no file x.json', true, true]
 */
export function defineExecretError<Code extends string>(packageName: string, name: string): ExecretErrorClass<Code> {
  if (!/^@execret\/[a-z0-9][a-z0-9-]*$/.test(packageName))
    throw new TypeError(
      `@execret/formats defineExecretError: expected a package name @execret/<name>, received ${packageName}`,
    );
  const brand = Symbol.for(`${packageName}/${name}`);
  return class extends ExecretError<Code> {
    static readonly packageName = packageName;

    constructor(code: Code, message: string, options: ExecretErrorOptions = {}) {
      super(name, brand, code, withPackagePrefix(packageName, message), options.cause);
    }

    static is<T>(this: abstract new (...args: never[]) => T, value: unknown): value is T {
      return ExecretError.hasBrand(value, brand);
    }
  };
}
