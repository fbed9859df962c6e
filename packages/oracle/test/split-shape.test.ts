// Class 1 of the third round of attacks (issue 26): nothing a child can observe of a split test may depend on
// the test's hidden side (the operator, the literal, the polarity, a message). Checked on what is sent to the
// child — the marshalled probe code of every variant of a test, byte for byte (positions, line table,
// constants, names, flags), and the JavaScript engines' first-phase wire — and end to end, with a snippet that
// reads its caller's code positions, which told `assert f(x)` from `assert not f(x)` before.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOracle, type Oracle, resolvePython } from '../src/index.js';
import { cachedPlanner, prepareJob } from '../src/js/job-preparation.js';
import { PYTHON_DIR } from '../src/python-files.js';

/** Groups of tests that differ only in what the child must not learn: each group's probes must be identical. */
const PYTHON_VARIANTS = [
  ['assert f(x)', 'assert not f(x)', 'assert f(x) is True', 'assert f(x) is None', 'assert f(x) == 3'],
  ['assert f(x) == 1', 'assert f(x) == 12345', 'assert f(x) != "a much longer literal"', 'assert f(x) < -2'],
  ['assert True == f(x)', 'assert False == f(x)', "assert 'a' == f(x)", "assert 'aaaaaaaa' * 3 == f(x)"],
  ['assert f(x) == [1, 2]', "assert f(x) == [1, 2], 'message'", 'assert f(x) == [1, 2], f"got {f(x)}"'],
  ['assert (f(x)) in {1, 2, 3}', 'assert f(x) not in (4,)', 'assert (1, 2) == (f(x))'],
  ['assert f(\n    x) == 1', 'assert f(\n    x) == (1,\n 2, 3)'],
];

describe('split probes (Python)', () => {
  it('are byte-identical code objects for every hidden side of the same probe', async () => {
    const python = (await resolvePython()).executable;
    const script = [
      'import json, marshal, sys',
      'sys.path.insert(0, sys.argv[1])',
      'from execret_fork_server.plan import plan_test',
      'out = []',
      'for group in json.loads(sys.argv[2]):',
      '    row = []',
      '    for test in group:',
      '        split = plan_test(test, 300)["split"]',
      '        row.append(None if split is None else marshal.dumps(split[0]).hex())',
      '    out.append(row)',
      'print(json.dumps(out))',
    ].join('\n');
    const rows = JSON.parse(
      execFileSync(python, ['-I', '-c', script, PYTHON_DIR, JSON.stringify(PYTHON_VARIANTS)], { encoding: 'utf8' }),
    ) as (string | null)[][];
    rows.forEach((row, g) => {
      expect(row.every((code) => code !== null)).toBe(true);
      for (const code of row) expect(code, `group ${g}: ${JSON.stringify(PYTHON_VARIANTS[g])}`).toBe(row[0]);
    });
  }, 30_000);
});

describe.each([
  { isolation: 'bwrap' as const, sandboxUid: 65290 },
  { isolation: 'rlimit' as const, sandboxUid: 65280 },
])('a snippet that reads its caller position, under $isolation', ({ isolation, sandboxUid }) => {
  let oracle: Oracle | undefined;
  beforeAll(async () => {
    oracle = await createOracle({ isolation, concurrency: 1, sandboxUid, timeoutMs: 5000 }).catch(() => undefined);
  }, 60_000);
  afterAll(async () => {
    await oracle?.close();
  });

  it('cannot tell the polarity of a truthiness assert nor the length of a literal on the left', async (ctx) => {
    if (!oracle) return ctx.skip();
    // Reads the column of the call in its caller's code: 7 in `assert f(..)`, 11 in `assert not f(..)`, 15 in
    // `assert True == f(..)`, 16 in `assert False == f(..)`; and answers what each shape wants.
    const code = [
      'import sys',
      'def f(x):',
      '    caller = sys._getframe(1)',
      '    column = list(caller.f_code.co_positions())[caller.f_lasti // 2][2]',
      '    return column in (7, 15)',
    ].join('\n');
    const tests = ['assert f(1)', 'assert not f(2)', 'assert True == f(3)', 'assert False == f(4)'];
    const result = await oracle.run({ code, tests });
    expect(result.judged).toEqual(['split', 'split', 'split', 'split']);
    // Every probe stands alone at column 0: the snippet sees the same thing for both polarities.
    expect(result.tests).toEqual(['FAIL', 'pass', 'FAIL', 'pass']);
  }, 30_000);
});

describe('split probes (JavaScript)', () => {
  const plan = cachedPlanner();
  const limits = { maxCodeBytes: 1 << 20, maxTests: 100, maxSuiteBytes: 1 << 16, timeoutMs: 5000 };
  const JS_VARIANTS = [
    ['assert.strictEqual(f(x), 1)', 'assert.strictEqual(f(x), 123456789)', 'assert.strictEqual(1, f(x))'],
    ['assert(f(x))', 'assert(!f(x))', 'assert.ok(f(x))', 'assert(f(x) === true)', 'assert(f(x) !== "x")'],
    [
      'assert.deepStrictEqual(f(x), [1, 2])',
      "assert.deepStrictEqual(f(x), [1, 2], 'plain message')",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a test whose message is a template literal
      'assert.deepStrictEqual(f(x), [1, 2], `expected ${[1, 2]}`)',
      'assert.deepStrictEqual(f(x), [1, 2], assert.AssertionError.name)',
    ],
  ];

  it('sends the same first-phase test for every hidden side of the same probe', () => {
    for (const group of JS_VARIANTS) {
      const wires = group.map((test) => {
        const prepared = prepareJob({ code: 'function f(x) { return x; }', tests: [test] }, limits, plan);
        const wire = prepared.engineJob?.tests[0] as { k: string; src?: string; a?: boolean };
        // Whether a message comes later (`m`) is not the expected side; everything the probe's realm depends on is.
        return JSON.stringify({ k: wire.k, src: wire.src, a: wire.a });
      });
      for (const wire of wires) expect(wire, JSON.stringify(group)).toBe(wires[0]);
    }
  });
});
