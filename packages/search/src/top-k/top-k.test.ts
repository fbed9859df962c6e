import { describe, expect, it } from 'vitest';
import { golden, goldenInputs, xorshift } from '../../test/helpers/golden-topk.js';
import { type TopKMetric, type TopKOptions, topK } from './top-k.js';
import { topKParallel } from './top-k-parallel.js';

/** Independent reference of the documented arithmetic, one score at a time. */
function referenceScore(
  queries: Float32Array,
  docs: Float32Array,
  d: number,
  q: number,
  j: number,
  metric: TopKMetric,
): number {
  const row = (m: Float32Array, r: number) => {
    const x = Array.from(m.subarray(r * d, (r + 1) * d));
    if (metric === 'dot') return x;
    const partial = [0, 0, 0, 0];
    x.forEach((v, p) => {
      partial[p % 4] = partial[p % 4]! + v * v;
    });
    const norm = Math.sqrt(partial[0]! + partial[1]! + (partial[2]! + partial[3]!));
    return x.map((v) => (norm === 0 ? 0 : Math.fround(v / norm)));
  };
  const a = row(queries, q);
  const b = row(docs, j);
  let s = 0;
  for (let start = 0; start < d; start += 256) {
    let block = 0;
    for (let p = start; p < Math.min(d, start + 256); p++) block = Math.fround(block + Math.fround(a[p]! * b[p]!));
    s = Math.fround(s + block);
  }
  return s;
}

function random(seed: number, n: number): Float32Array {
  return xorshift(seed * 7919 + 1, n);
}

const same = (a: { indices: Int32Array; scores: Float32Array }, b: { indices: Int32Array; scores: Float32Array }) => {
  expect(Array.from(a.indices)).toEqual(Array.from(b.indices));
  // Bit-identical scores (Object.is distinguishes -0 from +0).
  expect(a.scores.every((v, i) => Object.is(v, b.scores[i]))).toBe(true);
};

