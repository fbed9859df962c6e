/**
 * The base of every execret package's one error class (`OracleError`, `DatasetError`, `HttpError`, …), holding the
 * pattern once: `name` set to the subclass's name, a `code` from the package's string-literal union, a `cause`
 * when one is given, and a brand property that the class's static `is()` checks instead of `instanceof` (which
 * fails between the ESM and CommonJS builds of a package, or two copies of it, loaded side by side). The brand is
 * an own enumerable property set to `true`, `Symbol.for('@execret/<package>/<Class>')`, so a copy of the error made
 * by spreading it keeps it.
 *
 * Package error classes are not written against this constructor: they are made by `defineExecretError`, which
 * also applies the one rule of messages (the package prefix, said once). Only the package classes are thrown;
 * this class is never exported under another package's name.
 */
export class ExecretError<Code extends string = string> extends Error {
  /** What went wrong: one of the package's documented codes. */
  readonly code: Code;

  /**
   * @param name - the subclass's name, e.g. `OracleError` (becomes `error.name`)
   * @param brand - the property that marks the subclass's instances (set to `true`, own and enumerable)
   * @param code - what went wrong
   * @param message - the whole message
   * @param cause - the underlying error; `error.cause` is only set when it is not `undefined`
   */
  protected constructor(name: string, brand: string | symbol, code: Code, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    (this as unknown as Record<string | symbol, unknown>)[brand] = true;
    this.name = name;
    this.code = code;
  }

  /** Whether `value` is an object whose `brand` property is `true`: the body of every package class's `is()`. */
  protected static hasBrand(value: unknown, brand: string | symbol): boolean {
    return typeof value === 'object' && value !== null && (value as Record<string | symbol, unknown>)[brand] === true;
  }
}
