import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { decodeJsValue } from '../src/js/decode-js-value.js';
import { isDeepStrictEqual } from '../src/js/js-equality.js';
import type { JsValue } from '../src/js/js-value.js';

// The sandbox's own JavaScript (js/prelude.js, js/assert.js), run here in fresh node:vm realms: the same
// scripts QuickJS evaluates, checked without a sandbox. node:vm is used only as a realm factory here.
// Patches of Object.prototype's descriptor fields (`value`, `get`, `enumerable`) are tested under QuickJS in
// js-hostile.test.ts: in a node:vm context they make V8 abort (node's global interceptors read descriptors).
const JS_DIR = join(import.meta.dirname, '..', 'js');
const PRELUDE = readFileSync(join(JS_DIR, 'prelude.js'), 'utf8');
const ASSERT = readFileSync(join(JS_DIR, 'assert.js'), 'utf8');

interface Realm {
  run: (source: string) => unknown;
  serialize: (value: unknown) => string;
  describe: (value: unknown) => string;
  assert: ((...args: unknown[]) => void) & Record<string, (...args: unknown[]) => void>;
}

/** A fresh realm with the prelude (QuickJS mode: it wraps Proxy and adds a console) and its assert. */
function realm(): Realm {
  const context = vm.createContext({});
  const run = (source: string): unknown => vm.runInContext(source, context);
  const api = (run(PRELUDE) as (options?: unknown) => Record<string, (v: unknown) => string>)();
  const built = (run(ASSERT) as (intrinsics: unknown) => Realm['assert'])(api.intrinsics);
  return {
    run,
    serialize: api.serialize as Realm['serialize'],
    describe: api.describe as Realm['describe'],
    assert: built,
  };
}

const decoded = (text: string): JsValue => {
  const result = decodeJsValue(text);
  if (result.status !== 'value') throw new Error(`not a value: ${text}`);
  return result.value;
};

/** A JsValue for a JavaScript value made in this (trusted) realm, via the serialiser of a fresh realm. */
const valueFromSource = (source: string): JsValue => {
  const r = realm();
  return decoded(r.serialize(r.run(`(${source})`)));
};