describe('topK', () => {
  it('ranks as in its documented example', () => {
    const docs = new Float32Array([1, 0, 0, 1, 1, 1]);
    const queries = new Float32Array([1, 0]);
    const cosine = topK(queries, docs, 2, 2, { metric: 'cosine' });
    expect(Array.from(cosine.indices)).toEqual([0, 2]);
    expect(Array.from(cosine.scores)).toEqual([1, Math.fround(Math.SQRT1_2)]);
    expect(cosine.rows).toBe(1);
    expect(cosine.k).toBe(2);
    expect(Array.from(topK(queries, docs, 2, 2, { metric: 'dot' }).indices)).toEqual([2, 0]);
  });

  describe.each(golden.cases)('against numpy ($name)', (c) => {
    const { queries, docs } = goldenInputs(c);
    const result = topK(queries, docs, c.dims, 10, { metric: c.metric });
    const full = topK(queries, docs, c.dims, c.nDocs, { metric: c.metric });
    /** Our score of document j for query q, from the full ranking. */
    const ours = (q: number, j: number) =>
      full.scores[q * c.nDocs + full.indices.subarray(q * c.nDocs, (q + 1) * c.nDocs).indexOf(j)]!;

    it('agrees on the score at every rank within 1e-6 (relative above 1)', () => {
      let worst = 0;
      for (let q = 0; q < c.nQueries; q++) {
        for (let r = 0; r < 10; r++) {
          const expected = c.scores[q]![r]!;
          worst = Math.max(worst, Math.abs(result.scores[q * 10 + r]! - expected) / Math.max(1, Math.abs(expected)));
        }
      }
      expect(worst).toBeLessThanOrEqual(1e-6);
    });

    it('agrees on the ranking except between documents whose scores differ by less than 1e-6 (relative above 1)', () => {
      let differing = 0;
      for (let q = 0; q < c.nQueries; q++) {
        for (let r = 0; r < 10; r++) {
          const mine = result.indices[q * 10 + r]!;
          const theirs = c.indices[q]![r]!;
          if (mine === theirs) continue;
          differing++;
          const gap = Math.abs(ours(q, mine) - ours(q, theirs)) / Math.max(1, Math.abs(ours(q, mine)));
          expect(gap, `query ${q} rank ${r}: ${mine} vs numpy ${theirs}`).toBeLessThan(1e-6);
        }
      }
      // Near-ties are rare in random data: almost every position must agree exactly.
      expect(differing).toBeLessThanOrEqual(Math.ceil(c.nQueries * 10 * 0.01));
    });

    it('computes exactly the documented float32 arithmetic', () => {
      for (const q of [0, 1, c.nQueries - 1]) {
        for (let r = 0; r < 10; r++) {
          const j = result.indices[q * 10 + r]!;
          expect(result.scores[q * 10 + r]).toBe(referenceScore(queries, docs, c.dims, q, j, c.metric));
        }
      }
    });

    it('ranks exact duplicates by index descending, next to each other', () => {
      for (const [i, j] of [...c.duplicates, ...c.scaled]) {
        for (let q = 0; q < c.nQueries; q++) {
          const row = Array.from(full.indices.subarray(q * c.nDocs, (q + 1) * c.nDocs));
          expect(ours(q, i)).toBe(ours(q, j));
          expect(row.indexOf(Math.max(i, j))).toBeLessThan(row.indexOf(Math.min(i, j)));
        }
      }
    });

    it('scores a zero query 0 against everything and returns the highest indices first', () => {
      expect(Array.from(result.scores.subarray(30, 40))).toEqual(new Array(10).fill(0));
      expect(Array.from(result.indices.subarray(30, 40))).toEqual(
        Array.from({ length: 10 }, (_, i) => c.nDocs - 1 - i),
      );
    });

    it('puts the planted copy of each query first', () => {
      for (const q of [0, 1, 2, 4]) expect(result.indices[q * 10]).toBe(7 * q + 11);
    });
  });

  it('gives bit-identical results with the wasm and js engines, in one round or many', () => {
    const shapes: [number, number, number, number][] = [
      [1, 1, 1, 1],
      [3, 5, 2, 5],
      [13, 37, 19, 7],
      [9, 300, 5, 300],
      [33, 517, 300, 10],
      [5, 9, 1, 3],
    ];
    for (const [nq, nd, d, k] of shapes) {
      const queries = random(nq + nd, nq * d);
      const docs = random(nq * nd + d, nd * d);
      for (const metric of ['cosine', 'dot'] as const) {
        const wasm = topK(queries, docs, d, k, { metric });
        same(wasm, topK(queries, docs, d, k, { metric, backend: 'js' }));
        same(wasm, topK(queries, docs, d, k, { metric, maxMemoryBytes: 8 * 65536 }));
      }
    }
  });

  it('returns every document sorted best-first with ties by index descending when k equals the number of documents', () => {
    const d = 4;
    // Integer-valued vectors make many exact ties.
    const docs = Float32Array.from({ length: 40 * d }, (_, i) => (i * 7) % 3);
    const queries = Float32Array.from({ length: 3 * d }, (_, i) => (i % 2) - 0.5);
    const { indices, scores } = topK(queries, docs, d, 40, { metric: 'dot' });
    for (let q = 0; q < 3; q++) {
      expect(new Set(indices.subarray(q * 40, q * 40 + 40)).size).toBe(40);
      for (let r = 1; r < 40; r++) {
        const a = q * 40 + r - 1;
        const b = a + 1;
        expect(scores[a]! > scores[b]! || (scores[a] === scores[b] && indices[a]! > indices[b]!)).toBe(true);
      }
    }
  });

  it('breaks ties by docIds descending in code-point order when docIds are given', () => {
    const docs = new Float32Array([1, 0, 1, 0, 1, 0, 0, 1]);
    const queries = new Float32Array([1, 0]);
    const docIds = ['c_0002', 'c_0010', 'c_0001', 'c_0003'];
    const result = topK(queries, docs, 2, 4, { metric: 'dot', docIds });
    expect(Array.from(result.indices)).toEqual([1, 0, 2, 3]);
    expect(Array.from(topK(queries, docs, 2, 4, { metric: 'dot', docIds, backend: 'js' }).indices)).toEqual([
      1, 0, 2, 3,
    ]);
    // Code points, not UTF-16 units: U+1F600 sorts after U+FFFF.
    const emoji = topK(new Float32Array([1]), new Float32Array([1, 1]), 1, 2, {
      metric: 'dot',
      docIds: ['\u{1F600}', '\uFFFF'],
    });
    expect(Array.from(emoji.indices)).toEqual([0, 1]);
  });

  it('returns empty results when there are no queries', () => {
    const result = topK(new Float32Array(0), new Float32Array(6), 3, 2, { metric: 'cosine' });
    expect(result.rows).toBe(0);
    expect(result.indices).toHaveLength(0);
    expect(result.scores).toHaveLength(0);
  });

  it('does not modify its inputs', () => {
    const queries = random(1, 12);
    const docs = random(2, 30);
    const q0 = queries.slice();
    const d0 = docs.slice();
    topK(queries, docs, 3, 4, { metric: 'cosine' });
    expect(queries).toEqual(q0);
    expect(docs).toEqual(d0);
  });

  const q = new Float32Array(4);
  const d = new Float32Array(8);
  it.each([
    ['queries as a plain array', () => topK([0, 0] as unknown as Float32Array, d, 2, 1, { metric: 'dot' }), TypeError],
    [
      'docs as a Float64Array',
      () => topK(q, new Float64Array(8) as unknown as Float32Array, 2, 1, { metric: 'dot' }),
      TypeError,
    ],
    ['no options', () => topK(q, d, 2, 1, undefined as unknown as TopKOptions), TypeError],
    ['an unknown metric', () => topK(q, d, 2, 1, { metric: 'l2' as TopKMetric }), TypeError],
    ['an unknown backend', () => topK(q, d, 2, 1, { metric: 'dot', backend: 'gpu' as never }), TypeError],
    ['dims 0', () => topK(q, d, 0, 1, { metric: 'dot' }), RangeError],
    ['queries not a multiple of dims', () => topK(q, d, 3, 1, { metric: 'dot' }), RangeError],
    ['k 0', () => topK(q, d, 2, 0, { metric: 'dot' }), RangeError],
    ['k above the number of documents', () => topK(q, d, 2, 5, { metric: 'dot' }), RangeError],
    ['a fractional k', () => topK(q, d, 2, 1.5, { metric: 'dot' }), RangeError],
    ['a NaN value', () => topK(new Float32Array([0, Number.NaN]), d, 2, 1, { metric: 'cosine' }), RangeError],
    [
      'an infinite value',
      () => topK(q, new Float32Array([0, 0, Infinity, 0, 0, 0, 0, 0]), 2, 1, { metric: 'dot' }),
      RangeError,
    ],
    [
      'a NaN value with the js engine',
      () => topK(q, new Float32Array([0, 0, Number.NaN, 0, 0, 0, 0, 0]), 2, 1, { metric: 'dot', backend: 'js' }),
      RangeError,
    ],
    [
      'a NaN value in a late document chunk',
      () =>
        topK(random(5, 64), random(6, 64 * 4000).fill(Number.NaN, 64 * 3999), 64, 1, {
          metric: 'cosine',
          maxMemoryBytes: 8 * 65536,
        }),
      RangeError,
    ],
    [
      'dot products that could overflow',
      () => topK(new Float32Array([1e20, 0]), new Float32Array([1e20, 0]), 2, 1, { metric: 'dot' }),
      RangeError,
    ],
    [
      'dot products that could overflow, js engine',
      () => topK(new Float32Array([1e20, 0]), new Float32Array([1e20, 0]), 2, 1, { metric: 'dot', backend: 'js' }),
      RangeError,
    ],
    ['duplicate docIds', () => topK(q, d, 2, 1, { metric: 'dot', docIds: ['a', 'a', 'b', 'c'] }), TypeError],
    ['too few docIds', () => topK(q, d, 2, 1, { metric: 'dot', docIds: ['a'] }), RangeError],
    ['maxMemoryBytes 0', () => topK(q, d, 2, 1, { metric: 'dot', maxMemoryBytes: 0 }), RangeError],
    [
      'a maxMemoryBytes too small for one block',
      () => topK(random(3, 4096), random(4, 8192), 1024, 1, { metric: 'dot', maxMemoryBytes: 1000 }),
      RangeError,
    ],
  ] as const)('throws for %s', (_, run, error) => {
    expect(run).toThrow(error);
  });

  it('names the offending row and column of a non-finite value', () => {
    expect(() => topK(new Float32Array([0, 0, 0, Number.NaN]), new Float32Array(2), 2, 1, { metric: 'dot' })).toThrow(
      /queries row 1 column 1 is NaN/,
    );
  });

  it('accepts large values with cosine, which normalises first', () => {
    const result = topK(new Float32Array([1e30, 0]), new Float32Array([1e30, 0, 0, 1e30]), 2, 2, { metric: 'cosine' });
    expect(Array.from(result.scores)).toEqual([1, 0]);
  });
});

