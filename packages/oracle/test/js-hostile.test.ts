import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJsRunner } from '../src/js/js-runner.js';
import type { JsJob, JsResult, JsRunner } from '../src/js/types.js';

// Hostile snippets (and tests) against the JavaScript runner. Each job is followed on the same runner by an
// honest canary job, which must pass: whatever the hostile job did is contained and gone.

const TIMEOUT_MS = 1000;
const GRACE_MS = 500;
/** How long past budget + grace a contained job may take on a loaded 2-core machine. */
const SLACK_MS = 8000;
const SECRET = `execret-js-secret-${process.pid}`;
const CANARY: JsJob = {
  code: 'function add(a, b) { return a + b; }',
  tests: [
    'assert.strictEqual(add(2, 3), 5)',
    'assert.throws(() => { throw new TypeError("t"); }, TypeError)',
    'assert.deepStrictEqual([add(1, 1)], [2])',
  ],
};

/** Runs `job`, then the canary, which must pass; returns the job's result and how long it took. */
async function contained(runner: JsRunner, job: JsJob): Promise<{ result: JsResult; ms: number }> {
  const started = performance.now();
  const result = await runner.run(job);
  const ms = performance.now() - started;
  const canary = await runner.run(CANARY);
  expect(canary.tests).toEqual(['pass', 'pass', 'pass']);
  return { result, ms };
}

/** Processes on this machine whose command line contains `needle`. */
function processesWith(needle: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (
        readFileSync(join('/proc', entry, 'cmdline'), 'utf8')
          .split('\0')
          .join(' ')
          .includes(needle)
      )
        found.push(Number(entry));
    } catch {
      // gone
    }
  }
  return found;
}

/** A listener on the host's loopback that counts what reaches it. */
function listener(): Promise<{ server: Server; port: number; hits: () => number }> {
  let hits = 0;
  const server = createServer((_, response) => {
    hits++;
    response.end('reached');
  });
  server.on('connection', () => {
    hits++;
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, hits: () => hits }),
    );
  });
}

/** Snippets that try to make a wrong answer pass, each with tests a correct `f` (returning 2) would pass. */
const FORGERS: { name: string; code: string }[] = [
  {
    name: 'rebinding assert',
    code: 'assert = () => {}; globalThis.assert = { strictEqual() {}, deepStrictEqual() {}, ok() {}, throws() {} };',
  },
  {
    name: 'declaring a function named assert',
    code: 'function assert() {} assert.strictEqual = assert.deepStrictEqual = assert.throws = assert.ok = () => {};',
  },
  {
    name: 'patching Object.prototype descriptor fields and conversions',
    code: `const accessor = (get) => Object.setPrototypeOf({ get, set() {}, configurable: true }, null);
      Object.defineProperty(Object.prototype, 'enumerable', accessor(() => false));
      Object.defineProperty(Object.prototype, 'value', accessor(() => 2));
      Object.defineProperty(Object.prototype, 'get', accessor(() => undefined));
      Object.prototype.valueOf = () => 2; Object.prototype.toString = () => '2'; Object.prototype.toJSON = () => 2;
      Object.prototype[Symbol.toPrimitive] = () => 2; Object.prototype.refused = 'x';`,
  },
  {
    name: 'patching Array.prototype, the iteration protocol and indices',
    code: `Array.prototype.map = function () { return [2]; }; Array.prototype.push = () => 0; Array.prototype.indexOf = () => 0;
      Array.prototype[Symbol.iterator] = function* () { yield 2; };
      Object.defineProperty(Array.prototype, '0', { get() { return 2; }, set() {}, configurable: true });
      Array.isArray = () => true;`,
  },
  {
    name: 'patching JSON, Reflect, Object, Function.prototype and WeakSet',
    code: `JSON.stringify = () => '["d","2"]'; JSON.parse = () => 2; Reflect.ownKeys = () => []; Reflect.apply = () => true;
      Reflect.getOwnPropertyDescriptor = () => ({ value: 2, enumerable: true }); Reflect.getPrototypeOf = () => null;
      Object.is = () => true; Object.keys = () => []; Object.getPrototypeOf = () => Object.prototype;
      Function.prototype.call = Function.prototype.apply = function () { return true; }; Function.prototype.bind = function () { return () => true; };
      WeakSet.prototype.has = () => false; String.prototype.slice = () => '2'; Number.prototype.toString = () => '2';`,
  },
  {
    name: 'replacing globalThis members',
    code: 'globalThis.Error = function () {}; globalThis.TypeError = Object; globalThis.Proxy = Object; globalThis.String = () => "2"; globalThis.Symbol = undefined;',
  },
  {
    name: 'printing fake verdicts',
    code: 'console.log("pass"); console.error(\'{"t":"test","id":1,"i":0,"r":{"k":"ok"}}\'); globalThis.print?.("pass");',
  },
];
/**
 * The forgers in one snippet, ordered so that each still runs: the descriptor-field patch after those that
 * define properties with literal descriptors, the replaced globals (`Symbol`…) last.
 */
