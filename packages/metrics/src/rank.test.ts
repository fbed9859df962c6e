import { describe, expect, it } from 'vitest';
import { MetricsError } from './errors.js';
import { compareByTieRule, compareCodePoints, rankRun, selectTopK } from './rank.js';

/** Reference: compare arrays of code points (independent of the code-unit fix-up). */
function referenceCompare(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0) as number);
  const y = Array.from(b, (c) => c.codePointAt(0) as number);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  return x.length - y.length;
}

/** A tiny seeded generator (mulberry32) so the property tests are reproducible. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = ['a', 'b', 'Z', '0', '_', '\u00e9', '\ud7ff', '\ue000', '\uff21', '\ufffd', '\u{10000}', '\u{1f600}', '\u{10ffff}'];

describe('compareCodePoints', () => {
  it.each([
    ['c_0001', 'c_0002', -1],
    ['c_0002', 'c_0001', 1],
    ['c_9', 'c_10', 1],
    ['abc', 'abc', 0],
    ['ab', 'abc', -1],
    ['', 'a', -1],
    ['Z', 'a', -1],
    ['\u{1f600}', '\ufffd', 1],
    ['\u{10000}', '\uffff', 1],
    ['\ue000', '\ud7ff', 1],
    ['\u{1f600}', '\u{1f601}', -1],
  ])('orders %j against %j as %i', (a, b, sign) => {
    expect(Math.sign(compareCodePoints(a, b))).toBe(sign);
  });

  it('agrees with code-point order on random strings from a tricky alphabet', () => {
    const rand = mulberry32(7);
    const word = (): string => {
      let s = '';
      const n = Math.floor(rand() * 4);
      for (let i = 0; i < n; i++) s += ALPHABET[Math.floor(rand() * ALPHABET.length)];
      return s;
    };
    for (let trial = 0; trial < 5000; trial++) {
      const a = word();
      const b = word();
      expect(Math.sign(compareCodePoints(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(
        Math.sign(referenceCompare(a, b)),
      );
    }
  });

  it('disagrees with JavaScript < exactly where UTF-16 and code-point order differ', () => {
    expect('\u{1f600}' < '\ufffd').toBe(true);
    expect(compareCodePoints('\u{1f600}', '\ufffd') > 0).toBe(true);
  });
});

describe('compareByTieRule', () => {
  it.each([
    { a: [0.9, 'c_0001'], b: [0.8, 'c_0002'], sign: -1 },
    { a: [0.8, 'c_0001'], b: [0.9, 'c_0002'], sign: 1 },
    { a: [0.8, 'c_0001'], b: [0.8, 'c_0002'], sign: 1 },
    { a: [0.8, 'c_0002'], b: [0.8, 'c_0001'], sign: -1 },
    { a: [0, 'x'], b: [-0, 'y'], sign: 1 },
    { a: [Number.POSITIVE_INFINITY, 'a'], b: [1e308, 'b'], sign: -1 },
    { a: [Number.NEGATIVE_INFINITY, 'z'], b: [-1e308, 'a'], sign: 1 },
    { a: [0.5, 'same'], b: [0.5, 'same'], sign: 0 },
  ])('returns sign $sign for $a against $b', ({ a, b, sign }) => {
    const result = compareByTieRule(a[0] as number, a[1] as string, b[0] as number, b[1] as string);
    expect(Math.sign(result)).toBe(sign);
  });
});

describe('rankRun', () => {
  it('ranks by score descending, then id descending, when scores tie', () => {
    const ranked = rankRun({ c_0001: 0.9, c_0002: 0.95, c_0003: 0.9 });
    expect(ranked.docIds).toEqual(['c_0002', 'c_0003', 'c_0001']);
    expect(Array.from(ranked.scores)).toEqual([0.95, 0.9, 0.9]);
  });

  it('puts the canonical (lowest id of its group) after its tied variants', () => {
    expect(rankRun({ c_0001: 0.5, c_0002: 0.5, c_0003: 0.5, c_0004: 0.5 }).docIds).toEqual([
      'c_0004',
      'c_0003',
      'c_0002',
      'c_0001',
    ]);
  });

  it('keeps the first k when k is given', () => {
    expect(rankRun({ a: 1, b: 3, c: 2 }, { k: 2 }).docIds).toEqual(['b', 'c']);
  });

  it('returns everything when k exceeds the number of documents', () => {
    expect(rankRun({ a: 1, b: 3 }, { k: 10 }).docIds).toEqual(['b', 'a']);
  });

  it('returns empty arrays when the run is empty', () => {
    const ranked = rankRun({});
    expect(ranked.docIds).toEqual([]);
    expect(ranked.scores.length).toBe(0);
  });

  it('treats 0 and -0 as a tie when ranking', () => {
    expect(rankRun({ a: 0, b: -0, c: 1 }).docIds).toEqual(['c', 'b', 'a']);
  });

  it('accepts infinite scores when ranking', () => {
    expect(rankRun({ a: Number.NEGATIVE_INFINITY, b: Number.POSITIVE_INFINITY, c: 0 }).docIds).toEqual(['b', 'c', 'a']);
  });

  it('handles ids such as __proto__ and constructor when they are own keys', () => {
    const scores = JSON.parse('{"__proto__": 2, "constructor": 1, "toString": 3}') as Record<string, number>;
    expect(rankRun(scores).docIds).toEqual(['toString', '__proto__', 'constructor']);
  });

  it.each([
    [Number.NaN, 'NaN'],
    ['0.5', '"0.5"'],
    [null, 'null'],
  ])('throws MetricsError invalid-score when a score is %s', (bad, shown) => {
    let caught: unknown;
    try {
      rankRun({ a: 1, b: bad as number });
    } catch (error) {
      caught = error;
    }
    expect(MetricsError.is(caught)).toBe(true);
    expect((caught as MetricsError).code).toBe('invalid-score');
    expect((caught as MetricsError).docId).toBe('b');
    expect((caught as MetricsError).message).toContain(`received ${shown}`);
  });

  it.each([[null], [[1, 2]], ['x']])('throws MetricsError invalid-run when scores is %j', (bad) => {
    expect(() => rankRun(bad as unknown as Record<string, number>)).toThrow(
      expect.objectContaining({ code: 'invalid-run' }),
    );
  });

  it('throws RangeError when k is not a positive integer', () => {
    expect(() => rankRun({ a: 1 }, { k: 0 })).toThrow(RangeError);
  });

  it('does not modify its input', () => {
    const scores = { b: 1, a: 2 };
    rankRun(scores, { k: 1 });
    expect(scores).toEqual({ b: 1, a: 2 });
    expect(Object.keys(scores)).toEqual(['b', 'a']);
  });
});

describe('selectTopK', () => {
  it('returns the prefix of the full sort for every k when scores have many ties', () => {
    const rand = mulberry32(11);
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(rand() * 60);
      const ids = Array.from({ length: n }, (_, i) => `d${Math.floor(rand() * 1e6)}_${i}`);
      const scores = Float64Array.from({ length: n }, () => Math.floor(rand() * 5));
      const full = Array.from({ length: n }, (_, i) => i).sort((a, b) =>
        compareByTieRule(scores[a] as number, ids[a] as string, scores[b] as number, ids[b] as string),
      );
      for (const k of [1, 2, 3, 5, 10, n - 1, n, n + 3]) {
        if (k < 1) continue;
        expect(Array.from(selectTopK(scores, ids, n, k))).toEqual(full.slice(0, Math.min(k, n)));
      }
    }
  });
});
