import { describe, expect, it } from 'vitest';
import { copyOrder, keptOthers } from './copy-order.js';

const output = { result: { status: 'fail' as const, tests: ['pass', 'FAIL'] }, failure: 'output' as const };
const outputTimeout = {
  result: { status: 'timeout' as const, tests: ['FAIL', 'TIMEOUT'] },
  failure: 'output' as const,
};
const crash = { result: { status: 'error' as const, tests: ['pass', 'ERROR:IndexError'] }, failure: 'crash' as const };
const crashTimeout = {
  result: { status: 'timeout' as const, tests: ['TIMEOUT', 'TIMEOUT'] },
  failure: 'crash' as const,
};

describe('copyOrder', () => {
  it('tries wrong answers without a timeout first, then with one, then crashes without and with one', () => {
    for (const seed of [1, 2, 3, 'x']) {
      expect(copyOrder('t1', [crashTimeout, crash, outputTimeout, output], seed)).toEqual([3, 2, 1, 0]);
    }
  });

  it('shuffles distractors of one rank with the seed, the same way every time', () => {
    const four = [output, output, output, output];
    const orders = [1, 2, 3, 4, 5, 6].map((seed) => copyOrder('t1', four, seed));
    expect(copyOrder('t1', four, 1)).toEqual(orders[0]);
    expect(new Set(orders.map((o) => o.join())).size).toBeGreaterThan(1);
    for (const o of orders) expect([...o].sort()).toEqual([0, 1, 2, 3]);
  });
});

describe('keptOthers', () => {
  it.each([
    [4, 2, 3, 2],
    [4, 0, 2, 1],
    [2, 1, 3, 1],
    [1, 0, 3, 0],
    [4, 3, 5, 3],
  ])(
    'keeps min(copies − 1, others) of %i distractors (original %i, %i copies): %i, ascending, never the original',
    (n, original, copies, kept) => {
      const out = keptOthers('t1', n, original, copies, 7);
      expect(out).toHaveLength(kept);
      expect(out).not.toContain(original);
      expect(out).toEqual([...out].sort((a, b) => a - b));
      expect(keptOthers('t1', n, original, copies, 7)).toEqual(out);
    },
  );
});