const forgerOrder = (name: string): number => (name.includes('globalThis') ? 2 : name.includes('descriptor') ? 1 : 0);
const ALL_FORGERS = [...FORGERS]
  .sort((a, b) => forgerOrder(a.name) - forgerOrder(b.name))
  .map((f) => f.code)
  .join('\n');
/** A control test that passes when the forger's snippet loaded (its `f` returns 1). */
const CONTROL = 'assert.strictEqual(f(), 1)';
/** Tests that fail for `f` returning 1 (the forgers' `f`), whatever the forger patched. */
const FORGED_TESTS = [
  'assert.strictEqual(f(), 2)',
  'assert.deepStrictEqual(f(), 2)',
  'assert.deepStrictEqual([f()], [2])',
  'assert.deepStrictEqual({ v: f() }, { v: 2 })',
  'assert(f() === 2)',
  'assert.notStrictEqual(f(), 1)',
  'assert(!f())',
  'assert.throws(() => f())',
  'assert.strictEqual(lying(), 2)',
  'assert.deepStrictEqual(lying(), { v: 2 })',
  'assert.deepStrictEqual(fakeArray(), [2])',
];
const FORGER_SUFFIX = `
function f() { return 1; }
function lying() { return { valueOf() { return 2; }, toString() { return '2'; }, [Symbol.toPrimitive]() { return 2; }, toJSON() { return 2; } }; }
function fakeArray() { return new Proxy([], { get: (t, k) => (k === 'length' ? 1 : k === '0' ? 2 : t[k]), ownKeys: () => ['0', 'length'], getOwnPropertyDescriptor: (t, k) => (k === '0' ? { value: 2, enumerable: true, configurable: true, writable: true } : Reflect.getOwnPropertyDescriptor(t, k)) }); }`;

/**
 * A snippet that watches what assertion messages show of the expected side, through the built-ins a message
 * uses (a template literal's `Array.prototype.join`, `JSON.stringify`, a getter on
 * `Array.prototype[Symbol.toPrimitive]`, `String.prototype.toUpperCase`), and copies it into what `g` (an
 * array it returned earlier) and `h` (a primitive) return.
 */
const MESSAGE_SPY = `
const out = [];
let seen = 'nothing';
function g() { return out; }
function h() { return seen; }
function copy(value) {
  if (Array.isArray(value) && value !== out) {
    if (value.length === 1 && typeof value[0] !== 'object') seen = value[0];
    out.length = 0;
    for (let i = 0; i < value.length; i++) out[i] = value[i];
  } else if (typeof value === 'string') seen = value;
}
const realJoin = Array.prototype.join;
Array.prototype.join = function (...args) { copy(this); return realJoin.apply(this, args); };
const realStringify = JSON.stringify;
JSON.stringify = function (value, ...rest) { copy(value); return realStringify(value, ...rest); };
Object.defineProperty(Array.prototype, Symbol.toPrimitive, { get() { copy(this); return undefined; }, configurable: true });
const realUpper = String.prototype.toUpperCase;
String.prototype.toUpperCase = function () { copy(String(this)); return realUpper.call(this); };`;
/** The spy's controls (its `g` and `h` before any message ran), which pass. */
const SPY_CONTROLS = ['assert.strictEqual(h(), "nothing")', 'assert.deepStrictEqual(g(), [])'];
/**
 * Split tests whose message shows the expected value to the spy while the tested value is still an object it
 * holds (deepStrictEqual: the spy fills the array `g` returned): each passes if the message runs before the value
 * is fixed. Outcomes when it does not.
 */
const MESSAGE_MUTATES: [string, string][] = [
  // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source of a test, with a template literal
  ['assert.deepStrictEqual(g(), [1, 2, 3], `expected ${[1, 2, 3]}`)', 'FAIL: expected 1,2,3'],
  ['assert.deepStrictEqual(g(), [4, 5], JSON.stringify([4, 5]))', 'FAIL: [4,5]'],
  ["assert.deepStrictEqual(g(), [6, 7], 'expected ' + [6, 7])", 'FAIL: expected 6,7'],
];
/**
 * Pairs of tests: the first shows its expected value to the spy through its message; the second, without a
 * message, passes if the spy's state survives into it (strictEqual and `assert(L === lit)` of a primitive, whose
 * value the message cannot change once returned, and deepStrictEqual). Outcomes when nothing survives.
 */
