import { StatsError } from './stats-error.js';

/** Internal argument checks shared by the public functions; kernels never re-check. */

/** Throws a `TypeError` unless `values` is array-like (an array or a typed array). */
export function assertArrayLike(values: unknown, component: string, name: string): asserts values is ArrayLike<number> {
  if (values === null || typeof values !== 'object' || typeof (values as { length?: unknown }).length !== 'number') {
    throw new TypeError(
      `@execret/stats ${component}: expected ${name} to be an array or typed array of numbers, received ${describe(values)}`,
    );
  }
}

/** Copies `values` into a new `Float64Array`, throwing `StatsError('non-finite-value')` on NaN/±Infinity. */
export function toFiniteFloat64(
  values: ArrayLike<number>,
  component: string,
  name: string,
  details: Record<string, string | number> = {},
): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new StatsError(
        'non-finite-value',
        `@execret/stats ${component}: expected ${name}[${i}] to be a finite number, received ${describe(value)}`,
        { details: { ...details, index: i } },
      );
    }
    out[i] = value;
  }
  return out;
}

/** Throws a `RangeError` unless `value` is a safe integer ≥ `min`. */
export function assertInteger(value: unknown, component: string, name: string, min: number): asserts value is number {
  if (typeof value !== 'number') {
    throw new TypeError(
      `@execret/stats ${component}: expected ${name} to be an integer ≥ ${min}, received ${describe(value)}`,
    );
  }
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(
      `@execret/stats ${component}: expected ${name} to be an integer ≥ ${min}, received ${describe(value)}`,
    );
  }
}

/** Short human-readable description of a received value for error messages. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'undefined') return 'undefined';
  return typeof value;
}
