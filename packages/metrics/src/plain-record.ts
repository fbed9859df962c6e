/**
 * Helpers for the `Record` inputs of `evaluate`.
 *
 * @internal
 */

/**
 * Whether `value` is a non-null, non-array object.
 *
 * @example
 * isPlainRecord({ c_0001: 1 }); // true
 * isPlainRecord([1]);           // false
 */
export function isPlainRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Defines an own enumerable property, so that keys such as `__proto__` are stored as data.
 *
 * @example
 * const row = {};
 * setOwn(row, '__proto__', 1);
 * Object.keys(row); // ['__proto__']
 */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