describe('prelude serialize', () => {
  it.each([
    ['undefined', '["u"]'],
    ['null', '["n"]'],
    ['true', '["b",true]'],
    ['-0', '["d","-0"]'],
    ['NaN', '["d","NaN"]'],
    ['-Infinity', '["d","-Infinity"]'],
    ['1e21', '["d","1e+21"]'],
    ['12345678901234567890n', '["g","12345678901234567890"]'],
    ['"a\\u0000\\ud800"', '["s","a\\u0000\\ud800"]'],
    ['Symbol("s")', '["y"]'],
    ['() => 1', '["f"]'],
    ['[1, , 3]', '["a",3,[["0",["d","1"]],["2",["d","3"]]],0]'],
    ['Object.assign(Object.create(null), { a: 1 })', '["o","N",[["a",["d","1"]]],0]'],
    ['{ [Symbol("k")]: 1, a: 2 }', '["o","O",[["a",["d","2"]]],1]'],
    ['new Map([[1, 2]])', '["x","Map"]'],
    ['new (class Point {})()', '["x","Point"]'],
    ['Object.setPrototypeOf([1], Object.prototype)', '["x","Array with another prototype"]'],
    ['Object.setPrototypeOf({ a: 1 }, Array.prototype)', '["x","Array"]'],
  ])('writes %s as %s', (source, expected) => {
    const r = realm();
    expect(r.serialize(r.run(`(${source})`))).toBe(expected);
  });

  it('marks a reference back to an ancestor as a cycle', () => {
    const r = realm();
    expect(r.serialize(r.run('(() => { const a = [1]; a.push(a); return a; })()'))).toBe(
      '["a",2,[["0",["d","1"]],["1",["c"]]],0]',
    );
  });

  it('refuses a proxy without running its traps when the snippet made one', () => {
    const r = realm();
    const value = r.run(
      'globalThis.trapped = 0; new Proxy([1, 2], { ownKeys() { trapped++; return []; }, getPrototypeOf() { trapped++; return Array.prototype; } })',
    );
    expect(r.serialize(value)).toBe('["r","the value is or contains a Proxy"]');
    expect(r.run('trapped')).toBe(0);
  });

  it('refuses an accessor property without calling the getter', () => {
    const r = realm();
    const value = r.run('globalThis.calls = 0; ({ get a() { calls++; return 1; } })');
    expect(r.serialize(value)).toBe('["r","property \\"a\\" is an accessor"]');
    expect(r.run('calls')).toBe(0);
  });

  it('refuses a value over the size limits instead of growing without bound', () => {
    const r = realm();
    expect(r.serialize(r.run('Array.from({ length: 200000 }, (_, i) => i)'))).toMatch(
      /^\["r","the value has more than/,
    );
    expect(r.serialize(r.run('(() => { let a = []; for (let i = 0; i < 150; i++) a = [a]; return a; })()'))).toMatch(
      /^\["r","the value is nested deeper/,
    );
  });

  it('counts the host realm plain arrays and objects as plain data when told (node engine)', () => {
    const context = vm.createContext({});
    const factory = vm.runInContext(PRELUDE, context) as (options?: unknown) => Record<string, (v: unknown) => string>;
    const host = [1, { a: [2] }];
    const told = factory({ hostArrayProto: Array.prototype, hostObjectProto: Object.prototype });
    expect(told.serialize?.(host)).toBe(
      '["a",2,[["0",["d","1"]],["1",["o","O",[["a",["a",1,[["0",["d","2"]]],0]]],0]]],0]',
    );
    const untold = factory();
    expect(untold.serialize?.(host)).toBe('["x","Array with another prototype"]');
  });

  it('writes the same text when the snippet patched every global it could reach', () => {
    const r = realm();
    const honest = r.serialize(r.run('({ list: [1, 2, { x: "y" }], n: -0 })'));
    r.run(`
      Object.defineProperty(Array.prototype, '0', { get() { return 'forged'; }, set() {}, configurable: true });
      Object.prototype.refused = 'forged';
      Array.isArray = () => false;
      Reflect.ownKeys = () => [];
      Reflect.getOwnPropertyDescriptor = () => undefined;
      Reflect.getPrototypeOf = () => null;
      Reflect.apply = () => true;
      Object.getPrototypeOf = () => null;
      JSON.stringify = () => '"forged"';
      String = () => 'forged';
      Function.prototype.call = Function.prototype.apply = function () { return 'forged'; };
      WeakSet.prototype.has = () => false;
      Symbol.prototype.toString = () => 'forged';
    `);
    expect(r.serialize(r.run('({ list: [1, 2, { x: "y" }], n: -0 })'))).toBe(honest);
  });
});

describe('prelude describe', () => {
  it.each([
    ['new TypeError("x is not a function")', { assertion: false, type: 'TypeError', message: 'x is not a function' }],
    ['42', { assertion: false, type: 'number', message: '42' }],
    ['"boom"', { assertion: false, type: 'string', message: 'boom' }],
    ['null', { assertion: false, type: 'null', message: 'null' }],
    ['undefined', { assertion: false, type: 'undefined', message: 'undefined' }],
    ['({ a: 1 })', { assertion: false, type: 'Object', message: '[object Object]' }],
    ['({ toString() { throw new Error("no"); } })', { assertion: false, type: 'Object', message: '<unprintable>' }],
    [
      'Object.defineProperty(new Error("m"), "name", { get() { throw 1; } })',
      { assertion: false, type: 'Error', message: 'm' },
    ],
    ['new (class MyError extends Error {})("m")', { assertion: false, type: 'Error', message: 'm' }],
  ])('describes a thrown %s', (source, expected) => {
    const r = realm();
    expect(JSON.parse(r.describe(r.run(`(${source})`)))).toMatchObject(expected);
  });

  it('recognises only the captured AssertionError class as an assertion failure', () => {
    const r = realm();
    let caught: unknown;
    try {
      r.assert.strictEqual?.(1, 2);
    } catch (error) {
      caught = error;
    }
    expect(JSON.parse(r.describe(caught))).toMatchObject({ assertion: true, generated: true, type: 'AssertionError' });
    const lookalike = r.run('(() => { class AssertionError extends Error {} ; return new AssertionError("x"); })()');
    expect(JSON.parse(r.describe(lookalike))).toMatchObject({ assertion: false });
  });
});

/** A JS expression pair and node:assert/strict's verdict on deepStrictEqual between them. */
const DEEP_CASES: [string, string][] = [
  ['[1, 2, 3]', '[1, 2, 3]'],
  ['[1, 2, 3]', '[1, 2]'],
  ['[1, [2, [3]]]', '[1, [2, [3]]]'],
  ['[1, [2, [3]]]', '[1, [2, [4]]]'],
  ['{ a: 1, b: 2 }', '{ b: 2, a: 1 }'],
  ['{ a: 1 }', '{ a: 1, b: undefined }'],
  ['{ a: undefined }', '{}'],
  ['[ , 1]', '[undefined, 1]'],
  ['[-0]', '[0]'],
  ['[NaN]', '[NaN]'],
  ['1', '"1"'],
  ['0', '-0'],
  ['NaN', 'NaN'],
  ['null', 'undefined'],
  ['10n', '10n'],
  ['[1n]', '[1]'],
  ['"a"', '"a"'],
  ['Object.create(null)', '{}'],
  ['new (class A {})()', '{}'],
  ['new Map()', '{}'],
  ['new Date(0)', '{}'],
  ['Object.assign([1, 2], { extra: 3 })', '[1, 2]'],
  ['{ nested: { deeper: [{ x: "y" }] } }', '{ nested: { deeper: [{ x: "y" }] } }'],
  ['{ nested: { deeper: [{ x: "y" }] } }', '{ nested: { deeper: [{ x: "z" }] } }'],
  ['[[]]', '[{}]'],
  ['"1,2"', '[1, 2]'],
];

describe('isDeepStrictEqual (judge) against node:assert/strict', () => {
  it.each(DEEP_CASES)('agrees with node on %s vs %s', (actual, expected) => {
    // Both values from one realm, as in a test: node compares prototypes.
    const nodeVerdict = vm.runInNewContext(
      `(() => { try { assertStrict.deepStrictEqual((${actual}), (${expected})); return true; } catch { return false; } })()`,
      { assertStrict: assert },
    ) as boolean;
    const ours = isDeepStrictEqual(valueFromSource(actual), valueFromSource(expected));
    expect(ours).toBe(nodeVerdict);
  });
});

describe('sandbox assert (js/assert.js) against node:assert/strict', () => {
  const CASES: string[] = [
    ...DEEP_CASES.map(([a, b]) => `assert.deepStrictEqual(${a}, ${b})`),
    ...DEEP_CASES.map(([a, b]) => `assert.notDeepStrictEqual(${a}, ${b})`),
    'assert.deepStrictEqual(new Map([[1, { a: 1 }]]), new Map([[1, { a: 1 }]]))',
    'assert.deepStrictEqual(new Map([[1, 2]]), new Map([[1, 3]]))',
    'assert.deepStrictEqual(new Set([1, [2]]), new Set([[2], 1]))',
    'assert.deepStrictEqual(new Set([1]), new Set([2]))',
    'assert.deepStrictEqual(new Date(5), new Date(5))',
    'assert.deepStrictEqual(new Date(5), new Date(6))',
    'assert.deepStrictEqual(/a/g, /a/g)',
    'assert.deepStrictEqual(/a/g, /a/i)',
    'assert.deepStrictEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))',
    'assert.deepStrictEqual(new Uint8Array([1, 2]), new Int8Array([1, 2]))',
    'assert.deepStrictEqual(new Float64Array([-0]), new Float64Array([0]))',
    'assert.deepStrictEqual(new Error("a"), new Error("a"))',
    'assert.deepStrictEqual(new Error("a"), new TypeError("a"))',
    'assert.deepStrictEqual(new Number(1), new Number(1))',
    'assert.deepStrictEqual(new String("a"), new String("b"))',
    'assert.deepStrictEqual((() => { const a = [1]; a.push(a); return a; })(), (() => { const b = [1]; b.push(b); return b; })())',
    'assert.strictEqual(1, 1)',
    'assert.strictEqual(1, "1")',
    'assert.strictEqual(NaN, NaN)',
    'assert.strictEqual(-0, 0)',
    'assert.equal(1, "1")',
    'assert.notStrictEqual(1, 2)',
    'assert.notEqual(NaN, NaN)',
    'assert(1)',
    'assert(0)',
    'assert.ok("")',
    'assert.ok([])',
    'assert.throws(() => { throw new TypeError("t"); })',
    'assert.throws(() => {})',
    'assert.throws(() => { throw new TypeError("t"); }, TypeError)',
    'assert.throws(() => { throw new TypeError("t"); }, RangeError)',
    'assert.throws(() => { throw new TypeError("bad input"); }, /bad/)',
    'assert.throws(() => { throw new TypeError("bad input"); }, /good/)',
    'assert.throws(() => { throw new TypeError("bad input"); }, { message: "bad input" })',
    'assert.throws(() => { throw new TypeError("bad input"); }, { message: /in/, name: "TypeError" })',
    'assert.throws(() => { throw new TypeError("bad input"); }, { name: "RangeError" })',
    'assert.throws(() => { throw new TypeError("t"); }, (e) => e instanceof TypeError)',
    'assert.throws(() => { throw new TypeError("t"); }, (e) => false)',
    'assert.throws(() => { throw 42; }, (e) => e === 42)',
    'assert.doesNotThrow(() => 1)',
    'assert.doesNotThrow(() => { throw new Error("e"); })',
    'assert.match("abc", /b/)',
    'assert.match("abc", /z/)',
    'assert.doesNotMatch("abc", /z/)',
    'assert.ifError(null)',
    'assert.ifError(new Error("e"))',
    'assert.fail()',
  ];

  it.each(CASES)('passes or fails like node for %s', (test) => {
    const node = (() => {
      try {
        vm.runInNewContext(test, { assert });
        return 'pass';
      } catch (error) {
        return error instanceof assert.AssertionError ? 'fail' : 'error';
      }
    })();
    const r = realm();
    const ours = (() => {
      try {
        (r.run(`(function (assert) { ${test}; })`) as (a: unknown) => void)(r.assert);
        return 'pass';
      } catch (error) {
        const described = JSON.parse(r.describe(error)) as { assertion: boolean };
        return described.assertion ? 'fail' : 'error';
      }
    })();
    expect(ours).toBe(node);
  });

  it('still fails when the snippet patched globals and prototypes after the capture', () => {
    const r = realm();
    r.run(`
      Object.is = () => true;
      Reflect.ownKeys = () => [];
      Reflect.apply = () => true;
      Object.defineProperty(Array.prototype, '0', { set() {}, get() { return 1; }, configurable: true });
      Function.prototype.call = function () { return true; };
      Object.prototype.toString = () => '[object Object]';
      Map.prototype.forEach = function () {};
      globalThis.assert = { strictEqual() {}, deepStrictEqual() {}, throws() {} };
    `);
    const verdict = (test: string): string => {
      try {
        (r.run(`(function (assert) { ${test}; })`) as (a: unknown) => void)(r.assert);
        return 'pass';
      } catch (error) {
        return (JSON.parse(r.describe(error)) as { assertion: boolean }).assertion ? 'fail' : 'error';
      }
    };
    expect(verdict('assert.strictEqual(1, 2)')).toBe('fail');
    expect(verdict('assert.deepStrictEqual([1, 2], [1, 3])')).toBe('fail');
    expect(verdict('assert.deepStrictEqual({ a: 1 }, { a: 2 })')).toBe('fail');
    expect(verdict('assert.deepStrictEqual(new Map([[1, 2]]), new Map([[1, 3]]))')).toBe('fail');
    expect(verdict('assert.throws(() => 1)')).toBe('fail');
    expect(verdict('assert.deepStrictEqual([1, 2], [1, 2])')).toBe('pass');
  });
});
