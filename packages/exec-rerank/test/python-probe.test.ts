import { createOracle, type Oracle } from '@execret/oracle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProbeBudget } from '../src/probe-budget.js';
import type { ProbeCall } from '../src/probe-call.js';
import type { ProbeValue } from '../src/probe-value.js';
import { pythonExpectationTest } from '../src/python/expectation-test.js';
import { pythonProbeCode, pythonProbeTest } from '../src/python/probe-test.js';

let oracle: Oracle;
beforeAll(async () => {
  oracle = await createOracle({ concurrency: 1 });
});
afterAll(async () => {
  await oracle.close();
});

const int = (value: number): ProbeValue => ({ kind: 'int', value });
const call = (...positional: ProbeValue[]): ProbeCall => ({ positional, keyword: [] });

async function probe(
  code: string,
  calls: ProbeCall[],
  name = 'f',
  budget: Partial<ProbeBudget> = {},
): Promise<string[]> {
  const full = { timeoutMs: 250, steps: 20_000, suiteSteps: 1_000_000, memoryBytes: 64 * 2 ** 20, ...budget };
  const r = await oracle.run({
    code: pythonProbeCode(code),
    tests: calls.map((c) => pythonProbeTest(name, c, full)),
  });
  return r.tests;
}

describe('pythonProbeTest', () => {
  it('reports return values canonically when run by the oracle', async () => {
    const code =
      'def f(x):\n    if x == 0:\n        return {"b": 2, "a": {3, 1, 2}}\n    if x == 1:\n        return 0.1 + 0.2\n    if x == 2:\n        return (i * i for i in range(3))\n    if x == 3:\n        return -0.0\n    return object()\n';
    expect(await probe(code, [call(int(0)), call(int(1)), call(int(2)), call(int(3)), call(int(4))])).toEqual([
      "FAIL: R:{'a': {1, 2, 3}, 'b': 2}",
      'FAIL: R:0.3',
      'FAIL: R:<iter>[0, 1, 4]',
      'FAIL: R:0.0',
      'FAIL: R:<object object at 0x?>',
    ]);
  });

  it('reports exceptions by type, an endless loop as over budget and slow C code as a timeout', async () => {
    const code =
      'import time\ndef f(x):\n    if x == 0:\n        while True:\n            pass\n    if x == 2:\n        time.sleep(30)\n    return 10 // (x - 1)\n';
    expect(
      await probe(code, [call(int(0)), call(int(1)), call(int(2)), call(int(3))], 'f', { timeoutMs: 100 }),
    ).toEqual(['FAIL: E:ProbeBudget', 'FAIL: E:ZeroDivisionError', 'FAIL: E:ProbeTimeout', 'FAIL: R:5']);
  });

  it('stops probing once the suite’s steps are spent, the same on every run', async () => {
    const code = 'def f(n):\n    t = 0\n    for i in range(n):\n        t += i\n    return t\n';
    const calls = [call(int(300)), call(int(300)), call(int(300)), call(int(1))];
    // each call spends about 605 trace events: two fit in 1000, the third starts with the budget spent
    const budget = { steps: 1000, suiteSteps: 1000 };
    const first = await probe(code, calls, 'f', budget);
    expect(first).toEqual(['FAIL: R:44850', 'FAIL: R:44850', 'FAIL: E:ProbeBudget', 'FAIL: E:ProbeBudget']);
    expect(await probe(code, calls, 'f', budget)).toEqual(first);
  });

  it('appends the arguments when the call mutates them', async () => {
    const code = 'def f(xs):\n    xs.sort()\n    return None\n';
    const xs: ProbeValue = { kind: 'list', items: [int(2), int(1)] };
    expect(await probe(code, [call(xs), call({ kind: 'list', items: [int(1)] })])).toEqual([
      'FAIL: R:None A:([[1, 2]], {})',
      'FAIL: R:None',
    ]);
  });

  it('fails a big allocation at once and restores the limit for the next call', async () => {
    const code = 'def f(n):\n    return len("a" * n)\n';
    expect(await probe(code, [call(int(200_000_000)), call(int(1_000_000))])).toEqual([
      'FAIL: E:MemoryError',
      'FAIL: R:1000000',
    ]);
  });

  it('hashes a long report so it survives the oracle’s message cut', async () => {
    const [out] = await probe('def f(n):\n    return "x" * n\n', [call(int(1000))]);
    expect(out).toMatch(/^FAIL: H:[0-9a-f]{32} R:'x{37}$/);
  });

  it('passes keyword arguments and reports a missing function as an error', async () => {
    const code = 'def f(a, *, sep="-"):\n    return sep.join(a)\n';
    expect(
      await probe(code, [
        {
          positional: [
            {
              kind: 'list',
              items: [
                { kind: 'str', value: 'a' },
                { kind: 'str', value: 'b' },
              ],
            },
          ],
          keyword: [['sep', { kind: 'str', value: '+' }]],
        },
      ]),
    ).toEqual(["FAIL: R:'a+b'"]);
    const [missing] = await probe(code, [call(int(1))], 'g');
    expect(missing).toMatch(/^ERROR:NameError/);
  });

  it('gives the same outcome for the same input whichever server runs it', async () => {
    const many = await createOracle({ concurrency: 2 });
    try {
      const code = 'def f(n):\n    return {str(i) for i in range(n)}\n';
      const jobs = Array.from({ length: 6 }, () => ({
        code: pythonProbeCode(code),
        tests: [
          pythonProbeTest('f', call(int(12)), {
            timeoutMs: 250,
            steps: 20_000,
            suiteSteps: 1_000_000,
            memoryBytes: 64 * 2 ** 20,
          }),
        ],
      }));
      const results = await many.runMany(jobs);
      expect(new Set(results.map((r) => r.tests[0])).size).toBe(1);
    } finally {
      await many.close();
    }
  });
});

describe('pythonExpectationTest', () => {
  it('passes when the call returns the value or raises the class or a subclass of it', async () => {
    const code =
      'def f(x):\n    if x < 0:\n        raise ValueError("neg")\n    if x == 0:\n        raise KeyError(0)\n    return x + 1\n';
    const tests = [
      pythonExpectationTest('f(1)', { returns: '2' }),
      pythonExpectationTest('f(1)', { returns: '3' }),
      pythonExpectationTest('f(-1)', { raises: 'ValueError' }),
      pythonExpectationTest('f(0)', { raises: 'LookupError' }),
      pythonExpectationTest('f(0)', { raises: 'ValueError' }),
      pythonExpectationTest('f(5)', { raises: 'Exception' }),
    ];
    expect((await oracle.run({ code, tests })).tests).toEqual([
      'pass',
      'FAIL',
      'pass',
      'pass',
      'FAIL: raised KeyError',
      'FAIL: returned',
    ]);
  });

  it('throws TypeError when raises is not a class name', () => {
    expect(() => pythonExpectationTest('f(1)', { raises: 'os.system("x")' })).toThrow(TypeError);
  });
});
