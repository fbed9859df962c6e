// @execret/oracle JavaScript runner: the prelude, evaluated as a script in every fresh realm before any
// untrusted code (the snippet, the tests) runs. Its completion value is the factory below; the engine host
// calls it once and keeps the object it returns. Nothing here is reachable from untrusted code: the
// returned object is held only by the host, and no global binding refers to it.
//
// Rules this file follows, because untrusted code runs in the same realm afterwards and may patch any
// global or prototype (Object.prototype, Array.prototype, Function.prototype, JSON, Reflect, ...):
// - every built-in function it needs is captured here, before the snippet runs, and called only as a plain
//   function or through the captured Reflect.apply; never `x.method()` on a value, never `.call`/`.bind`;
// - no iteration protocol (no for-of, spread or array destructuring), no property assignment to ordinary
//   objects (a setter on a prototype would see it), only object/array literals (CreateDataProperty) and
//   null-prototype records;
// - values are read with property descriptors, so serialising a value never runs a getter;
// - outputs are strings built by concatenation of primitives.
(function execretPrelude(options) {
  const R = Reflect;
  const apply = R.apply;
  const getProto = R.getPrototypeOf;
  const ownKeys = R.ownKeys;
  const getOwnDesc = R.getOwnPropertyDescriptor;
  const defineProperty = R.defineProperty;
  const ObjectCtor = Object;
  const create = ObjectCtor.create;
  const setProto = ObjectCtor.setPrototypeOf;
  const freeze = ObjectCtor.freeze;
  const objectHasOwnProperty = ObjectCtor.prototype.hasOwnProperty;
  const isArray = Array.isArray;
  const isView = ArrayBuffer.isView;
  const jsonStringify = JSON.stringify;
  const StringCtor = String;
  const strSlice = String.prototype.slice;
  const ObjectProto = ObjectCtor.prototype;
  const ArrayProto = Array.prototype;
  const ErrorCtor = Error;
  const ErrorProto = Error.prototype;
  const TypeErrorCtor = TypeError;
  const WeakSetCtor = WeakSet;
  const wsHas = WeakSet.prototype.has;
  const wsAdd = WeakSet.prototype.add;
  const RealProxy = typeof Proxy === 'function' ? Proxy : undefined;
  const globalObject = globalThis;

  const opts = options === undefined || options === null ? create(null) : options;
  const hostIsProxy = typeof opts.isProxy === 'function' ? opts.isProxy : undefined;
  const hostIsNativeError = typeof opts.isNativeError === 'function' ? opts.isNativeError : undefined;
  const wrapProxy = opts.wrapProxy !== false;
  const hostAssertionError = typeof opts.AssertionError === 'function' ? opts.AssertionError : undefined;
  const limitsSource = opts.limits !== undefined && opts.limits !== null ? opts.limits : create(null);
  // Under node, values made by Node's APIs come from the job process's own realm, not the test's context: its
  // Array.prototype and Object.prototype count as plain too (as they would in a script run by node).
  const hostArrayProto = opts.hostArrayProto !== undefined ? opts.hostArrayProto : ArrayProto;
  const hostObjectProto = opts.hostObjectProto !== undefined ? opts.hostObjectProto : ObjectProto;

  const bind = Function.prototype.bind;
  /** `Object.hasOwn` where it exists (a direct call to a native function), else a bound hasOwnProperty.call. */
  const hasOwn =
    typeof ObjectCtor.hasOwn === 'function'
      ? ObjectCtor.hasOwn
      : function hasOwn(object, key) {
          return apply(objectHasOwnProperty, object, [key]);
        };

  // Every proxy created from now on is recorded, so that the serialiser can refuse it without touching it
  // (a proxy's traps are untrusted code). Under QuickJS the global Proxy is the only way to create one;
  // under node the harness passes util.types.isProxy, which also sees proxies of other realms.
  const proxies = new WeakSetCtor();
  const isRecordedProxy = apply(bind, wsHas, [proxies]);
  if (RealProxy !== undefined && wrapProxy) {
    // biome-ignore lint/suspicious/noShadowRestrictedNames: the wrapper is named like the constructor it replaces
    const ProxyWrapper = function Proxy(target, handler) {
      if (new.target === undefined) throw new TypeErrorCtor("Constructor Proxy requires 'new'");
      const proxy = new RealProxy(target, handler);
      apply(wsAdd, proxies, [proxy]);
      return proxy;
    };
    const realRevocable = RealProxy.revocable;
    defineProperty(ProxyWrapper, 'revocable', {
      value: function revocable(target, handler) {
        const pair = apply(realRevocable, RealProxy, [target, handler]);
        apply(wsAdd, proxies, [pair.proxy]);
        return pair;
      },
      writable: true,
      configurable: true,
      enumerable: false,
    });
    defineProperty(globalObject, 'Proxy', {
      value: ProxyWrapper,
      writable: true,
      configurable: true,
      enumerable: false,
    });
  }
  const isProxy =
    hostIsProxy === undefined
      ? isRecordedProxy
      : function isProxy(value) {
          return isRecordedProxy(value) || hostIsProxy(value) === true;
        };

  // A console whose output goes nowhere (QuickJS has none; under node the harness keeps node's, whose
  // output is discarded by the sandbox).
  if (typeof globalObject.console !== 'object') {
    const noop = () => {};
    const consoleObject = {
      log: noop,
      info: noop,
      warn: noop,
      error: noop,
      debug: noop,
      trace: noop,
      dir: noop,
      table: noop,
      assert: noop,
      count: noop,
      time: noop,
      timeEnd: noop,
      group: noop,
      groupEnd: noop,
    };
    defineProperty(globalObject, 'console', {
      value: consoleObject,
      writable: true,
      configurable: true,
      enumerable: false,
    });
  }

  /** Class of the failures of the sandbox's `assert` (node's `assert.AssertionError` under node). */
  const AssertionError =
    hostAssertionError !== undefined
      ? hostAssertionError
      : (() => {
          // Runs when an assert fails, i.e. after untrusted code: descriptors are null-prototype records.
          const field = function field(value, enumerable) {
            const desc = create(null);
            desc.value = value;
            desc.writable = true;
            desc.configurable = true;
            desc.enumerable = enumerable;
            return desc;
          };
          class AssertionError extends ErrorCtor {
            constructor(settings) {
              const given = settings !== null && typeof settings === 'object' ? settings : create(null);
              const message = given.message;
              super(message === undefined || message === null ? 'Failed' : StringCtor(message));
              defineProperty(this, 'generatedMessage', field(given.generatedMessage === true, true));
              defineProperty(this, 'code', field('ERR_ASSERTION', true));
              defineProperty(this, 'actual', field(given.actual, true));
              defineProperty(this, 'expected', field(given.expected, true));
              defineProperty(this, 'operator', field(given.operator, true));
            }
          }
          defineProperty(AssertionError.prototype, 'name', field('AssertionError', false));
          return AssertionError;
        })();
  const AssertionErrorProto = AssertionError.prototype;

  /** Whether `proto` is on the prototype chain of `value` (never for a proxy: its trap is untrusted code). */
  const inherits = function inherits(value, proto) {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function') || isProxy(value)) return false;
    let at = getProto(value);
    for (let hops = 0; at !== null && hops < 10000; hops++) {
      if (at === proto) return true;
      if (isProxy(at)) return false;
      at = getProto(at);
    }
    return false;
  };

  /** A data property found on `value` or its prototypes (no getter runs), or undefined. */
  const dataProperty = function dataProperty(value, key) {
    let at = value;
    for (let hops = 0; at !== null && hops < 10000; hops++) {
      if (isProxy(at)) return undefined;
      const desc = getOwnDesc(at, key);
      if (desc !== undefined) return hasOwn(desc, 'value') ? desc.value : undefined;
      at = getProto(at);
    }
    return undefined;
  };

  const MAX_TEXT = 4096;
  const cut = function cut(text) {
    return text.length > MAX_TEXT ? apply(strSlice, text, [0, MAX_TEXT]) : text;
  };

  /** `String(value)`, capped; untrusted `toString`s may run (within the job's budget) or throw. */
  const printable = function printable(value) {
    if (typeof value === 'string') return cut(value);
    if (isProxy(value)) return '<Proxy>';
    try {
      const text = StringCtor(value);
      return typeof text === 'string' ? cut(text) : '<unprintable>';
    } catch (_) {
      return '<unprintable>';
    }
  };

  const constructorName = function constructorName(value) {
    if (isProxy(value)) return 'Proxy';
    const proto = getProto(value);
    if (proto === null) return 'Object';
    if (isProxy(proto)) return 'Proxy';
    const desc = getOwnDesc(proto, 'constructor');
    if (desc === undefined || !hasOwn(desc, 'value')) return 'Object';
    const ctor = desc.value;
    if (typeof ctor !== 'function' || isProxy(ctor)) return 'Object';
    const nameDesc = getOwnDesc(ctor, 'name');
    const name = nameDesc !== undefined && hasOwn(nameDesc, 'value') ? nameDesc.value : undefined;
    return typeof name === 'string' && name !== '' ? cut(name) : 'Object';
  };

  /**
   * What was thrown, as JSON text: `{"assertion":…,"generated":…,"type":…,"message":…}`. `assertion` says
   * whether it is an AssertionError of the captured class; `type` is the error's `name` (an Error: found as a
   * data property, no getter runs), else `typeof` for primitives (`null` for null), else the constructor's
   * name; `message` is the error's `message`, else `String(value)`.
   */
  const describe = function describe(thrown) {
    let type;
    let message;
    let assertion = false;
    let generated = 'null';
    if (inherits(thrown, ErrorProto) || (hostIsNativeError !== undefined && hostIsNativeError(thrown) === true)) {
      assertion = inherits(thrown, AssertionErrorProto);
      const name = dataProperty(thrown, 'name');
      type = typeof name === 'string' && name !== '' ? cut(name) : constructorName(thrown);
      const text = dataProperty(thrown, 'message');
      message = typeof text === 'string' ? cut(text) : '';
      if (assertion) {
        const flag = dataProperty(thrown, 'generatedMessage');
        generated = flag === true ? 'true' : flag === false ? 'false' : 'null';
      }
    } else if (thrown === null) {
      type = 'null';
      message = 'null';
    } else if (typeof thrown === 'object') {
      type = constructorName(thrown);
      message = printable(thrown);
    } else {
      type = typeof thrown;
      message = printable(thrown);
    }
    return (
      '{"assertion":' +
      (assertion ? 'true' : 'false') +
      ',"generated":' +
      generated +
      ',"type":' +
      jsonStringify(type) +
      ',"message":' +
      jsonStringify(message) +
      '}'
    );
  };

  /**
   * The message argument of a split assert, as node's assert uses it: an Error is thrown instead of the
   * AssertionError (`{"error":<describe>}`), anything else becomes `String(value)` (`{"text":…}`).
   */
  const messageOf = function messageOf(value) {
    if (inherits(value, ErrorProto) || (hostIsNativeError !== undefined && hostIsNativeError(value) === true)) {
      return `{"error":${describe(value)}}`;
    }
    if (value === undefined || value === null) return '{"absent":true}';
    return `{"text":${jsonStringify(printable(value))}}`;
  };

  // The serialiser. Output: JSON text of one tagged node (see src/js/js-data.ts, which decodes it):
  //   ["u"] undefined  ["n"] null  ["b",true]  ["d","-0"] number as text  ["s","…"]  ["g","12"] bigint
  //   ["y"] symbol  ["f"] function  ["c"] a cycle back to an ancestor
  //   ["a",length,[[key,node],…],symbols]  array with Array.prototype: own enumerable string keys
  //   ["o","O"|"N",[[key,node],…],symbols] object with Object.prototype ("O") or null ("N")
  //   ["x",description]  any other object (never deep-equal to a literal)
  //   ["r",reason]  refused: a proxy, an accessor property, beyond the limits (top level only)
  const MAX_NODES = typeof limitsSource.maxNodes === 'number' ? limitsSource.maxNodes : 100000;
  const MAX_DEPTH = typeof limitsSource.maxDepth === 'number' ? limitsSource.maxDepth : 100;
  const MAX_CHARS = typeof limitsSource.maxChars === 'number' ? limitsSource.maxChars : 1048576;

  // The text is built as a list of pieces joined once at the end (repeated `+=` copies: quadratic).
  const arrayJoin = ArrayProto.join;
  const serialize = function serialize(root) {
    // Arrays without a prototype: fast element storage, and no setter of Array.prototype sees a write.
    const stack = setProto([], null);
    const out = setProto([], null);
    const state = create(null);
    state.nodes = 0;
    state.chars = 0;
    const refuse = function refuse(reason) {
      const marker = create(null);
      marker.refused = reason;
      throw marker;
    };
    const tooLarge = function tooLarge() {
      refuse(`the value is larger than ${MAX_CHARS} characters of plain data`);
    };
    // Pieces are appended in place (function calls are what costs most in QuickJS); only strings and keys,
    // whose size the value chooses, are counted against MAX_CHARS, the rest is bounded by MAX_NODES.
    const entries = function entries(value, depth, arrayLike) {
      const keys = ownKeys(value);
      const n = keys.length;
      // Every key is at least one node: refuse at once what cannot fit, before a descriptor per key.
      if (state.nodes + n > MAX_NODES + (arrayLike ? 1 : 0)) refuse(`the value has more than ${MAX_NODES} nodes`);
      out[out.length] = '[';
      let first = true;
      let symbols = 0;
      for (let i = 0; i < n; i++) {
        const key = keys[i];
        const desc = getOwnDesc(value, key);
        if (desc === undefined || desc.enumerable !== true) continue;
        if (typeof key === 'symbol') {
          symbols++;
          continue;
        }
        if (!hasOwn(desc, 'value')) refuse(`property ${jsonStringify(cut(key))} is an accessor`);
        if (arrayLike && key === 'length') continue;
        state.chars += key.length;
        if (state.chars > MAX_CHARS) tooLarge();
        out[out.length] = `${first ? '[' : ',['}${jsonStringify(key)},`;
        node(desc.value, depth + 1);
        out[out.length] = ']';
        first = false;
      }
      out[out.length] = `],${symbols}`;
    };
    const node = function node(value, depth) {
      state.nodes++;
      if (state.nodes > MAX_NODES) refuse(`the value has more than ${MAX_NODES} nodes`);
      switch (typeof value) {
        case 'undefined':
          out[out.length] = '["u"]';
          return;
        case 'boolean':
          out[out.length] = value ? '["b",true]' : '["b",false]';
          return;
        case 'number':
          out[out.length] = value === 0 && 1 / value < 0 ? '["d","-0"]' : `["d","${value}"]`;
          return;
        case 'string':
          state.chars += value.length;
          if (state.chars > MAX_CHARS) tooLarge();
          out[out.length] = `["s",${jsonStringify(value)}]`;
          return;
        case 'bigint': {
          const digits = `${value}`;
          state.chars += digits.length;
          if (state.chars > MAX_CHARS) tooLarge();
          out[out.length] = `["g","${digits}"]`;
          return;
        }
        case 'symbol':
          out[out.length] = '["y"]';
          return;
        case 'function':
          out[out.length] = '["f"]';
          return;
        default:
          break;
      }
      if (value === null) {
        out[out.length] = '["n"]';
        return;
      }
      if (isProxy(value)) refuse('the value is or contains a Proxy');
      if (depth > MAX_DEPTH) refuse(`the value is nested deeper than ${MAX_DEPTH} levels`);
      for (let i = 0; i < depth; i++) {
        if (stack[i] === value) {
          out[out.length] = '["c"]';
          return;
        }
      }
      stack[depth] = value;
      const proto = getProto(value);
      if (isArray(value) && (proto === ArrayProto || proto === hostArrayProto)) {
        out[out.length] = `["a",${value.length},`;
        entries(value, depth, true);
        out[out.length] = ']';
      } else if (
        (proto === ObjectProto || proto === hostObjectProto || proto === null) &&
        !isArray(value) &&
        !isView(value)
      ) {
        out[out.length] = proto === null ? '["o","N",' : '["o","O",';
        entries(value, depth, false);
        out[out.length] = ']';
      } else {
        out[out.length] =
          `["x",${jsonStringify(isArray(value) ? 'Array with another prototype' : constructorName(value))}]`;
      }
      stack[depth] = undefined;
    };
    try {
      node(root, 0);
      return apply(arrayJoin, out, ['']);
    } catch (error) {
      if (
        error !== null &&
        typeof error === 'object' &&
        getProto(error) === null &&
        typeof error.refused === 'string'
      ) {
        return `["r",${jsonStringify(error.refused)}]`;
      }
      throw error;
    }
  };

  // Everything a later piece of trusted code (the lazily compiled assert, js/assert.js) may use, captured now.
  const intrinsics = create(null);
  const capture = function capture(name, value) {
    defineProperty(intrinsics, name, { value, writable: false, configurable: false, enumerable: true });
  };
  capture('apply', apply);
  capture('construct', R.construct);
  capture('getProto', getProto);
  capture('ownKeys', ownKeys);
  capture('getOwnDesc', getOwnDesc);
  capture('defineProperty', defineProperty);
  capture('create', create);
  capture('freeze', freeze);
  capture('hasOwn', hasOwn);
  capture('isArray', isArray);
  capture('isView', isView);
  capture('isProxy', isProxy);
  capture('inherits', inherits);
  capture('dataProperty', dataProperty);
  capture('printable', printable);
  capture('constructorName', constructorName);
  capture('objectIs', ObjectCtor.is);
  capture('numberIsNaN', Number.isNaN);
  capture('String', StringCtor);
  capture('TypeError', TypeErrorCtor);
  capture('RangeError', RangeError);
  capture('Error', ErrorCtor);
  capture('ErrorProto', ErrorProto);
  capture('AssertionError', AssertionError);
  capture('ObjectProto', ObjectProto);
  capture('ArrayProto', ArrayProto);
  capture('objectToString', ObjectProto.toString);
  capture('jsonStringify', jsonStringify);
  capture('strSlice', strSlice);
  capture('RegExpProto', RegExp.prototype);
  capture('regExpExec', RegExp.prototype.exec);
  capture('regExpSource', getOwnDesc(RegExp.prototype, 'source').get);
  capture('regExpFlags', getOwnDesc(RegExp.prototype, 'flags').get);
  capture('dateGetTime', Date.prototype.getTime);
  capture('mapSize', getOwnDesc(Map.prototype, 'size').get);
  capture('mapForEach', Map.prototype.forEach);
  capture('mapGet', Map.prototype.get);
  capture('mapHas', Map.prototype.has);
  capture('setSize', getOwnDesc(Set.prototype, 'size').get);
  capture('setForEach', Set.prototype.forEach);
  capture('setHas', Set.prototype.has);
  capture('Map', Map);
  capture('mapSet', Map.prototype.set);
  capture('arrayBufferByteLength', getOwnDesc(ArrayBuffer.prototype, 'byteLength').get);
  capture('Uint8Array', Uint8Array);
  capture('typedArrayLength', getOwnDesc(getProto(Uint8Array.prototype), 'length').get);
  capture('typedArrayTag', getOwnDesc(getProto(Uint8Array.prototype), Symbol.toStringTag).get);
  capture('typedArrayBuffer', getOwnDesc(getProto(Uint8Array.prototype), 'buffer').get);
  capture('typedArrayByteOffset', getOwnDesc(getProto(Uint8Array.prototype), 'byteOffset').get);
  capture('typedArrayByteLength', getOwnDesc(getProto(Uint8Array.prototype), 'byteLength').get);
  capture('numberValueOf', Number.prototype.valueOf);
  capture('stringValueOf', String.prototype.valueOf);
  capture('booleanValueOf', Boolean.prototype.valueOf);
  capture('bigintValueOf', typeof BigInt === 'function' ? BigInt.prototype.valueOf : undefined);
  capture('symbolValueOf', Symbol.prototype.valueOf);
  capture('describe', describe);
  freeze(intrinsics);

  const api = create(null);
  defineProperty(api, 'serialize', { value: serialize, enumerable: true });
  defineProperty(api, 'describe', { value: describe, enumerable: true });
  defineProperty(api, 'messageOf', { value: messageOf, enumerable: true });
  defineProperty(api, 'intrinsics', { value: intrinsics, enumerable: true });
  return freeze(api);
});
