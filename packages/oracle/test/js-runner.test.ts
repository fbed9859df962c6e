import assert from 'node:assert/strict';
import { isOutcome } from '@execret/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OracleError } from '../src/errors.js';
import { createJsRunner } from '../src/js/js-runner.js';
import type { JsJob, JsResult, JsRunner } from '../src/js/types.js';

// Honest jobs under the default engine (QuickJS, sandboxed as the machine allows), checked against plain
// node with node:assert/strict run here, and the same jobs under the `node` engine.

/** Snippet and tests whose verdicts plain node decides the same way; `outcomes` are the runner's exact strings. */
const HONEST: { name: string; code: string; tests: string[]; outcomes: string[] }[] = [
  {
    name: 'strict versus loose equality of 1 and "1"',
    code: 'function one() { return "1"; }',
    tests: [
      'assert.strictEqual(one(), 1)',
      'assert.equal(one(), 1)',
      'assert(one() == 1)',
      'assert.strictEqual(one(), "1")',
      'assert(one() === 1)',
    ],
    outcomes: ['FAIL', 'FAIL', 'pass', 'pass', 'FAIL'],
  },
  {
    name: '-0 against 0',
    code: 'function negZero() { return -0; }',
    tests: [
      'assert.strictEqual(negZero(), 0)',
      'assert.strictEqual(negZero(), -0)',
      'assert(negZero() === 0)',
      'assert.deepStrictEqual([negZero()], [0])',
      'assert.deepStrictEqual({ z: negZero() }, { z: -0 })',
    ],
    outcomes: ['FAIL', 'pass', 'pass', 'FAIL', 'pass'],
  },
  {
    name: 'NaN',
    code: 'function nan() { return 0 / 0; }',
    tests: [
      'assert.strictEqual(nan(), NaN)',
      'assert(nan() === NaN)',
      'assert(nan() !== NaN)',
      'assert.deepStrictEqual([nan()], [NaN])',
      'assert(Number.isNaN(nan()))',
      'assert.notStrictEqual(nan(), NaN)',
    ],
    outcomes: ['pass', 'FAIL', 'pass', 'pass', 'pass', 'FAIL'],
  },
  {
    name: 'deep equality of nested arrays and objects',
    code: 'function shape() { return { list: [1, [2, { three: 3 }]], name: "x", empty: {} }; }\nfunction sparse() { return [1, , 3]; }\nclass P { constructor() { this.a = 1; } }\nfunction inst() { return new P(); }\nfunction nullProto() { return Object.assign(Object.create(null), { a: 1 }); }',
    tests: [
      'assert.deepStrictEqual(shape(), { name: "x", empty: {}, list: [1, [2, { three: 3 }]] })',
      'assert.deepStrictEqual(shape(), { name: "x", empty: {}, list: [1, [2, { three: 4 }]] })',
      'assert.deepStrictEqual(shape(), { name: "x", list: [1, [2, { three: 3 }]] })',
      'assert.deepStrictEqual(sparse(), [1, undefined, 3])',
      'assert.deepStrictEqual(sparse(), [1, , 3])',
      'assert.deepStrictEqual(inst(), { a: 1 })',
      'assert.deepStrictEqual(nullProto(), { a: 1 })',
      'assert.notDeepStrictEqual(shape(), {})',
      'assert.deepStrictEqual(shape().list, [1, [2, { three: 3 }]])',
    ],
    outcomes: ['pass', 'FAIL', 'FAIL', 'FAIL', 'pass', 'FAIL', 'FAIL', 'pass', 'pass'],
  },
  {
    name: 'assert.throws',
    code: 'function check(n) { if (n < 0) throw new RangeError("negative: " + n); return n; }',
    tests: [
      'assert.throws(() => check(-1))',
      'assert.throws(() => check(-1), RangeError)',
      'assert.throws(() => check(-1), TypeError)',
      'assert.throws(() => check(1))',
      'assert.throws(() => check(-1), /negative/)',
      'assert.throws(() => check(-1), { name: "RangeError", message: "negative: -1" })',
      'assert.throws(() => check(1), RangeError, "check(1) must throw")',
      'assert.doesNotThrow(() => check(1))',
    ],
    outcomes: [
      'pass',
      'pass',
      'FAIL',
      'FAIL',
      'pass',
      'pass',
      'FAIL: Missing expected exception (RangeError): check(1) must throw',
      'pass',
    ],
  },
  {
    name: 'messages and errors thrown by the function under test',
    code: 'function add(a, b) { return a + b; }\nfunction boom() { throw new TypeError("bad"); }',
    tests: [
      'assert.strictEqual(add(1, 1), 3, "sum is wrong")',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source of a test, with a template literal
      'assert.strictEqual(add(1, 1), 3, `got ${add(1, 1)}`)',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source of a test, with a template literal
      'assert.strictEqual(add(1, 2), 3, `got ${add(1, 2)}`)',
      'assert.strictEqual(add(1, 1), 3, new RangeError("as error"))',
      'assert.strictEqual(boom(), 3)',
      'assert.ok(add(0, 0), "zero")',
      'assert.strictEqual(missing(1), 1)',
    ],
    outcomes: [
      'FAIL: sum is wrong',
      'FAIL: got 2',
      'pass',
      'ERROR:RangeError: as error',
      'ERROR:TypeError: bad',
      'FAIL: zero',
      // QuickJS's wording; node says "missing is not defined".
      "ERROR:ReferenceError: 'missing' is not defined",
    ],
  },
  {
    name: 'thrown non-Errors',
    code: 'function t(kind) { if (kind === 1) throw 42; if (kind === 2) throw "boom"; if (kind === 3) throw null; if (kind === 4) throw { a: 1 }; throw undefined; }',
    tests: [
      'assert.strictEqual(t(1), 0)',
      'assert.strictEqual(t(2), 0)',
      'assert.strictEqual(t(3), 0)',
      'assert.strictEqual(t(4), 0)',
      'assert.strictEqual(t(5), 0)',
    ],
    outcomes: [
      'ERROR:number: 42',
      'ERROR:string: boom',
      'ERROR:null: null',
      'ERROR:Object: [object Object]',
      'ERROR:undefined: undefined',
    ],
  },
  {
    name: 'state that does not survive from one test to the next (the snippet runs anew for each test)',
    code: 'let calls = 0;\nfunction next() { calls += 1; return calls; }',
    tests: ['assert.strictEqual(next(), 1)', 'assert.strictEqual(next(), 2)', 'assert.strictEqual(calls, 1)'],
    outcomes: ['pass', 'FAIL', 'FAIL'],
  },
];

