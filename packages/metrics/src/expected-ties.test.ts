import { mulberry32 } from '@execret/formats';
import { describe, expect, it } from 'vitest';
import { execAtK } from './exec-at-k.js';
import { executionPrecisionAtK } from './execution-precision-at-k.js';
import {
  expectedExecAtK,
  expectedExecutionPrecisionAtK,
  expectedNdcgAtK,
  expectedReciprocalRank,
  probabilityNoneInFirst,
} from './expected-ties.js';
import { ndcgAtK } from './ndcg-at-k.js';
import { reciprocalRank } from './reciprocal-rank.js';

/** All permutations of `items` (small inputs only). */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  const out: T[][] = [];
  items.forEach((item, i) => {
    for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) out.push([item, ...rest]);
  });
  return out;
}

/** Every ordering of positions 0..n-1 that permutes only within runs of equal scores. */
function tieOrderings(scores: readonly number[]): number[][] {
  const groups: number[][] = [];
  scores.forEach((s, i) => {
    const last = groups[groups.length - 1];
    if (last !== undefined && scores[last[0] as number] === s) last.push(i);
    else groups.push([i]);
  });
  let orders: number[][] = [[]];
  for (const group of groups) {
    const next: number[][] = [];
    for (const prefix of orders) for (const perm of permutations(group)) next.push([...prefix, ...perm]);
    orders = next;
  }
  return orders;
}

/** Mean of `f` over every tie ordering, applied to the reordered values. */
function bruteForce(scores: readonly number[], values: readonly number[], f: (reordered: number[]) => number): number {
  const orders = tieOrderings(scores);
  let sum = 0;
  for (const order of orders) sum += f(order.map((i) => values[i] as number));
  return sum / orders.length;
}

/** Random rankings of up to 9 documents with integer scores (many ties) and graded gains. */
function randomCases(
  count: number,
  seed: number,
): { scores: number[]; flags: number[]; gains: number[]; ideal: number[] }[] {
  const rand = mulberry32(seed);
  const out = [];
  for (let c = 0; c < count; c++) {
    const n = Math.floor(rand() * 10);
    const scores = Array.from({ length: n }, () => Math.floor(rand() * 4)).sort((a, b) => b - a);
    const flags = scores.map(() => (rand() < 0.3 ? 1 : 0));
    const gains = scores.map(() => (rand() < 0.35 ? 1 + Math.floor(rand() * 3) : 0));
    const ideal = [...gains.filter((g) => g > 0), ...(rand() < 0.3 ? [2] : [])];
    out.push({ scores, flags, gains, ideal });
  }
  return out;
}

const CASES = randomCases(300, 2008);
const KS = [1, 2, 3, 5, 10];

describe('probabilityNoneInFirst', () => {
  it.each([
    { m: 3, r: 1, t: 2, expected: 1 / 3 },
    { m: 5, r: 2, t: 2, expected: 3 / 10 },
    { m: 5, r: 2, t: 3, expected: 1 / 10 },
    { m: 5, r: 2, t: 4, expected: 0 },
    { m: 4, r: 0, t: 4, expected: 1 },
    { m: 7, r: 3, t: 0, expected: 1 },
  ])('equals C(m−r, t)/C(m, t) = $expected when m = $m, r = $r, t = $t', ({ m, r, t, expected }) => {
    expect(probabilityNoneInFirst(m, r, t)).toBeCloseTo(expected, 15);
  });
});

