import { mulberry32 } from '@execret/formats';
import { describe, expect, it } from 'vitest';
import { MetricsError } from './errors.js';
import { compareByTieRule, rankRun, selectTopK } from './rank.js';

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