/**
 * A snippet with module-level state, a global it counts its own evaluations in, and tests that change that
 * state, a global and a prototype: every test passes only when each starts from the snippet freshly evaluated
 * in a fresh realm (as the Python oracle re-executes the snippet in a fresh namespace for each test).
 */
const FRESH_STATE: JsJob = {
  code: 'let calls = 0;\nfunction next() { calls += 1; return calls; }\nglobalThis.loads = (globalThis.loads ?? 0) + 1;\nfunction extra() { return typeof Array.prototype.extra; }',
  tests: [
    'assert.strictEqual(next(), 1)',
    'assert.strictEqual(next(), 1)',
    'assert.strictEqual(calls, 0)',
    'assert.strictEqual(loads, 1)',
    'assert.ok((Array.prototype.extra = 1))',
    'assert.strictEqual(extra(), "undefined")',
    'assert.throws(() => { globalThis.loads = 5; throw new Error("x"); })',
    'assert.strictEqual(loads, 1)',
  ],
};
/** A snippet that throws while it is evaluated: every test gets the error, as each evaluation throws anew. */
const THROWING_SNIPPET: JsJob = {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source of a snippet, with a template literal
  code: 'globalThis.tries = (globalThis.tries ?? 0) + 1;\nthrow new Error(`load ${globalThis.tries}`);',
  tests: ['assert.strictEqual(1, 1)', 'assert(tries)', 'assert.throws(() => tries)'],
};