describe('topKParallel', () => {
  // 300 × 1500 × 512 ≈ 2.3e8 multiply-adds: enough work for three threads.
  const queries = random(11, 300 * 512);
  const docs = random(12, 1500 * 512);
  const reference = topK(queries, docs, 512, 10, { metric: 'cosine' });

  it.each([1, 2, 3])('gives results bit-identical to topK with %i thread(s)', async (threads) => {
    same(await topKParallel(queries, docs, 512, 10, { metric: 'cosine', threads }), reference);
  });

  it('gives identical results when the memory cap forces several rounds', async () => {
    same(
      await topKParallel(queries, docs, 512, 10, { metric: 'cosine', threads: 2, maxMemoryBytes: 2 ** 21 }),
      reference,
    );
  });

  it('breaks ties with docIds like topK', async () => {
    const docIds = Array.from({ length: 1500 }, (_, i) => `c_${String(1500 - i).padStart(4, '0')}`);
    same(
      await topKParallel(queries, docs, 512, 10, { metric: 'dot', threads: 2, docIds }),
      topK(queries, docs, 512, 10, { metric: 'dot', docIds }),
    );
  });

  it.each([0, 1.5, -1])('rejects with RangeError when threads is %s', async (threads) => {
    await expect(topKParallel(queries, docs, 512, 10, { metric: 'cosine', threads })).rejects.toThrow(RangeError);
  });

  it('rejects with the same validation errors as topK', async () => {
    await expect(topKParallel(queries, docs, 512, 0, { metric: 'cosine' })).rejects.toThrow(RangeError);
  });
});
