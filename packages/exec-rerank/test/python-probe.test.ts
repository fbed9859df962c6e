import { createOracle, type Oracle } from '@execret/oracle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProbeCall } from '../src/probe-call.js';
import type { ProbeValue } from '../src/probe-value.js';
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

async function probe(code: string, calls: ProbeCall[], name = 'f', timeoutMs = 250): Promise<string[]> {
  const r = await oracle.run({
    code: pythonProbeCode(code),
    tests: calls.map((c) => pythonProbeTest(name, c, timeoutMs)),
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

  it('reports exceptions by type and a timeout of one call without losing the others', async () => {
    const code = 'def f(x):\n    if x == 0:\n        while True:\n            pass\n    return 10 // (x - 1)\n';
    expect(await probe(code, [call(int(0)), call(int(1)), call(int(3))], 'f', 100)).toEqual([
      'FAIL: E:ProbeTimeout',
      'FAIL: E:ZeroDivisionError',
      'FAIL: R:5',
    ]);
  });

  it('appends the arguments when the call mutates them', async () => {
    const code = 'def f(xs):\n    xs.sort()\n    return None\n';
    const xs: ProbeValue = { kind: 'list', items: [int(2), int(1)] };
    expect(await probe(code, [call(xs), call({ kind: 'list', items: [int(1)] })])).toEqual([
      'FAIL: R:None A:([[1, 2]], {})',
      'FAIL: R:None',
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
        tests: [pythonProbeTest('f', call(int(12)), 250)],
      }));
      const results = await many.runMany(jobs);
      expect(new Set(results.map((r) => r.tests[0])).size).toBe(1);
    } finally {
      await many.close();
    }
  });
});