/**
 * What plain node says for each test of a script made of the snippet and then that test, the snippet evaluated
 * anew for each test (the runner's semantics, as Python's): pass, FAIL (an AssertionError) or ERROR. One realm
 * with node:assert, like a script run by `node` (a node:vm context would be another realm than node:assert's,
 * which changes how `assert` treats an Error given as message); the snippets used here keep their state in
 * their own (function) scope, which is fresh for each test.
 */
function plainNode(code: string, tests: readonly string[]): ('pass' | 'FAIL' | 'ERROR')[] {
  return tests.map((test) => {
    const script = new Function(
      'assert',
      'test',
      `${code}\ntry { eval(test); return 'pass'; } catch (error) { return error instanceof assert.AssertionError ? 'FAIL' : 'ERROR'; }`,
    ) as (a: typeof assert, t: string) => 'pass' | 'FAIL' | 'ERROR';
    return script(assert, test);
  });
}
const outcomeClass = (outcome: string): string =>
  outcome === 'pass' ? 'pass' : outcome.startsWith('FAIL') ? 'FAIL' : 'ERROR';

describe('createJsRunner', () => {
  let runner: JsRunner;
  beforeAll(async () => {
    runner = await createJsRunner({ concurrency: 1, timeoutMs: 5000 });
  }, 120_000);
  afterAll(async () => {
    await runner?.close();
  });

  it('runs QuickJS inside bubblewrap by default when bubblewrap works', () => {
    expect(runner.info.engine).toBe('quickjs');
    expect(runner.info.isolation).toBe('bwrap');
    expect(runner.info.quickjs?.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(runner.info.visiblePaths).toContain('/usr');
    expect(runner.info.visiblePaths.some((p) => p.includes('/test'))).toBe(false);
  });

  it.each(HONEST)(
    'gives plain node verdicts in the release vocabulary for $name',
    async ({ code, tests, outcomes }) => {
      const result = await runner.run({ code, tests });
      expect(result.tests).toEqual(outcomes);
      expect(result.tests.every(isOutcome)).toBe(true);
      expect(result.tests.map(outcomeClass)).toEqual(plainNode(code, tests));
    },
  );

  it('starts every test from the snippet freshly evaluated in a fresh realm when tests change state', async () => {
    const result = await runner.run(FRESH_STATE);
    expect(result.tests).toEqual(FRESH_STATE.tests.map(() => 'pass'));
    const thrown = await runner.run(THROWING_SNIPPET);
    expect(thrown.tests).toEqual(['ERROR:Error: load 1', 'ERROR:Error: load 1', 'ERROR:Error: load 1']);
  });

  it('labels literal-expected tests split and the others child', async () => {
    const result = await runner.run({
      code: 'function f(x) { return x; }',
      tests: [
        'assert.strictEqual(f(1), 1)',
        'assert.deepStrictEqual(f([1]), [1])',
        'assert(f(true))',
        'assert.strictEqual(f(1), f(1))',
        'assert.throws(() => f())',
      ],
    });
    expect(result.judged).toEqual(['split', 'split', 'split', 'child', 'child']);
    expect(result.tests).toEqual(['pass', 'pass', 'pass', 'pass', 'FAIL']);
  });

  it('strips TypeScript types before running when the job is TypeScript', async () => {
    const result = await runner.run({
      language: 'typescript',
      code: 'enum Color { Red, Green }\ninterface Box { v: number }\nfunction unbox(b: Box): number { return b.v as number; }\nfunction green(): Color { return Color.Green; }',
      tests: [
        'assert.strictEqual(unbox({ v: 2 } as Box), 2)',
        'assert.strictEqual(green(), 1)',
        'assert.strictEqual(unbox({ v: 2 }), 3)',
      ],
    });
    expect(result.tests).toEqual(['pass', 'pass', 'FAIL']);
  });

  it('gives every test ERROR:SyntaxError when the TypeScript snippet does not parse', async () => {
    const result = await runner.run({
      language: 'typescript',
      code: 'function f(a: number { return a; }',
      tests: ['assert.strictEqual(f(1), 1)', 'assert(f(2))'],
    });
    expect(result.status).toBe('error');
    expect(result.tests).toEqual([
      expect.stringMatching(/^ERROR:SyntaxError: /),
      expect.stringMatching(/^ERROR:SyntaxError: /),
    ]);
  });

  it('gives every test the snippet error when the JavaScript snippet does not parse or throws', async () => {
    const syntax = await runner.run({
      code: 'function f( {',
      tests: ['assert.strictEqual(f(1), 1)', 'assert.throws(() => f())'],
    });
    expect(syntax.tests.every((t) => t.startsWith('ERROR:SyntaxError'))).toBe(true);
    const thrown = await runner.run({
      code: 'function f() { return 1; }\nthrow new Error("load failed");',
      tests: ['assert.strictEqual(f(), 1)', 'assert.strictEqual(1, 1)'],
    });
    expect(thrown.tests).toEqual(['ERROR:Error: load failed', 'ERROR:Error: load failed']);
  });

  it('gives the running test and every later one TIMEOUT when the budget runs out', async () => {
    const short = await createJsRunner({ concurrency: 1, timeoutMs: 600 });
    try {
      const result = await short.run({
        code: 'function fast() { return 1; }\nfunction slow() { for (;;) {} }',
        tests: ['assert.strictEqual(fast(), 1)', 'assert.strictEqual(slow(), 1)', 'assert.strictEqual(fast(), 1)'],
      });
      expect(result.tests).toEqual(['pass', 'TIMEOUT', 'TIMEOUT']);
      expect(result.status).toBe('timeout');
    } finally {
      await short.close();
    }
  }, 60_000);

  it('cuts messages to 300 UTF-8 bytes when they are longer', async () => {
    const result = await runner.run({
      code: 'function f() { throw new Error("é".repeat(1000)); }',
      tests: ['assert.strictEqual(f(), 1)'],
    });
    const message = (result.tests[0] as string).slice('ERROR:Error: '.length);
    expect(Buffer.byteLength(message, 'utf8')).toBe(300);
  });

  it('gives ERROR:OracleLimit without running when a job is over a limit', async () => {
    const limited = await createJsRunner({ concurrency: 1, maxTests: 2, maxCodeBytes: 100, maxSuiteBytes: 200 });
    try {
      const tooMany = await limited.run({
        code: 'function f() {}',
        tests: ['assert(f())', 'assert(f())', 'assert(f())'],
      });
      expect(tooMany.tests).toEqual(
        new Array(3).fill(expect.stringMatching(/^ERROR:OracleLimit: the job has 3 tests, more than maxTests 2/)),
      );
      const tooLong = await limited.run({ code: `function f() {}${' '.repeat(200)}`, tests: ['assert(f())'] });
      expect(tooLong.tests[0]).toMatch(/^ERROR:OracleLimit: snippet is 215 bytes/);
      const bigSuite = await limited.run({ code: 'function f() {}', tests: [`assert(f(${'1'.repeat(300)}))`] });
      expect(bigSuite.tests[0]).toMatch(/^ERROR:OracleLimit: the tests are \d+ bytes, more than maxSuiteBytes 200/);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('returns results in input order and reports progress when running many jobs', async () => {
    const jobs: JsJob[] = Array.from({ length: 12 }, (_, i) => ({
      code: `function f() { return ${i}; }`,
      tests: [`assert.strictEqual(f(), ${i % 2 === 0 ? i : -1})`],
    }));
    const seen: number[] = [];
    const results = await runner.runMany(jobs, { onProgress: (p) => seen.push(p.done) });
    expect(results.map((r) => r.status)).toEqual(jobs.map((_, i) => (i % 2 === 0 ? 'pass' : 'fail')));
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('throws TypeError at once when a job is malformed', async () => {
    await expect(runner.run({ code: 'x', tests: [] })).rejects.toThrow(TypeError);
    await expect(runner.run({ code: 1 as unknown as string, tests: ['assert(1)'] })).rejects.toThrow(TypeError);
    await expect(runner.run({ code: 'x', tests: ['assert(1)'], language: 'python' as 'javascript' })).rejects.toThrow(
      RangeError,
    );
  });

  it('rejects with OracleError aborted when the signal fires', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(runner.run({ code: 'x', tests: ['assert(1)'] }, { signal: controller.signal })).rejects.toSatisfy(
      (error: unknown) => OracleError.is(error) && error.code === 'aborted',
    );
  });

  it('rejects with OracleError closed when used after close', async () => {
    const closing = await createJsRunner({ concurrency: 1 });
    await closing.close();
    await expect(closing.run({ code: 'x', tests: ['assert(1)'] })).rejects.toSatisfy(
      (error: unknown) => OracleError.is(error) && error.code === 'closed',
    );
  }, 60_000);
});

describe('createJsRunner with the node engine', () => {
  let quick: JsRunner;
  let node: JsRunner;
  beforeAll(async () => {
    [quick, node] = await Promise.all([
      // Honest jobs end at once: a generous budget keeps a loaded machine from turning one into TIMEOUT.
      createJsRunner({ concurrency: 1, timeoutMs: 20_000 }),
      createJsRunner({ engine: 'node', concurrency: 2, timeoutMs: 20_000 }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([quick?.close(), node?.close()]);
  });

  it('reads the report of a job process that exits right after writing it (no lost done)', async () => {
    // A job process writes its last lines and exits at once; its exit may be seen before those lines are
    // read. Before the channel was drained on exit, 21 of 120 such jobs came back ChildExited under load.
    const jobs = Array.from({ length: 60 }, (_, i) => ({
      code: `let calls = ${i};\nfunction next() { calls += 1; return calls; }`,
      tests: [`assert.strictEqual(next(), ${i + 1})`, `assert.strictEqual(calls, ${i})`],
    }));
    const results = await node.runMany(jobs);
    expect(results.filter((r) => r.status !== 'pass').map((r) => r.tests)).toEqual([]);
  }, 120_000);

  it('starts every test from the snippet freshly evaluated in a fresh realm when tests change state', async () => {
    const result = await node.run(FRESH_STATE);
    expect(result.tests).toEqual(FRESH_STATE.tests.map(() => 'pass'));
    const thrown = await node.run(THROWING_SNIPPET);
    expect(thrown.tests).toEqual(['ERROR:Error: load 1', 'ERROR:Error: load 1', 'ERROR:Error: load 1']);
  }, 60_000);

  it('gives the same outcomes as QuickJS on the honest jobs, error messages aside', async () => {
    const jobs = HONEST.map(({ code, tests }) => ({ code, tests }));
    const [a, b] = await Promise.all([quick.runMany(jobs), node.runMany(jobs)]);
    const normal = (r: JsResult) => r.tests.map((t) => (t.startsWith('ERROR:') ? t.split(':')[1] : t));
    expect(b.map(normal)).toEqual(a.map(normal));
    expect(node.info.engine).toBe('node');
  }, 120_000);
});

describe('createJsRunner under rlimit isolation', () => {
  it('runs the same jobs with the same outcomes when bubblewrap is not used', async () => {
    const runner = await createJsRunner({ concurrency: 1, isolation: 'rlimit' });
    try {
      expect(runner.info.isolation).toBe('rlimit');
      expect(runner.info.warnings.join(' ')).toMatch(/rlimit/);
      const [first] = HONEST;
      const result = await runner.run({ code: first?.code as string, tests: first?.tests as string[] });
      expect(result.tests).toEqual(first?.outcomes);
      expect(result.isolation).toBe('rlimit');
      const fresh = await runner.run(FRESH_STATE);
      expect(fresh.tests).toEqual(FRESH_STATE.tests.map(() => 'pass'));
    } finally {
      await runner.close();
    }
  }, 120_000);
});