const MESSAGE_REPLAYS: [string, string][] = [
  // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source of a test, with a template literal
  ["assert.strictEqual(h(), 'abc', `expected ${['abc']}`)", 'FAIL: expected abc'],
  ["assert.strictEqual(h(), 'abc')", 'FAIL'],
  ["assert.strictEqual(h(), 'def', JSON.stringify('def'))", 'FAIL: "def"'],
  ["assert.strictEqual(h(), 'def')", 'FAIL'],
  ["assert(h() === 'jkl', 'expected ' + ['jkl'])", 'FAIL: expected jkl'],
  ["assert(h() === 'jkl')", 'FAIL'],
  ["assert(h() === 'mno', 'mno'.toUpperCase())", 'FAIL: MNO'],
  ["assert(h() === 'mno')", 'FAIL'],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source of a test, with a template literal
  ['assert.deepStrictEqual(g(), [8, 9], `expected ${[8, 9]}`)', 'FAIL: expected 8,9'],
  ['assert.deepStrictEqual(g(), [8, 9])', 'FAIL'],
];
const spyJobs = (): { name: string; job: JsJob; outcomes: string[] }[] => [
  {
    name: 'a message that fills the returned array before it is serialised',
    job: { code: MESSAGE_SPY, tests: [...SPY_CONTROLS, ...MESSAGE_MUTATES.map(([t]) => t)] },
    outcomes: ['pass', 'pass', ...MESSAGE_MUTATES.map(([, o]) => o)],
  },
  {
    name: 'a message whose expected value a later test of the job replays',
    job: { code: MESSAGE_SPY, tests: [...SPY_CONTROLS, ...MESSAGE_REPLAYS.map(([t]) => t)] },
    outcomes: ['pass', 'pass', ...MESSAGE_REPLAYS.map(([, o]) => o)],
  },
];

