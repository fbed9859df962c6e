import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type Bm25Idf, createBm25 } from './bm25.js';

interface GoldenConfig {
  name: string;
  k1: number;
  b: number;
  epsilon: number;
  idf: Bm25Idf;
  top10: { indices: number[][]; scores: number[][] };
  full: { queries: number[]; scores: number[][] };
  idfSample: Record<string, number>;
}
const golden = JSON.parse(
  gunzipSync(readFileSync(new URL('../../../../fixtures/golden/search-bm25.json.gz', import.meta.url))).toString(
    'utf8',
  ),
) as { corpus: string[]; queries: string[]; configs: GoldenConfig[] };

/** Largest relative difference |a − b| / max(|b|, 1e-300), 0 when both are 0. */
function maxRelativeError(actual: ArrayLike<number>, expected: ArrayLike<number>): number {
  let worst = 0;
  for (let i = 0; i < expected.length; i++) {
    const e = expected[i]!;
    const a = actual[i]!;
    if (a === e) continue;
    worst = Math.max(worst, Math.abs(a - e) / Math.max(Math.abs(e), 1e-300));
  }
  return worst;
}

/** Documents sharing no token with the tests' queries. */
const FILLER = ['zulu', 'yankee', 'xray', 'whiskey', 'victor'];

describe('createBm25', () => {
  it('behaves as in its documented example', () => {
    const bm25 = createBm25([
      'def add(a, b): return a + b',
      'def sub(a, b): return a - b',
      'def is_palindrome(s): ...',
    ]);
    expect(Array.from(bm25.search('check palindrome', 1).indices)).toEqual([2]);
    const scores = bm25.scores('add');
    expect(scores[0]).toBeGreaterThan(0);
    expect([scores[1], scores[2]]).toEqual([0, 0]);
  });

  it('has a real-size golden corpus', () => {
    expect(golden.corpus).toHaveLength(4694);
    expect(golden.queries).toHaveLength(939);
    expect(golden.configs.map((c) => c.name)).toEqual([
      'okapi-floor-default',
      'lucene-k1-0.9-b-0.4',
      'okapi-floor-k1-1.2-b-1-eps-0.5',
    ]);
  });

  describe.each(golden.configs)('against the numpy reference ($name)', (config) => {
    const index =
      config.name === 'okapi-floor-default'
        ? createBm25(golden.corpus)
        : createBm25(golden.corpus, { k1: config.k1, b: config.b, epsilon: config.epsilon, idf: config.idf });

    it('reproduces full score vectors to 1e-9 relative when scoring sampled queries', () => {
      config.full.queries.forEach((q, i) => {
        const expected = config.full.scores[i]!;
        const actual = index.scores(golden.queries[q]!);
        expect(actual).toHaveLength(4694);
        expect(maxRelativeError(actual, expected)).toBeLessThanOrEqual(1e-9);
      });
    });

    it('reproduces the top-10 ranking exactly (ties by index descending) for every query', () => {
      const result = index.searchMany(golden.queries, 10);
      expect(result.rows).toBe(939);
      for (let q = 0; q < 939; q++) {
        const indices = Array.from(result.indices.subarray(q * 10, q * 10 + 10));
        expect(indices, `query ${q}`).toEqual(config.top10.indices[q]);
        expect(
          maxRelativeError(result.scores.subarray(q * 10, q * 10 + 10), config.top10.scores[q]!),
        ).toBeLessThanOrEqual(1e-9);
      }
    });

    it('reproduces the IDF of sampled terms, floors included', () => {
      for (const [term, value] of Object.entries(config.idfSample)) {
        expect(Math.abs(index.idf(term) - value)).toBeLessThanOrEqual(1e-12 * Math.abs(value));
      }
    });
  });

  it('breaks exact ties by document index descending when docIds are not given', () => {
    // Documents 0, 1 and 3 have identical token statistics for the query; the fillers keep its IDF positive.
    const index = createBm25(['alpha beta', 'alpha beta', 'gamma delta', 'beta alpha', ...FILLER]);
    const { indices, scores } = index.search('alpha', 3);
    expect(Array.from(indices)).toEqual([3, 1, 0]);
    expect(scores[0]).toBeGreaterThan(0);
    expect(scores[0]).toBe(scores[2]);
  });

  it('breaks exact ties by docIds descending when docIds are given', () => {
    const index = createBm25(['alpha beta', 'alpha beta', 'gamma delta', 'beta alpha', ...FILLER], {
      docIds: ['c_0003', 'c_0010', 'c_0002', 'c_0001', ...FILLER.map((_, i) => `c_1${i}`)],
    });
    expect(Array.from(index.search('alpha', 3).indices)).toEqual([1, 0, 3]);
  });

  it('scores 0 everywhere when no query token is in the corpus', () => {
    const index = createBm25(['alpha', 'beta']);
    expect(Array.from(index.scores('zeta omega'))).toEqual([0, 0]);
    expect(Array.from(index.search('zeta', 2).indices)).toEqual([1, 0]);
  });

  it('counts repeated query tokens once per occurrence, as rank_bm25 does', () => {
    const index = createBm25(['alpha beta', 'gamma', 'delta', 'epsilon']);
    const once = index.scores('alpha')[0]!;
    expect(index.scores('alpha alpha')[0]).toBe(once + once);
  });

  it('floors negative IDFs at epsilon times the mean IDF with the okapi-floor variant', () => {
    // N = 4: "common" is in 3 documents: ln(1.5) − ln(3.5) < 0.
    const docs = ['common a', 'common b', 'common c', 'd'];
    const index = createBm25(docs);
    const raw: Record<string, number> = {};
    const n: Record<string, number> = { common: 3, a: 1, b: 1, c: 1, d: 1 };
    let sum = 0;
    for (const [t, df] of Object.entries(n)) {
      raw[t] = Math.log(4 - df + 0.5) - Math.log(df + 0.5);
      sum += raw[t]!;
    }
    expect(index.idf('common')).toBe(0.25 * (sum / 5));
    expect(index.idf('a')).toBe(raw.a);
    expect(createBm25(docs, { idf: 'lucene' }).idf('common')).toBe(Math.log(1 + 1.5 / 3.5));
  });

  it('accepts empty documents and an all-empty corpus', () => {
    expect(createBm25(['', 'alpha']).info.averageLength).toBe(0.5);
    const empty = createBm25(['', '...']);
    expect(empty.info.vocabulary).toBe(0);
    expect(Array.from(empty.scores('alpha'))).toEqual([0, 0]);
  });

  it('uses a custom tokenizer for documents and queries when one is given', () => {
    const index = createBm25(['Foo_Bar', 'foo bar', ...FILLER], { tokenize: (t) => t.split(' ') });
    expect(index.info.codeTokenizer).toBe(false);
    expect(index.scores('Foo_Bar')[0]).toBeGreaterThan(0);
    expect(index.scores('Foo_Bar')[1]).toBe(0);
  });

  it('reports its settings and corpus statistics', () => {
    expect(createBm25(['a b', 'c']).info).toEqual({
      k1: 1.5,
      b: 0.75,
      epsilon: 0.25,
      idf: 'okapi-floor',
      codeTokenizer: true,
      documents: 2,
      vocabulary: 3,
      averageLength: 1.5,
    });
  });

  it.each([
    ['an empty corpus', () => createBm25([]), RangeError],
    ['a non-array corpus', () => createBm25('abc' as unknown as string[]), TypeError],
    ['a non-string document', () => createBm25(['a', 3 as unknown as string]), TypeError],
    ['a negative k1', () => createBm25(['a'], { k1: -1 }), RangeError],
    ['b above 1', () => createBm25(['a'], { b: 1.5 }), RangeError],
    ['a NaN epsilon', () => createBm25(['a'], { epsilon: Number.NaN }), RangeError],
    ['an unknown idf', () => createBm25(['a'], { idf: 'bm25+' as Bm25Idf }), TypeError],
    ['a tokenizer returning numbers', () => createBm25(['a'], { tokenize: () => [1 as unknown as string] }), TypeError],
    ['duplicate docIds', () => createBm25(['a', 'b'], { docIds: ['x', 'x'] }), TypeError],
    ['too few docIds', () => createBm25(['a', 'b'], { docIds: ['x'] }), RangeError],
  ] as const)('throws when given %s', (_, run, error) => {
    expect(run).toThrow(error);
  });

  it.each([0, 3, 1.5, Number.NaN])('throws RangeError when k is %s', (k) => {
    const index = createBm25(['a', 'b']);
    expect(() => index.search('a', k)).toThrow(RangeError);
    expect(() => index.searchMany(['a'], k)).toThrow(RangeError);
  });
});