describe('expectedExecAtK', () => {
  it('matches enumeration of every tie ordering on random rankings', () => {
    for (const { scores, flags } of CASES) {
      for (const k of KS) {
        const brute = bruteForce(scores, flags, (f) => execAtK(f, k));
        expect(expectedExecAtK(flags, scores, k)).toBeCloseTo(brute, 13);
      }
    }
  });

  it.each([
    { flags: [0, 1, 0, 0], scores: [0.9, 0.9, 0.9, 0.1], k: 1, expected: 1 / 3 },
    { flags: [0, 1, 0, 0], scores: [0.9, 0.9, 0.9, 0.1], k: 2, expected: 2 / 3 },
    { flags: [0, 1, 0, 0], scores: [0.9, 0.9, 0.9, 0.1], k: 3, expected: 1 },
    { flags: [1, 0, 0], scores: [2, 1, 1], k: 1, expected: 1 },
    { flags: [0, 0, 1], scores: [2, 1, 1], k: 2, expected: 1 / 2 },
    { flags: [], scores: [], k: 3, expected: 0 },
  ])('returns $expected for flags $flags, scores $scores, k = $k', ({ flags, scores, k, expected }) => {
    expect(expectedExecAtK(flags, scores, k)).toBeCloseTo(expected, 15);
  });

  it('equals execAtK exactly when no scores tie', () => {
    expect(expectedExecAtK([0, 1, 0], [3, 2, 1], 2)).toBe(execAtK([0, 1, 0], 2));
  });

  it('throws RangeError when scores are not in rank order', () => {
    expect(() => expectedExecAtK([0, 1], [1, 2], 1)).toThrow(/non-increasing/);
  });

  it('throws RangeError when lengths differ', () => {
    expect(() => expectedExecAtK([0, 1], [1], 1)).toThrow(/length/);
  });

  it('throws RangeError when a score is NaN', () => {
    expect(() => expectedExecAtK([0, 1], [1, Number.NaN], 1)).toThrow(/NaN/);
  });
});

describe('expectedExecutionPrecisionAtK', () => {
  it('matches enumeration of every tie ordering on random rankings', () => {
    for (const { scores, flags } of CASES) {
      for (const k of KS) {
        const brute = bruteForce(scores, flags, (f) => executionPrecisionAtK(f, k));
        expect(expectedExecutionPrecisionAtK(flags, scores, k)).toBeCloseTo(brute, 13);
      }
    }
  });

  it('returns (r·t/m)/k for a group cut by the cutoff', () => {
    expect(expectedExecutionPrecisionAtK([0, 1, 0, 0], [0.9, 0.9, 0.9, 0.1], 2)).toBeCloseTo(1 / 3, 15);
  });
});

describe('expectedReciprocalRank', () => {
  it('matches enumeration of every tie ordering on random rankings', () => {
    for (const { scores, flags } of CASES) {
      const brute = bruteForce(scores, flags, (f) => reciprocalRank(f));
      expect(expectedReciprocalRank(flags, scores)).toBeCloseTo(brute, 13);
    }
  });

  it.each([
    { flags: [0, 1], scores: [0.5, 0.5], expected: 0.75 },
    {
      flags: [0, 0, 1, 0, 1],
      scores: [3, 2, 2, 2, 2],
      expected: (1 / 2) * (1 / 2) + (1 / 3) * (1 / 3) + (1 / 4) * (1 / 6),
    },
    { flags: [0, 0], scores: [1, 1], expected: 0 },
    { flags: [1, 1], scores: [1, 1], expected: 1 },
  ])('returns $expected for flags $flags and scores $scores', ({ flags, scores, expected }) => {
    expect(expectedReciprocalRank(flags, scores)).toBeCloseTo(expected, 15);
  });
});

describe('expectedNdcgAtK', () => {
  it('matches enumeration of every tie ordering on random rankings with graded gains', () => {
    for (const { scores, gains, ideal } of CASES) {
      for (const k of KS) {
        const brute = bruteForce(scores, gains, (g) => ndcgAtK(g, k, ideal));
        expect(expectedNdcgAtK(gains, scores, k, ideal)).toBeCloseTo(brute, 13);
      }
    }
  });

  it('equals expected exec@1 at k = 1 when the canonical is the only relevant and passing snippet', () => {
    const scores = [0.7, 0.7, 0.7, 0.2];
    const canonical = [0, 0, 1, 0];
    expect(expectedNdcgAtK(canonical, scores, 1, [1])).toBeCloseTo(expectedExecAtK(canonical, scores, 1), 15);
    expect(expectedNdcgAtK(canonical, scores, 1, [1])).toBeCloseTo(1 / 3, 15);
  });

  it('returns 0 when no relevant snippet is known', () => {
    expect(expectedNdcgAtK([0, 0], [1, 1], 2, [])).toBe(0);
  });

  it('equals ndcgAtK bit for bit when tied groups have equal gains', () => {
    const gains = [0.1, 0.1, 0.1, 0];
    expect(expectedNdcgAtK(gains, [1, 1, 1, 0], 3, gains)).toBe(ndcgAtK(gains, 3, gains));
  });

  it('throws RangeError when the ranking holds more gain than idealGains allows', () => {
    expect(() => expectedNdcgAtK([1, 1], [1, 1], 2, [1])).toThrow(/exceeds IDCG/);
  });
});