describe('createJsRunner against hostile snippets (QuickJS, bubblewrap)', () => {
  let runner: JsRunner;
  beforeAll(async () => {
    process.env.EXECRET_JS_TEST_SECRET = SECRET;
    runner = await createJsRunner({
      concurrency: 1,
      timeoutMs: TIMEOUT_MS,
      watchdogGraceMs: GRACE_MS,
      memoryMb: 64,
      sandboxUid: 65300,
    });
    expect(runner.info.isolation).toBe('bwrap');
  }, 120_000);
  afterAll(async () => {
    await runner?.close();
    delete process.env.EXECRET_JS_TEST_SECRET;
  });

  it.each([
    ['an infinite loop at load', 'for (;;) {}', ['assert.strictEqual(1, 1)']],
    [
      'an infinite loop in the tested function',
      'function f() { while (true) {} }',
      ['assert.strictEqual(f(), 1)', 'assert(f())'],
    ],
    // Each job queues the next and returns nothing: no promise waits on another, so memory stays flat.
    [
      'a Promise chain that never ends',
      'function spin() { Promise.resolve().then(spin); } spin();',
      ['assert.strictEqual(1, 1)'],
    ],
    ['a microtask that loops', 'Promise.resolve().then(() => { for (;;) {} });', ['assert.strictEqual(1, 1)']],
    [
      'microtasks scheduled by the test',
      'function f() { Promise.resolve().then(function again() { Promise.resolve().then(again); }); return 1; }',
      ['assert.strictEqual(f(), 1)'],
    ],
    [
      'a long native operation that ignores the interrupt',
      'function f() { return Array(1e8).join("ab").length; }',
      ['assert.strictEqual(f(), 1)'],
    ],
    [
      'catastrophic regex backtracking',
      'function f() { return /^(a+)+$/.test("a".repeat(40) + "b"); }',
      ['assert.strictEqual(f(), false)'],
    ],
  ])(
    'ends %s with TIMEOUT within the budget and the grace',
    async (_, code, tests) => {
      const { result, ms } = await contained(runner, { code, tests });
      expect(result.tests).toEqual(tests.map(() => 'TIMEOUT'));
      expect(ms).toBeLessThan(TIMEOUT_MS + GRACE_MS + SLACK_MS);
    },
    60_000,
  );

  // Each job returns the next promise, so every promise waits on the next one and the chain grows until QuickJS's
  // memory limit: an out-of-memory inside a promise job only rejects that promise (nothing observes it), so the
  // chain ends there, silently, and the test keeps its own verdict; which comes first, the 64 MiB or the 1 s
  // budget, depends on the machine's speed (unloaded here: the memory, in 0.7–0.9 s). Never a pass it did not earn.
  it.each([
    ['at load', 'function spin() { return Promise.resolve().then(spin); } spin();', 'assert.strictEqual(1, 2)'],
    [
      'scheduled by the test',
      'function f() { Promise.resolve().then(function again() { return Promise.resolve().then(again); }); return 1; }',
      'assert.strictEqual(f(), 2)',
    ],
  ])(
    'ends a Promise chain %s that grows without bound with TIMEOUT or the test verdict, within the budget and the grace',
    async (_, code, test) => {
      const { result, ms } = await contained(runner, { code, tests: [test] });
      expect(['TIMEOUT', 'FAIL']).toContain(result.tests[0]);
      expect(ms).toBeLessThan(TIMEOUT_MS + GRACE_MS + SLACK_MS);
    },
    60_000,
  );

  it.each([
    ['arrays', 'const keep = []; for (;;) keep.push(new Array(100000).fill(7));'],
    ['string doubling', 'let s = "x"; for (;;) s += s;'],
    [
      'string concatenation of copies',
      'let s = "x".repeat(1 << 20); const keep = []; for (;;) keep.push(s + keep.length);',
    ],
    ['ArrayBuffers', 'const keep = []; for (;;) keep.push(new ArrayBuffer(16 * 1024 * 1024));'],
    ['one huge ArrayBuffer', 'const big = new ArrayBuffer(2 ** 31);'],
    ['a typed array fill', 'const big = new Uint8Array(1 << 30); big.fill(1);'],
  ])(
    'contains a memory bomb made of %s without a pass',
    async (_, code) => {
      const { result, ms } = await contained(runner, { code, tests: ['assert.strictEqual(1, 1)', 'assert(true)'] });
      expect(['error', 'timeout']).toContain(result.status);
      for (const outcome of result.tests) expect(outcome).toMatch(/^(ERROR:(InternalError|RangeError)|TIMEOUT)/);
      expect(ms).toBeLessThan(TIMEOUT_MS + GRACE_MS + SLACK_MS);
    },
    60_000,
  );

  it('holds one WebAssembly memory however many instances the tests of one job wear out', async () => {
    // Each bomb test grows its instance's memory to the maximum and leaves the instance unusable; each probe before it
    // keeps its realm (its message comes in the second phase), so the job holds on to every instance it wore out.
    // With a memory per instance that was six memories of ~128 MiB in one process (past its data limit: the process
    // aborted); the process's one memory holds at most one.
    const code =
      'function one() { return 1; } function bomb() { const keep = []; for (;;) keep.push(new Array(1e5).fill(7)); }';
    const pairs = Array.from({ length: 6 }, (_, i) => [`assert.strictEqual(one(), 1, 'kept ' + ${i})`, 'bomb()']);
    // A budget for six bombs (this file's runner gives a job one second).
    const patient = await createJsRunner({ concurrency: 1, timeoutMs: 60_000, memoryMb: 64, sandboxUid: 65305 });
    try {
      const { result } = await contained(patient, { code, tests: pairs.flat() });
      for (const [i, outcome] of result.tests.entries())
        expect(outcome, `test ${i + 1}`).toMatch(i % 2 === 0 ? /^pass$/ : /^ERROR:(InternalError|RangeError)/);
    } finally {
      await patient.close();
    }
  }, 180_000);

  it.each([
    ['process.exit', 'process.exit(0);'],
    ['require of fs', 'require("fs");'],
    ['require of child_process', 'require("child_process").execSync("id");'],
    ['require of net', 'require("net").connect(1);'],
    ['a pending timer', 'setTimeout(() => { globalThis.late = 1; }, 10);'],
    ['a worker thread', 'new Worker("data:,for(;;){}");'],
    ['fetch', 'fetch("http://127.0.0.1:1/");'],
  ])('gives ERROR:ReferenceError for %s, which QuickJS does not have', async (_, code) => {
    const { result } = await contained(runner, { code, tests: ['assert.strictEqual(1, 1)'] });
    expect(result.tests[0]).toMatch(/^ERROR:ReferenceError: /);
  });

  it('fails import() of node modules without loading anything', async () => {
    const { result } = await contained(runner, {
      code: 'let state = "pending"; import("node:fs").then(() => { state = "loaded"; }, (e) => { state = "failed " + e; }); import("child_process").then(() => { state = "loaded"; }, () => {});',
      tests: ['assert.strictEqual(state, "loaded")', 'assert.match(state, /^failed/)'],
    });
    expect(result.tests).toEqual(['FAIL', 'pass']);
  });

  it('exposes no host API, environment or secret to the snippet', async () => {
    const { result } = await contained(runner, {
      code: `function hostNames() { return ['process', 'require', 'module', 'exports', 'fetch', 'setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask', 'Worker', 'Deno', 'Bun', 'std', 'os', 'Buffer', 'XMLHttpRequest', 'WebSocket', 'print', 'scriptArgs', 'load', 'read'].filter((n) => n in globalThis); }
        function secret() { try { return process.env.EXECRET_JS_TEST_SECRET; } catch { return "unreachable"; } }`,
      tests: [
        'assert.deepStrictEqual(hostNames(), [])',
        `assert.strictEqual(secret(), ${JSON.stringify(SECRET)})`,
        'assert.strictEqual(secret(), "unreachable")',
      ],
    });
    expect(result.tests).toEqual(['pass', 'FAIL', 'pass']);
  });

  it('sends nothing to a listener on the host loopback', async () => {
    const { server, port, hits } = await listener();
    try {
      const { result } = await contained(runner, {
        code: `let outcome = "none"; try { fetch("http://127.0.0.1:${port}/").then(() => { outcome = "reached"; }); } catch (e) { outcome = String(e); }`,
        tests: ['assert.strictEqual(outcome, "reached")'],
      });
      expect(result.tests).toEqual(['FAIL']);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(hits()).toBe(0);
    } finally {
      server.close();
    }
  });

  it.each([...FORGERS, { name: 'all of them at once', code: ALL_FORGERS }])(
    'never passes a wrong answer after $name',
    async ({ code }) => {
      const { result } = await contained(runner, { code: code + FORGER_SUFFIX, tests: [CONTROL, ...FORGED_TESTS] });
      expect(result.tests[0]).toBe('pass');
      expect(result.tests.slice(1)).not.toContain('pass');
      expect(result.judged.slice(0, 8)).toEqual(new Array(8).fill('split'));
    },
  );

  it('passes honest tests after the same patches when the answer is right', async () => {
    const code = `${ALL_FORGERS}\nfunction g() { return [1, { a: 'b' }]; }`;
    const result = await runner.run({
      code,
      tests: [
        'assert.deepStrictEqual(g(), [1, { a: "b" }])',
        'assert.strictEqual(g().length, 2)',
        'assert.throws(() => { throw 1; })',
      ],
    });
    expect(result.tests).toEqual(['pass', 'pass', 'pass']);
  });

  it.each([
    [
      'a throwing toString',
      'function f() { throw { toString() { throw new Error("nested"); } }; }',
      /^ERROR:Object: <unprintable>$/,
    ],
    [
      'a proxy',
      'function f() { throw new Proxy({}, { get() { throw 1; }, getPrototypeOf() { throw 2; } }); }',
      /^ERROR:Proxy: <Proxy>$/,
    ],
    [
      'a getter on name',
      'function f() { const e = new Error("m"); Object.defineProperty(e, "name", { get() { for (;;) {} } }); throw e; }',
      /^ERROR:Error: m$/,
    ],
    ['a symbol', 'function f() { throw Symbol("s"); }', /^ERROR:symbol: Symbol\(s\)$/],
    [
      'an AssertionError lookalike',
      'class AssertionError extends Error {} function f() { throw new AssertionError("x"); }',
      /^ERROR:Error: x$/,
    ],
    ['a fake report', 'function f() { throw { k: "ok", t: "test" }; }', /^ERROR:Object: \[object Object\]$/],
  ])('reports a thrown value with %s as an error', async (_, code, pattern) => {
    const { result } = await contained(runner, { code, tests: ['assert.strictEqual(f(), 1)'] });
    expect(result.tests[0]).toMatch(pattern);
  });

  it.each([
    ['recursion', 'function f() { return f() + 1; }', 'assert.strictEqual(f(), 1)'],
    [
      'mutual recursion through getters',
      'const o = { get a() { return o.b; }, get b() { return o.a; } }; function f() { return o.a; }',
      'assert.strictEqual(f(), 1)',
    ],
  ])(
    'contains a stack overflow by %s as an error',
    async (_, code, test) => {
      const { result } = await contained(runner, { code, tests: [test] });
      expect(result.tests[0]).toMatch(/^ERROR:(InternalError|SyntaxError|RangeError): .*stack overflow/);
    },
    60_000,
  );

  it.each([
    ['a deeply nested literal to parse', 'function f() { return eval("[".repeat(300000) + "]".repeat(300000)); }'],
    ['a deeply nested JSON', 'function f() { return JSON.parse("[".repeat(300000) + "]".repeat(300000)); }'],
  ])(
    'gives %s an outcome that is not a pass, without a crash',
    async (_, code) => {
      const { result } = await contained(runner, { code, tests: ['assert.strictEqual(f(), 1)'] });
      expect(result.tests[0]).toMatch(/^(FAIL|ERROR:|TIMEOUT)/);
    },
    60_000,
  );

  it('gives a value beyond the serialiser limits ERROR:Unjudgeable instead of a verdict', async () => {
    const { result } = await contained(runner, {
      code: 'function f() { return new Array(200001).fill(0); }',
      tests: ['assert.deepStrictEqual(f(), [0])', 'assert.notDeepStrictEqual(f(), [0])', 'assert(f())'],
    });
    expect(result.tests).toEqual([
      expect.stringMatching(/^ERROR:Unjudgeable: the value has more than 100000 nodes/),
      expect.stringMatching(/^ERROR:Unjudgeable/),
      'pass',
    ]);
  });

  it.each(spyJobs())('never passes a split test through $name', async ({ job, outcomes }) => {
    const { result } = await contained(runner, job);
    expect(result.tests).toEqual(outcomes);
    expect(result.judged).toEqual(job.tests.map(() => 'split'));
  });

  it('starts every job in a fresh runtime when the previous job left state behind', async () => {
    await runner.run({
      code: 'globalThis.leak = 1; Object.prototype.leak = 2; Array.prototype.map = null;',
      tests: ['assert(true)'],
    });
    const result = await runner.run({
      code: 'function probe() { return [typeof leak, ({}).leak, typeof [].map]; }',
      tests: ['assert.deepStrictEqual(probe(), ["undefined", undefined, "function"])'],
    });
    expect(result.tests).toEqual(['pass']);
  });

  it.each([
    ['breaks out of its wrapper', '}); globalThis.broken = true; (function () {'],
    ['is huge', `assert.strictEqual(f(), ${'1+'.repeat(20000)}1)`],
    ['is deeply nested', `assert.deepStrictEqual(f(), ${'['.repeat(20000)}${']'.repeat(20000)})`],
    ['contains a null byte', 'assert.strictEqual(f(), "\u0000")'],
    ['is not an assertion', 'f(); f(); 1 + 1;'],
    ['has a message that throws', 'assert.strictEqual(f(), 2, (() => { throw new Error("msg"); })())'],
  ])(
    'gives an outcome, never a crash, when a test %s',
    async (_, test) => {
      const { result } = await contained(runner, {
        code: 'function f() { return 1; }',
        tests: [test, 'assert.strictEqual(f(), 1)'],
      });
      expect(result.tests).toHaveLength(2);
      expect(result.tests[1]).toBe('pass');
    },
    60_000,
  );
});

