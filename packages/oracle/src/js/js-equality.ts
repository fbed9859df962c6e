import { isPrimitive, type JsValue } from './js-value.js';

/**
 * The three equalities of `node:assert/strict` and of `===`, over {@link JsValue} plain data, written for the
 * judge (no JavaScript of the snippet runs). The expected side is always a literal, so an `other` value (a
 * `Map`, a class instance, a function), a `cycle` or a `symbol` is never equal to it, exactly as node
 * would decide: a literal has `Object.prototype` or `Array.prototype`, no symbol keys and no cycles.
 */

/**
 * `Object.is` — `assert.strictEqual`: same type and value, `NaN` equal to itself, `-0` and `0` different;
 * two objects are never the same object (a literal is a fresh object).
 *
 * @example
 * isSameValue({ kind: 'number', value: Number.NaN }, { kind: 'number', value: Number.NaN }); // true
 * isSameValue({ kind: 'number', value: -0 }, { kind: 'number', value: 0 });                 // false
 */
export function isSameValue(actual: JsValue, expected: JsValue): boolean {
  if (!isPrimitive(actual) || !isPrimitive(expected)) return false;
  return primitivesEqual(actual, expected, Object.is);
}

/**
 * `===` — as `Object.is`, except that `NaN` is never equal and `-0 === 0`.
 *
 * @example
 * isStrictlyEqual({ kind: 'number', value: -0 }, { kind: 'number', value: 0 }); // true
 */
export function isStrictlyEqual(actual: JsValue, expected: JsValue): boolean {
  if (!isPrimitive(actual) || !isPrimitive(expected)) return false;
  return primitivesEqual(actual, expected, (a, b) => a === b);
}

/**
 * node's `isDeepStrictEqual`: primitives by `Object.is`; arrays (with `Array.prototype`) by length and by
 * their own enumerable string-keyed properties (a hole differs from `undefined`); objects by prototype
 * (`Object.prototype` differs from `null`) and own enumerable string-keyed properties, in any order; an
 * own enumerable symbol key on either side makes them differ (a literal has none).
 *
 * @example
 * const one: JsValue = { kind: 'number', value: 1 };
 * isDeepStrictEqual(
 *   { kind: 'array', length: 1, entries: new Map([['0', one]]), symbols: 0 },
 *   { kind: 'array', length: 1, entries: new Map([['0', one]]), symbols: 0 },
 * ); // true
 */
export function isDeepStrictEqual(actual: JsValue, expected: JsValue): boolean {
  if (isPrimitive(actual) || isPrimitive(expected)) return isSameValue(actual, expected);
  if (actual.kind === 'array' && expected.kind === 'array') {
    return actual.length === expected.length && entriesEqual(actual, expected);
  }
  if (actual.kind === 'object' && expected.kind === 'object') {
    return actual.proto === expected.proto && entriesEqual(actual, expected);
  }
  return false;
}

function entriesEqual(
  actual: { entries: Map<string, JsValue>; symbols: number },
  expected: { entries: Map<string, JsValue>; symbols: number },
): boolean {
  if (actual.symbols !== 0 || expected.symbols !== 0) return false;
  if (actual.entries.size !== expected.entries.size) return false;
  for (const [key, value] of expected.entries) {
    const other = actual.entries.get(key);
    if (other === undefined || !isDeepStrictEqual(other, value)) return false;
  }
  return true;
}

function primitivesEqual(a: JsValue, b: JsValue, numbers: (x: number, y: number) => boolean): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'undefined':
    case 'null':
      return true;
    case 'boolean':
    case 'string':
    case 'bigint':
      return a.value === (b as typeof a).value;
    case 'number':
      return numbers(a.value, (b as typeof a).value);
    default:
      // Symbols: a literal is never a symbol, and two reported symbols cannot be told apart.
      return false;
  }
}
