/**
 * A JavaScript value as plain data, on the judge's side: what the sandbox reports for the untrusted side of
 * a split test (decoded by {@link decodeJsValue}), and what an expected literal of a test evaluates to
 * (`literal-value.ts`). Compared only by `js-equality.ts`, never by running JavaScript.
 *
 * - `array`: an array whose prototype is `Array.prototype`; `entries` are its own enumerable string-keyed
 *   properties (indices and others; a hole has no entry); `symbols` counts own enumerable symbol keys.
 * - `object`: prototype `Object.prototype` (`proto: 'Object'`) or `null`; the same entries and count.
 * - `other`: any other object (a `Map`, a `Date`, a class instance, an array with another prototype…),
 *   never deep-equal to a literal; `description` is for messages only.
 * - `cycle`: a reference back to an object that contains it.
 */
export type JsValue =
  | { kind: 'undefined' }
  | { kind: 'null' }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'bigint'; value: bigint }
  | { kind: 'symbol' }
  | { kind: 'function' }
  | { kind: 'cycle' }
  | { kind: 'array'; length: number; entries: Map<string, JsValue>; symbols: number }
  | { kind: 'object'; proto: 'Object' | 'null'; entries: Map<string, JsValue>; symbols: number }
  | { kind: 'other'; description: string };

/**
 * Whether `key` is a canonical array index (`'0'`, `'17'`, never `'01'` or `'-1'`), below 2³² − 1.
 *
 * @example
 * isArrayIndex('17'); // true
 * isArrayIndex('01'); // false
 */
export function isArrayIndex(key: string): boolean {
  if (key === '0') return true;
  if (!/^[1-9]\d{0,9}$/.test(key)) return false;
  return Number(key) < 2 ** 32 - 1;
}

/**
 * Whether a value is a primitive (not an array, object, function, other object or cycle).
 *
 * @example
 * isPrimitive({ kind: 'symbol' }); // true
 */
export function isPrimitive(value: JsValue): boolean {
  return (
    value.kind !== 'array' &&
    value.kind !== 'object' &&
    value.kind !== 'other' &&
    value.kind !== 'function' &&
    value.kind !== 'cycle'
  );
}

/**
 * JavaScript truthiness of a value (every object is truthy).
 *
 * @example
 * isTruthy({ kind: 'number', value: Number.NaN }); // false
 */
export function isTruthy(value: JsValue): boolean {
  return isPrimitive(value) ? primitiveTruthy(value) : true;
}

/**
 * JavaScript truthiness of a primitive value.
 *
 * @example
 * primitiveTruthy({ kind: 'string', value: '' }); // false
 */
export function primitiveTruthy(value: JsValue): boolean {
  switch (value.kind) {
    case 'undefined':
    case 'null':
      return false;
    case 'boolean':
      return value.value;
    case 'number':
      return value.value !== 0 && !Number.isNaN(value.value);
    case 'string':
      return value.value !== '';
    case 'bigint':
      return value.value !== 0n;
    default:
      return true;
  }
}