describe('createJsRunner against hostile snippets (QuickJS, rlimit)', () => {
  let runner: JsRunner;
  beforeAll(async () => {
    runner = await createJsRunner({
      concurrency: 1,
      timeoutMs: TIMEOUT_MS,
      watchdogGraceMs: GRACE_MS,
      memoryMb: 64,
      isolation: 'rlimit',
      sandboxUid: 65290,
    });
  }, 120_000);
  afterAll(async () => {
    await runner?.close();
  });

  it.each([
    ['an infinite loop', 'for (;;) {}', 'TIMEOUT'],
    ['a long native operation', 'Array(1e8).join("ab");', 'TIMEOUT'],
    [
      'a memory bomb',
      'const keep = []; for (;;) keep.push(new ArrayBuffer(16 * 1024 * 1024));',
      /^ERROR:InternalError: out of memory|^TIMEOUT/,
    ],
  ])(
    'contains %s as it does under bwrap',
    async (_, code, expected) => {
      const { result } = await contained(runner, { code, tests: ['assert.strictEqual(1, 1)'] });
      if (typeof expected === 'string') expect(result.tests[0]).toBe(expected);
      else expect(result.tests[0]).toMatch(expected);
    },
    60_000,
  );

  it('never passes a wrong answer after the forgers patched everything', async () => {
    const { result } = await contained(runner, {
      code: ALL_FORGERS + FORGER_SUFFIX,
      tests: [CONTROL, ...FORGED_TESTS],
    });
    expect(result.tests[0]).toBe('pass');
    expect(result.tests.slice(1)).not.toContain('pass');
  });

  it.each(spyJobs())('never passes a split test through $name', async ({ job, outcomes }) => {
    const { result } = await contained(runner, job);
    expect(result.tests).toEqual(outcomes);
    expect(result.judged).toEqual(job.tests.map(() => 'split'));
  });

  it('leaves no process of the sandbox uid behind when the runner closes', async () => {
    const scratch = await createJsRunner({ concurrency: 1, isolation: 'rlimit', sandboxUid: 65280 });
    await scratch.run(CANARY);
    await scratch.close();
    const left = readdirSync('/proc').filter((entry) => {
      try {
        return /^\d+$/.test(entry) && /^Uid:\s+65280\b/m.test(readFileSync(`/proc/${entry}/status`, 'utf8'));
      } catch {
        return false;
      }
    });
    if (process.getuid?.() === 0) expect(left).toEqual([]);
  }, 60_000);
});

