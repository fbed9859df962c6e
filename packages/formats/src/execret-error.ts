/**
 * The base of every execret package's one error class (`OracleError`, `DatasetError`, `HttpError`, …), holding the
 * pattern once: `name` set to the subclass's name, a `code` from the package's string-literal union, a `cause`
 * when one is given, and a brand property that the subclass's static `is()` checks instead of `instanceof` (which
 * fails between the ESM and CommonJS builds of a package, or two copies of it, loaded side by side). The brand is
 * an own enumerable property set to `true`, normally `Symbol.for('@execret/<package>/<Class>')`, so a copy of the
 * error made by spreading it keeps it.
 *
 * A subclass passes its name and brand to the constructor, adds its own fields (HTTP status, data issues, …) and
 * defines `is()` with {@link ExecretError.hasBrand}; messages are the subclass's (they start with
 * `@execret/<package> <component>:`). Only the subclasses are thrown; this class is never exported under another
 * package's name.
 *
 * @example
 * const BRAND = Symbol.for('@execret/example/ExampleError');
 * class ExampleError extends ExecretError<'not-found' | 'aborted'> {
 *   constructor(code: 'not-found' | 'aborted', message: string, options: { cause?: unknown } = {}) {
 *     super('ExampleError', BRAND, code, message, options.cause);
 *   }
 *   static is(value: unknown): value is ExampleError {
 *     return ExecretError.hasBrand(value, BRAND);
 *   }
 * }
 * const error = new ExampleError('not-found', '@execret/example load: no file x.json');
 * [error.name, error.code, ExampleError.is(error), ExampleError.is({ ...error })]; // ['ExampleError', 'not-found', true, true]
 */
export class ExecretError<Code extends string = string> extends Error {
  /** What went wrong: one of the package's documented codes. */
  readonly code: Code;

  /**
   * @param name - the subclass's name, e.g. `OracleError` (becomes `error.name`)
   * @param brand - the property that marks the subclass's instances (set to `true`, own and enumerable)
   * @param code - what went wrong
   * @param message - the whole message, starting with `@execret/<package> <component>:`
   * @param cause - the underlying error; `error.cause` is only set when it is not `undefined`
   */
  protected constructor(name: string, brand: string | symbol, code: Code, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    (this as unknown as Record<string | symbol, unknown>)[brand] = true;
    this.name = name;
    this.code = code;
  }

  /**
   * Whether `value` is an object whose `brand` property is `true`: the body of every subclass's `is()` (see the
   * class example).
   */
  protected static hasBrand(value: unknown, brand: string | symbol): boolean {
    return typeof value === 'object' && value !== null && (value as Record<string | symbol, unknown>)[brand] === true;
  }
}
