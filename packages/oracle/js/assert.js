// @execret/oracle JavaScript runner: `assert` with node:assert/strict semantics for the QuickJS engine,
// used by tests judged inside the sandbox (`judged: 'child'`). Its completion value is a factory that the
// engine host calls with the intrinsics the prelude (js/prelude.js) captured before any untrusted code ran;
// it may therefore be compiled after the snippet: it uses only those captured functions (`I.*`) and
// syntax, never a global name, a prototype method looked up on a value, the iteration protocol or a
// property assignment to an ordinary object. The returned function and its methods are frozen.
//
// Outcomes only depend on whether it throws and what: messages it generates are simple (the judge reports
// `FAIL` for them, `FAIL: <message>` only for messages the test passes).
(function execretAssert(I) {
  const apply = I.apply;
  const create = I.create;
  const getProto = I.getProto;
  const ownKeys = I.ownKeys;
  const getOwnDesc = I.getOwnDesc;
  const objectIs = I.objectIs;
  const isNaNNumber = I.numberIsNaN;
  const AssertionError = I.AssertionError;
  const TypeErrorCtor = I.TypeError;
  const ErrorProto = I.ErrorProto;
  const ErrorCtor = I.Error;
  const inherits = I.inherits;
  const StringCtor = I.String;

  // Lists and property descriptors are null-prototype records: an array or an object literal would consult
  // Array.prototype/Object.prototype (setters on indices, inherited `get`/`value` fields of a descriptor).
  const list = function list() {
    const items = create(null);
    items.length = 0;
    return items;
  };
  const push = function push(items, value) {
    items[items.length] = value;
    items.length += 1;
  };
  const fixed = function fixed(value) {
    const desc = create(null);
    desc.value = value;
    desc.writable = false;
    desc.configurable = false;
    desc.enumerable = true;
    return desc;
  };
  const hidden = function hidden(value) {
    const desc = create(null);
    desc.value = value;
    desc.writable = true;
    desc.configurable = true;
    desc.enumerable = false;
    return desc;
  };

  const isError = function isError(value) {
    return inherits(value, ErrorProto);
  };
  const brand = function brand(getter, value) {
    if (getter === undefined) return false;
    try {
      apply(getter, value, []);
      return true;
    } catch (_) {
      return false;
    }
  };
  const isDate = (v) => brand(I.dateGetTime, v);
  const isRegExp = (v) => v !== I.RegExpProto && brand(I.regExpSource, v);
  const isMap = (v) => brand(I.mapSize, v);
  const isSet = (v) => brand(I.setSize, v);
  const isArrayBuffer = (v) => brand(I.arrayBufferByteLength, v);
  const isTypedArray = (v) => I.isView(v) && brand(I.typedArrayLength, v);
  const BOX_GETTERS = list();
  push(BOX_GETTERS, I.numberValueOf);
  push(BOX_GETTERS, I.stringValueOf);
  push(BOX_GETTERS, I.booleanValueOf);
  push(BOX_GETTERS, I.bigintValueOf);
  push(BOX_GETTERS, I.symbolValueOf);
  const boxedValue = function boxedValue(v) {
    for (let i = 0; i < BOX_GETTERS.length; i++) {
      const getter = BOX_GETTERS[i];
      if (getter === undefined) continue;
      try {
        return { kind: i, value: apply(getter, v, []) };
      } catch (_) {
        // not this kind of box
      }
    }
    return undefined;
  };

  /** Own enumerable keys, strings and symbols apart (as node's strict comparison uses them). */
  const enumerableKeys = function enumerableKeys(value) {
    const keys = ownKeys(value);
    const strings = list();
    const symbols = list();
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      const desc = getOwnDesc(value, key);
      if (desc === undefined || desc.enumerable !== true) continue;
      if (typeof key === 'symbol') push(symbols, key);
      else push(strings, key);
    }
    return { strings, symbols };
  };
  const isEnumerableOwn = function isEnumerableOwn(value, key) {
    const desc = getOwnDesc(value, key);
    return desc !== undefined && desc.enumerable === true;
  };

  const bytesEqual = function bytesEqual(a, offsetA, b, offsetB, length) {
    const viewA = new I.Uint8Array(a, offsetA, length);
    const viewB = new I.Uint8Array(b, offsetB, length);
    for (let i = 0; i < length; i++) if (viewA[i] !== viewB[i]) return false;
    return true;
  };

  /** Pairs being compared, for cycles: a pair met again is assumed equal (as node does). */
  const pending = create(null);
  pending.length = 0;
  const isPending = function isPending(a, b) {
    for (let i = 0; i < pending.length; i += 2) if (pending[i] === a && pending[i + 1] === b) return true;
    return false;
  };

  const keysEqual = function keysEqual(a, b) {
    const keysA = enumerableKeys(a);
    const keysB = enumerableKeys(b);
    if (keysA.strings.length !== keysB.strings.length || keysA.symbols.length !== keysB.symbols.length) return false;
    for (let i = 0; i < keysA.strings.length; i++) if (!isEnumerableOwn(b, keysA.strings[i])) return false;
    for (let i = 0; i < keysA.symbols.length; i++) if (!isEnumerableOwn(b, keysA.symbols[i])) return false;
    for (let i = 0; i < keysA.strings.length; i++) {
      const key = keysA.strings[i];
      if (!deepEqual(a[key], b[key])) return false;
    }
    for (let i = 0; i < keysA.symbols.length; i++) {
      const key = keysA.symbols[i];
      if (!deepEqual(a[key], b[key])) return false;
    }
    return true;
  };

  const isPrimitive = (v) => v === null || (typeof v !== 'object' && typeof v !== 'function');

  const setsEqual = function setsEqual(a, b) {
    if (apply(I.setSize, a, []) !== apply(I.setSize, b, [])) return false;
    const objectsB = list();
    apply(I.setForEach, b, [
      (v) => {
        if (!isPrimitive(v)) push(objectsB, v);
      },
    ]);
    const used = create(null);
    let equal = true;
    apply(I.setForEach, a, [
      (v) => {
        if (!equal) return;
        if (isPrimitive(v)) {
          if (!apply(I.setHas, b, [v])) equal = false;
          return;
        }
        for (let i = 0; i < objectsB.length; i++) {
          if (used[i] !== true && deepEqual(v, objectsB[i])) {
            used[i] = true;
            return;
          }
        }
        equal = false;
      },
    ]);
    return equal;
  };

  const mapsEqual = function mapsEqual(a, b) {
    if (apply(I.mapSize, a, []) !== apply(I.mapSize, b, [])) return false;
    const objectKeysB = list();
    apply(I.mapForEach, b, [
      (_, k) => {
        if (!isPrimitive(k)) push(objectKeysB, k);
      },
    ]);
    const used = create(null);
    let equal = true;
    apply(I.mapForEach, a, [
      (v, k) => {
        if (!equal) return;
        if (isPrimitive(k)) {
          if (!apply(I.mapHas, b, [k]) || !deepEqual(v, apply(I.mapGet, b, [k]))) equal = false;
          return;
        }
        for (let i = 0; i < objectKeysB.length; i++) {
          const k2 = objectKeysB[i];
          if (used[i] !== true && deepEqual(k, k2) && deepEqual(v, apply(I.mapGet, b, [k2]))) {
            used[i] = true;
            return;
          }
        }
        equal = false;
      },
    ]);
    return equal;
  };

  /** node's `isDeepStrictEqual`, for the kinds of values tests compare. */
  const deepEqual = function deepEqual(a, b) {
    if (a === b) return a !== 0 || objectIs(a, b);
    if (typeof a !== 'object') return typeof a === 'number' && isNaNNumber(a) && isNaNNumber(b);
    if (typeof b !== 'object' || a === null || b === null) return false;
    if (getProto(a) !== getProto(b)) return false;
    const tagA = apply(I.objectToString, a, []);
    const tagB = apply(I.objectToString, b, []);
    if (tagA !== tagB) return false;
    if (isPending(a, b)) return true;
    const at = pending.length;
    pending[at] = a;
    pending[at + 1] = b;
    pending.length = at + 2;
    try {
      return compareObjects(a, b, tagA);
    } finally {
      pending.length = at;
    }
  };

  const compareObjects = function compareObjects(a, b, tag) {
    if (I.isArray(a)) {
      if (!I.isArray(b) || a.length !== b.length) return false;
      return keysEqual(a, b);
    }
    if (tag === '[object Object]' && !isError(a)) return keysEqual(a, b);
    if (isDate(a)) {
      if (!isDate(b) || apply(I.dateGetTime, a, []) !== apply(I.dateGetTime, b, [])) return false;
    } else if (isRegExp(a)) {
      if (
        !isRegExp(b) ||
        apply(I.regExpSource, a, []) !== apply(I.regExpSource, b, []) ||
        apply(I.regExpFlags, a, []) !== apply(I.regExpFlags, b, []) ||
        a.lastIndex !== b.lastIndex
      )
        return false;
    } else if (isError(a)) {
      if (!isError(b) || a.message !== b.message || a.name !== b.name) return false;
    } else if (isTypedArray(a)) {
      if (!isTypedArray(b)) return false;
      if (apply(I.typedArrayTag, a, []) !== apply(I.typedArrayTag, b, [])) return false;
      const length = apply(I.typedArrayByteLength, a, []);
      if (length !== apply(I.typedArrayByteLength, b, [])) return false;
      if (
        !bytesEqual(
          apply(I.typedArrayBuffer, a, []),
          apply(I.typedArrayByteOffset, a, []),
          apply(I.typedArrayBuffer, b, []),
          apply(I.typedArrayByteOffset, b, []),
          length,
        )
      )
        return false;
      return keysEqualNonIndex(a, b);
    } else if (isSet(a)) {
      if (!isSet(b) || !setsEqual(a, b)) return false;
    } else if (isMap(a)) {
      if (!isMap(b) || !mapsEqual(a, b)) return false;
    } else if (isArrayBuffer(a)) {
      if (!isArrayBuffer(b)) return false;
      const length = apply(I.arrayBufferByteLength, a, []);
      if (length !== apply(I.arrayBufferByteLength, b, []) || !bytesEqual(a, 0, b, 0, length)) return false;
    } else {
      const boxA = boxedValue(a);
      if (boxA !== undefined) {
        const boxB = boxedValue(b);
        if (boxB === undefined || boxB.kind !== boxA.kind || !objectIs(boxA.value, boxB.value)) return false;
      } else if (
        isDate(b) ||
        isRegExp(b) ||
        isError(b) ||
        isTypedArray(b) ||
        isSet(b) ||
        isMap(b) ||
        isArrayBuffer(b)
      ) {
        return false;
      }
    }
    return keysEqual(a, b);
  };

  /** Key comparison of typed arrays: their indices were compared as bytes. */
  const keysEqualNonIndex = function keysEqualNonIndex(a, b) {
    const count = function count(value) {
      const keys = enumerableKeys(value);
      let n = 0;
      for (let i = 0; i < keys.strings.length; i++) {
        const key = keys.strings[i];
        if (StringCtor(+key >>> 0) !== key) n++;
      }
      return n + keys.symbols.length;
    };
    return count(a) === 0 && count(b) === 0;
  };

  const fail = function fail(settings) {
    if (isError(settings.message)) throw settings.message;
    const error = new AssertionError(settings);
    throw error;
  };
  const missingArgs = function missingArgs() {
    const error = new TypeErrorCtor('The "actual" and "expected" arguments must be specified');
    I.defineProperty(error, 'code', hidden('ERR_MISSING_ARGS'));
    throw error;
  };
  const invalidArg = function invalidArg(name, expected) {
    const error = new TypeErrorCtor(`The "${name}" argument must be ${expected}`);
    I.defineProperty(error, 'code', hidden('ERR_INVALID_ARG_TYPE'));
    throw error;
  };
  const generatedOrGiven = function generatedOrGiven(message, generated) {
    return message === undefined || message === null
      ? { message: generated, generatedMessage: true }
      : { message, generatedMessage: !message };
  };

  const ok = function ok(...args) {
    const value = args[0];
    const message = args[1];
    if (!value) {
      const text =
        args.length === 0
          ? generatedOrGiven(undefined, 'No value argument passed to `assert.ok()`')
          : generatedOrGiven(message, 'The expression evaluated to a falsy value');
      fail({
        message: isError(message) ? message : text.message,
        generatedMessage: text.generatedMessage,
        actual: value,
        expected: true,
        operator: '==',
      });
    }
  };
  const assert = function assert(...args) {
    if (args.length === 0) return ok();
    return ok(args[0], args[1]);
  };

  const compare = function compare(operator, holds, actual, expected, message, argumentCount) {
    if (argumentCount < 2) missingArgs();
    if (!holds) {
      const text = generatedOrGiven(message, `Expected values to pass ${operator}`);
      fail({
        message: isError(message) ? message : text.message,
        generatedMessage: text.generatedMessage,
        actual,
        expected,
        operator,
      });
    }
  };
  const strictEqual = function strictEqual(...args) {
    compare('strictEqual', objectIs(args[0], args[1]), args[0], args[1], args[2], args.length);
  };
  const notStrictEqual = function notStrictEqual(...args) {
    compare('notStrictEqual', !objectIs(args[0], args[1]), args[0], args[1], args[2], args.length);
  };
  const deepStrictEqual = function deepStrictEqual(...args) {
    if (args.length < 2) missingArgs();
    compare('deepStrictEqual', deepEqual(args[0], args[1]), args[0], args[1], args[2], args.length);
  };
  const notDeepStrictEqual = function notDeepStrictEqual(...args) {
    if (args.length < 2) missingArgs();
    compare('notDeepStrictEqual', !deepEqual(args[0], args[1]), args[0], args[1], args[2], args.length);
  };

  const NO_EXCEPTION = create(null);
  const getActual = function getActual(fn) {
    if (typeof fn !== 'function') invalidArg('fn', 'of type function');
    try {
      fn();
    } catch (error) {
      return error;
    }
    return NO_EXCEPTION;
  };

  const regExpMatches = function regExpMatches(re, text) {
    return apply(I.regExpExec, re, [text]) !== null;
  };

  /** node's `expectedException`: does `actual` satisfy `expected` (throws an AssertionError if not). */
  const checkExpected = function checkExpected(actual, expected, message, operator) {
    const reject = function reject(generated) {
      const text = generatedOrGiven(message, generated);
      fail({ message: text.message, generatedMessage: text.generatedMessage, actual, expected, operator });
    };
    if (typeof expected !== 'function') {
      if (isRegExp(expected)) {
        if (regExpMatches(expected, StringCtor(actual))) return;
        reject('The input did not match the regular expression');
        return;
      }
      if (typeof actual !== 'object' || actual === null) {
        reject('The error is expected to be an object');
        return;
      }
      const keys = enumerableKeys(expected).strings;
      if (isError(expected)) {
        push(keys, 'name');
        push(keys, 'message');
      } else if (keys.length === 0) {
        const error = new TypeErrorCtor("The argument 'error' may not be an empty object");
        I.defineProperty(error, 'code', hidden('ERR_INVALID_ARG_VALUE'));
        throw error;
      }
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i];
        const actualValue = actual[key];
        const expectedValue = expected[key];
        if (typeof actualValue === 'string' && isRegExp(expectedValue) && regExpMatches(expectedValue, actualValue)) {
          continue;
        }
        if (!(key in actual) || !deepEqual(actualValue, expectedValue)) {
          reject(`The error does not have the expected ${key}`);
          return;
        }
      }
      return;
    }
    if (expected.prototype !== undefined && actual instanceof expected) return;
    if (inherits(expected, ErrorCtor) || expected === ErrorCtor) {
      reject('The error is expected to be an instance of the given class');
      return;
    }
    const result = apply(expected, {}, [actual]);
    if (result !== true) reject('The validation function is expected to return "true"');
  };

  const throws = function throws(...args) {
    const actual = getActual(args[0]);
    let expected = args[1];
    let text = args[2];
    if (typeof expected === 'string') {
      if (args.length === 3) invalidArg('error', 'of type function or an instance of Error, RegExp, or Object');
      text = expected;
      expected = undefined;
    } else if (
      expected !== undefined &&
      expected !== null &&
      typeof expected !== 'object' &&
      typeof expected !== 'function'
    ) {
      invalidArg('error', 'of type function or an instance of Error, RegExp, or Object');
    }
    if (actual === NO_EXCEPTION) {
      let details = '';
      if (expected !== undefined && expected !== null && typeof expected.name === 'string' && expected.name !== '') {
        details += ` (${expected.name})`;
      }
      details += text ? `: ${StringCtor(text)}` : '.';
      fail({
        message: `Missing expected exception${details}`,
        generatedMessage: text === undefined || text === null,
        actual: undefined,
        expected,
        operator: 'throws',
      });
    }
    if (expected === undefined || expected === null) return;
    checkExpected(actual, expected, text, 'throws');
  };

  const doesNotThrow = function doesNotThrow(fn, error, message) {
    const actual = getActual(fn);
    if (actual === NO_EXCEPTION) return;
    let expected = error;
    let text = message;
    if (typeof expected === 'string') {
      text = expected;
      expected = undefined;
    }
    let matching = true;
    if (expected !== undefined && expected !== null) {
      if (typeof expected !== 'function') {
        if (!isRegExp(expected)) invalidArg('expected', 'of type function or an instance of RegExp');
        matching = regExpMatches(expected, StringCtor(actual));
      } else if (expected.prototype !== undefined && actual instanceof expected) {
        matching = true;
      } else if (inherits(expected, ErrorCtor) || expected === ErrorCtor) {
        matching = false;
      } else {
        matching = apply(expected, {}, [actual]) === true;
      }
    }
    if (matching) {
      fail({
        message: `Got unwanted exception${text ? `: ${StringCtor(text)}` : '.'}`,
        generatedMessage: text === undefined || text === null,
        actual,
        expected,
        operator: 'doesNotThrow',
      });
    }
    throw actual;
  };

  const internalMatch = function internalMatch(string, regexp, message, wanted, operator) {
    if (!isRegExp(regexp)) invalidArg('regexp', 'an instance of RegExp');
    if (typeof string !== 'string' || regExpMatches(regexp, string) !== wanted) {
      if (isError(message)) throw message;
      const text = generatedOrGiven(
        message,
        typeof string !== 'string'
          ? 'The "string" argument must be of type string'
          : wanted
            ? 'The input did not match the regular expression'
            : 'The input was expected to not match the regular expression',
      );
      fail({
        message: text.message,
        generatedMessage: text.generatedMessage,
        actual: string,
        expected: regexp,
        operator,
      });
    }
  };
  const match = function match(string, regexp, message) {
    internalMatch(string, regexp, message, true, 'match');
  };
  const doesNotMatch = function doesNotMatch(string, regexp, message) {
    internalMatch(string, regexp, message, false, 'doesNotMatch');
  };

  const failMethod = function fail(...args) {
    const message = args[0];
    if (args.length === 0 || message === undefined || message === null) {
      const error = new AssertionError({ message: 'Failed', generatedMessage: true, operator: 'fail' });
      throw error;
    }
    if (isError(message)) throw message;
    const error = new AssertionError({ message, generatedMessage: false, operator: 'fail' });
    throw error;
  };

  const ifError = function ifError(value) {
    if (value !== null && value !== undefined) {
      const error = new AssertionError({
        message: `ifError got unwanted exception: ${I.printable(isError(value) ? value.message : value)}`,
        generatedMessage: false,
        actual: value,
        expected: null,
        operator: 'ifError',
      });
      throw error;
    }
  };

  const methods = {
    ok,
    equal: strictEqual,
    notEqual: notStrictEqual,
    strictEqual,
    notStrictEqual,
    deepEqual: deepStrictEqual,
    notDeepEqual: notDeepStrictEqual,
    deepStrictEqual,
    notDeepStrictEqual,
    throws,
    doesNotThrow,
    match,
    doesNotMatch,
    fail: failMethod,
    ifError,
    AssertionError,
  };
  const names = ownKeys(methods);
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    I.defineProperty(assert, name, fixed(methods[name]));
    if (typeof methods[name] === 'function' && name !== 'AssertionError') I.freeze(methods[name]);
  }
  I.defineProperty(assert, 'strict', fixed(assert));
  return I.freeze(assert);
});