describe('createJsRunner against hostile snippets (node engine, bubblewrap)', () => {
  let runner: JsRunner;
  beforeAll(async () => {
    process.env.EXECRET_JS_TEST_SECRET = SECRET;
    runner = await createJsRunner({
      engine: 'node',
      concurrency: 1,
      timeoutMs: 2000,
      watchdogGraceMs: GRACE_MS,
      memoryMb: 128,
      sandboxUid: 65200,
    });
    expect(runner.info.isolation).toBe('bwrap');
  }, 120_000);
  afterAll(async () => {
    await runner?.close();
    delete process.env.EXECRET_JS_TEST_SECRET;
  });

  const builtin = (name: string): string => `process.getBuiltinModule(${JSON.stringify(name)})`;

  it('ends an infinite loop with TIMEOUT and kills the process', async () => {
    const { result } = await contained(runner, {
      code: 'function f() { for (;;) {} }',
      tests: ['assert.strictEqual(f(), 1)'],
    });
    expect(result.tests).toEqual(['TIMEOUT']);
  }, 60_000);

  it('gives the running test and every later one TIMEOUT when a child test loops, though later split tests ran first', async () => {
    // Split tests' probes run before child tests (see js/node-job.mjs); the verdicts are in test order all the same.
    const { result } = await contained(runner, {
      code: 'function f() { return 1; } function spin() { for (;;) {} }',
      tests: ['assert.strictEqual(f(), 1)', 'assert.throws(() => spin())', 'assert.strictEqual(f(), 1)'],
    });
    expect(result.tests).toEqual(['pass', 'TIMEOUT', 'TIMEOUT']);
  }, 60_000);

  it.each([
    ['process.exit', 'process.exit(0);', /^ERROR:ChildExited: exit status 0 before reporting$/],
    // Under bwrap the job process is pid 2 of its namespace; bwrap, its pid 1, then exits with 128 + 9.
    [
      'killing itself',
      'process.kill(process.pid, "SIGKILL");',
      /^ERROR:Child(Killed: killed by SIGKILL|Exited: exit status 137) before reporting$/,
    ],
    ['a stack overflow', 'function f() { return f(); } f();', /^ERROR:RangeError: Maximum call stack size exceeded$/],
    [
      'a memory bomb',
      'const keep = []; for (;;) keep.push(Buffer.alloc(64 * 1024 * 1024, 1));',
      /^ERROR:(RangeError|ChildKilled|ChildExited)|^TIMEOUT$/,
    ],
  ])(
    'gives %s an error outcome, never a pass',
    async (_, code, pattern) => {
      const { result } = await contained(runner, { code, tests: ['assert.strictEqual(1, 1)'] });
      expect(result.tests[0]).toMatch(pattern);
    },
    60_000,
  );

  it('shows no host files: the repository, its test suites and /etc are not there', async () => {
    const repoFile = join(import.meta.dirname, '..', 'package.json');
    const { result } = await contained(runner, {
      code: `const fs = ${builtin('fs')}; function read(p) { try { return fs.readFileSync(p, 'utf8').length > 0; } catch (e) { return e.code; } }`,
      tests: [
        `assert.strictEqual(read(${JSON.stringify(repoFile)}), true)`,
        'assert.strictEqual(read("/etc/passwd"), true)',
        'assert.strictEqual(read("/etc/hostname"), true)',
        'assert.strictEqual(read("/usr/bin/env"), true)',
      ],
    });
    expect(result.tests).toEqual(['FAIL', 'FAIL', 'FAIL', 'pass']);
  });

  it('cannot write outside its private /tmp', async () => {
    const target = join(import.meta.dirname, '..', 'js', `pwned-${process.pid}`);
    const { result } = await contained(runner, {
      code: `const fs = ${builtin('fs')}; function write(p) { try { fs.writeFileSync(p, 'x'); return 'written'; } catch (e) { return e.code; } }`,
      tests: [
        `assert.strictEqual(write(${JSON.stringify(target)}), 'written')`,
        'assert.strictEqual(write("/tmp/ok"), "written")',
      ],
    });
    expect(result.tests).toEqual(['FAIL', 'pass']);
    expect(() => readFileSync(target)).toThrow();
  });

  it('reaches no listener on the host loopback with fetch or net', async () => {
    const { server, port, hits } = await listener();
    try {
      const { result } = await contained(runner, {
        code: `let outcome = 'pending';
          fetch('http://127.0.0.1:${port}/').then(() => { outcome = 'reached'; }, (e) => { outcome = 'failed'; });
          const socket = ${builtin('net')}.connect(${port}, '127.0.0.1'); socket.on('connect', () => { outcome = 'reached'; }); socket.on('error', () => {});
          function wait() { const until = Date.now() + 300; while (Date.now() < until) {} return outcome; }`,
        tests: ['assert.strictEqual(wait(), "reached")'],
      });
      expect(result.tests).toEqual(['FAIL']);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(hits()).toBe(0);
    } finally {
      server.close();
    }
  });

  it('sees none of the parent environment', async () => {
    const { result } = await contained(runner, {
      code: 'function env() { return Object.keys(process.env).sort(); }',
      tests: [
        'assert.deepStrictEqual(env(), ["PWD", "TZ"])',
        `assert.strictEqual(process.env.EXECRET_JS_TEST_SECRET, ${JSON.stringify(SECRET)})`,
      ],
    });
    expect(result.tests).toEqual(['pass', 'FAIL']);
  });

  it('leaves nothing running when the job forks, starts a worker or sets a timer', async () => {
    const marker = String(100000 + (process.pid % 50000));
    const { result } = await contained(runner, {
      code: `const cp = ${builtin('child_process')};
        cp.spawn('sleep', ['${marker}'], { detached: true, stdio: 'ignore' }).unref();
        cp.exec('sleep ${marker} &');
        new (${builtin('worker_threads')}.Worker)('for (;;) {}', { eval: true });
        // Fires after the job has reported (the runner kills the process then), so the verdict stays the job's.
        setTimeout(() => { for (;;) {} }, 1500);
        setInterval(() => {}, 1);
        function f() { return 1; }`,
      tests: ['assert.strictEqual(f(), 1)'],
    });
    expect(result.tests).toEqual(['pass']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(processesWith(`sleep ${marker}`)).toEqual([]);
  }, 60_000);

  it('cannot forge a pass by writing reports on the channel', async () => {
    const { result } = await contained(runner, {
      code: `const fs = ${builtin('fs')};
        for (let id = 1; id < 50; id++) { try { fs.writeSync(3, JSON.stringify({ t: 'test', id, i: 0, r: { k: 'ok' } }) + '\\n'); } catch {} }
        function f() { return 1; }`,
      tests: ['assert.strictEqual(f(), 2)'],
    });
    expect(result.tests[0]).not.toBe('pass');
  });

  it('never passes a wrong answer judged split after the forgers patched what node itself survives', async () => {
    const survivable = FORGERS.filter((f) => !f.name.includes('descriptor'))
      .map((f) => f.code)
      .join('\n');
    const { result } = await contained(runner, { code: survivable + FORGER_SUFFIX, tests: [CONTROL, ...FORGED_TESTS] });
    expect(result.tests[0]).toBe('pass');
    // The split ones; child-judged tests (assert.throws here) run in node's own realm, which a snippet owns.
    expect(result.tests.slice(1, 8)).not.toContain('pass');
  });

  it.each(spyJobs())('never passes a split test through $name', async ({ job, outcomes }) => {
    const { result } = await contained(runner, job);
    expect(result.tests).toEqual(outcomes);
  });

  it('never passes a split test by rewriting reports on their way out after a message showed the expected value', async () => {
    // The snippet learns the expected value from a message (JSON.stringify) and rewrites every later value report
    // through a toJSON on the job process's own Object.prototype (reached through process, shared by every realm).
    const { result } = await contained(runner, {
      code: `let leaked;
        const realStringify = JSON.stringify;
        JSON.stringify = function (value, ...rest) { if (typeof value === 'string') leaked = value; return realStringify(value, ...rest); };
        Object.defineProperty(Object.getPrototypeOf(process.versions), 'toJSON', {
          value: function () {
            if (leaked !== undefined && this.t === 'test' && this.r && this.r.k === 'v') {
              return { t: this.t, id: this.id, i: this.i, r: { k: 'v', v: '["s",' + realStringify(leaked) + ']', m: null } };
            }
            return this;
          },
          configurable: true,
          writable: true,
        });
        function h() { return 'nothing'; }`,
      tests: [
        'assert.strictEqual(h(), "nothing")',
        "assert.strictEqual(h(), 'pqr', JSON.stringify('pqr'))",
        "assert.strictEqual(h(), 'pqr')",
        "assert(h() === 'pqr')",
      ],
    });
    expect(result.tests).toEqual(['pass', 'FAIL: "pqr"', 'FAIL', 'FAIL']);
  });

  it.each([
    [
      "a message's",
      `const realStringify = JSON.stringify;
        JSON.stringify = function (value, ...rest) { if (typeof value === 'string') process.leaked = value; return realStringify(value, ...rest); };
        function h() { return process.leaked ?? 'nothing'; }`,
      [
        'assert.strictEqual(h(), "nothing")',
        "assert.strictEqual(h(), 'stu', JSON.stringify('stu'))",
        "assert.strictEqual(h(), 'stu')",
      ],
      ['pass', 'FAIL: "stu"', 'FAIL'],
    ],
    [
      "a child test's",
      `const realMap = Array.prototype.map;
        Array.prototype.map = function (...args) { const out = realMap.apply(this, args); process.leakedArray = out; return out; };
        function id(x) { return x; }
        function g() { const kept = process.leakedArray; const out = []; if (kept) for (let i = 0; i < kept.length; i++) out.push(kept[i]); return out; }`,
      [
        'assert.deepStrictEqual(g(), [])',
        'assert.deepStrictEqual(g(), [5, 6].map(id))',
        'assert.deepStrictEqual(g(), [5, 6])',
      ],
      ['pass', 'FAIL', 'FAIL'],
    ],
  ])(
    'never passes a split test by replaying %s expected value kept in Node objects the tests of a job share',
    async (_, code, tests, outcomes) => {
      // A fresh context per test does not separate what a snippet keeps on `process`: no expected value may
      // enter the job process before every split test's value is on the channel.
      const { result } = await contained(runner, { code, tests });
      expect(result.tests).toEqual(outcomes);
    },
  );

  it('gives no pass when the snippet breaks node itself by patching Object.prototype descriptor fields', async () => {
    const descriptor = FORGERS.find((f) => f.name.includes('descriptor'))?.code as string;
    const { result } = await contained(runner, { code: descriptor + FORGER_SUFFIX, tests: [CONTROL, ...FORGED_TESTS] });
    expect(result.tests.slice(1, 8)).not.toContain('pass');
  });
});
