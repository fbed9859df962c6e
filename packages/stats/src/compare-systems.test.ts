import { describe, expect, it } from 'vitest';
import { benjaminiHochberg } from './benjamini-hochberg.js';
import { bootstrapCi } from './bootstrap-ci.js';
import { compareSystems } from './compare-systems.js';
import { holm } from './holm.js';
import { mcnemarExact } from './mcnemar-exact.js';
import { pairedBootstrapCi } from './paired-bootstrap-ci.js';
import { StatsError } from './stats-error.js';

/** Deterministic pseudo-random numbers for building test data. */
function lcg(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function syntheticScores(systems: string[], n: number, seed: number) {
  const random = lcg(seed);
  const scores: Record<string, Record<string, number[]>> = {};
  systems.forEach((system, k) => {
    const skill = 0.2 + 0.15 * k;
    const exec1 = Array.from({ length: n }, () => (random() < skill ? 1 : 0));
    scores[system] = {
      'exec@1': exec1,
      'ndcg@3': exec1.map((hit) => (hit ? 1 : random() < 0.5 ? 0.5 : 0)),
      'execution_precision@3': Array.from({ length: n }, () => Math.floor(random() * 4) / 3),
    };
  });
  return scores;
}

describe('compareSystems', () => {
  it('reproduces the SPEC pairwise example when BM25 and bge-large-en-v1.5 have a_only 47, b_only 66, both 7', () => {
    const bm25 = new Uint8Array(939);
    const bge = new Uint8Array(939);
    let i = 0;
    for (let k = 0; k < 47; k++) bm25[i++] = 1;
    for (let k = 0; k < 66; k++) bge[i++] = 1;
    for (let k = 0; k < 7; k++, i++) bm25[i] = bge[i] = 1;
    const result = compareSystems({ 'bge-large-en-v1.5': { 'exec@1': bge }, BM25: { 'exec@1': bm25 } });
    expect(result.systems).toEqual(['BM25', 'bge-large-en-v1.5']); // 'B' (U+0042) < 'b' (U+0062)
    const entry = result.pairwise['BM25 vs bge-large-en-v1.5']?.['exec@1'];
    expect(entry).toMatchObject({ a_only: 47, b_only: 66, both: 7, neither: 819 });
    if (!entry || !('mcnemar_exact_p' in entry)) throw new Error('expected a binary comparison');
    expect(entry.a_rate).toBeCloseTo(0.057508, 6);
    expect(entry.b_rate).toBeCloseTo(0.077742, 6);
    expect(entry.delta).toBeCloseTo(-0.020234, 6);
    expect(entry.mcnemar_exact_p).toBeCloseTo(0.08995, 5);
    expect(entry.bootstrap_ci_95[0]).toBeLessThan(entry.delta);
    expect(entry.bootstrap_ci_95[1]).toBeGreaterThan(entry.delta);
  });

  it('gives every interval bit-identical to bootstrapCi and pairedBootstrapCi called alone', () => {
    const scores = syntheticScores(['sys-d', 'sys-a', 'sys-c', 'sys-b'], 120, 7);
    const options = { resamples: 700, seed: 99, confidence: 0.9 };
    const result = compareSystems(scores, options);
    for (const system of result.systems) {
      for (const measure of result.measures) {
        const alone = bootstrapCi(scores[system]?.[measure] as number[], options);
        expect(result.intervals[system]?.[measure]).toEqual({
          mean: alone.mean,
          ci95_low: alone.low,
          ci95_high: alone.high,
          n: 120,
          bootstrap_samples: 700,
          seed: 99,
        });
      }
    }
    for (const [key, entry] of Object.entries(result.pairwise)) {
      const [a, b] = key.split(' vs ') as [string, string];
      for (const measure of result.measures) {
        const alone = pairedBootstrapCi(scores[a]?.[measure] as number[], scores[b]?.[measure] as number[], options);
        expect(entry[measure]?.bootstrap_ci_95, `${key} ${measure}`).toEqual([alone.low, alone.high]);
        expect(entry[measure]?.delta).toBe(alone.meanDifference);
      }
    }
  });

  it('lists every unordered pair once with the code-point-smaller system first', () => {
    const result = compareSystems(syntheticScores(['b', 'a', 'C', 'd'], 30, 1), { resamples: 20 });
    expect(result.systems).toEqual(['C', 'a', 'b', 'd']);
    expect(Object.keys(result.pairwise)).toEqual(['C vs a', 'C vs b', 'C vs d', 'a vs b', 'a vs d', 'b vs d']);
    expect(Object.keys(result.intervals)).toEqual(['C', 'a', 'b', 'd']);
  });

  it('fills the 2×2 table, rates and McNemar test consistently when a measure is binary', () => {
    const scores = syntheticScores(['x', 'y'], 200, 3);
    const result = compareSystems(scores, { resamples: 50 });
    expect(result.binaryMeasures).toEqual(['exec@1']);
    const entry = result.pairwise['x vs y']?.['exec@1'];
    if (!entry || !('a_only' in entry)) throw new Error('expected a binary comparison');
    expect(entry.a_only + entry.b_only + entry.both + entry.neither).toBe(200);
    expect(entry.a_rate).toBe((entry.a_only + entry.both) / 200);
    expect(entry.b_rate).toBe((entry.b_only + entry.both) / 200);
    expect(entry.delta).toBe((entry.a_only - entry.b_only) / 200);
    expect(entry.mcnemar_exact_p).toBe(mcnemarExact(entry.a_only, entry.b_only).pValue);
    expect(entry.mcnemar_mid_p).toBe(mcnemarExact(entry.a_only, entry.b_only).midPValue);
    const continuous = result.pairwise['x vs y']?.['ndcg@3'];
    expect(continuous && Object.keys(continuous).sort()).toEqual(['a_mean', 'b_mean', 'bootstrap_ci_95', 'delta']);
  });

  it('uses exactly the listed binary measures when binaryMeasures is an array', () => {
    const scores = { p: { 'exec@1': [1, 0, 1], 'ndcg@1': [1, 0, 1] }, q: { 'exec@1': [0, 0, 1], 'ndcg@1': [0, 0, 1] } };
    const auto = compareSystems(scores, { resamples: 10 });
    expect(auto.binaryMeasures).toEqual(['exec@1', 'ndcg@1']);
    const listed = compareSystems(scores, { resamples: 10, binaryMeasures: ['exec@1'] });
    expect(listed.binaryMeasures).toEqual(['exec@1']);
    expect(listed.pairwise['p vs q']?.['ndcg@1']).not.toHaveProperty('mcnemar_exact_p');
  });

  it('adds no adjusted p-value when adjust is not given', () => {
    const result = compareSystems(syntheticScores(['x', 'y', 'z'], 60, 5), { resamples: 20 });
    expect(result.adjust).toBe('none');
    expect(Object.keys(result.pairwise['x vs y']?.['exec@1'] ?? {})).toEqual([
      'a_only',
      'b_only',
      'both',
      'neither',
      'a_rate',
      'b_rate',
      'delta',
      'mcnemar_exact_p',
      'mcnemar_mid_p',
      'bootstrap_ci_95',
    ]);
  });

  it('appends Holm-adjusted p-values over every pair of each binary measure when adjust is holm', () => {
    const scores = syntheticScores(['sys-d', 'sys-a', 'sys-c', 'sys-b'], 150, 11);
    const plain = compareSystems(scores, { resamples: 40 });
    const result = compareSystems(scores, { resamples: 40, adjust: 'holm' });
    expect(result.adjust).toBe('holm');
    const pairs = Object.keys(result.pairwise);
    expect(pairs).toHaveLength(6);
    const raw = pairs.map((pair) => (plain.pairwise[pair]!['exec@1'] as { mcnemar_exact_p: number }).mcnemar_exact_p);
    const expected = holm(raw);
    pairs.forEach((pair, i) => {
      const cell = result.pairwise[pair]!['exec@1'] as unknown as Record<string, unknown>;
      expect(Object.keys(cell).at(-1), pair).toBe('mcnemar_exact_p_holm');
      expect(cell.mcnemar_exact_p_holm, pair).toBe(expected[i]);
      // Everything else is unchanged, and continuous measures get no adjusted value.
      const { mcnemar_exact_p_holm: _adjusted, ...rest } = cell;
      expect(rest).toEqual(plain.pairwise[pair]?.['exec@1']);
      expect(result.pairwise[pair]?.['ndcg@3']).toEqual(plain.pairwise[pair]?.['ndcg@3']);
    });
    expect(new Set(expected).size).toBeGreaterThan(1); // the family is not degenerate
  });

  it('writes the same JSON as adding Holm by hand over Object.values(pairwise) when adjust is holm', () => {
    // The hand-written step the bench app used before the option existed.
    const scores = syntheticScores(['a', 'b', 'c'], 120, 17);
    const options = { resamples: 30, binaryMeasures: ['exec@1'] };
    const byHand = compareSystems(scores, options).pairwise;
    const cells = Object.values(byHand)
      .map((byMeasure) => byMeasure['exec@1'])
      .filter((c) => c !== undefined && 'mcnemar_exact_p' in c);
    const adjusted = holm(cells.map((c) => (c as { mcnemar_exact_p: number }).mcnemar_exact_p));
    cells.forEach((cell, i) => {
      Object.assign(cell!, { mcnemar_exact_p_holm: adjusted[i] });
    });
    const withOption = compareSystems(scores, { ...options, adjust: 'holm' }).pairwise;
    expect(JSON.stringify(withOption, null, 2)).toBe(JSON.stringify(byHand, null, 2));
  });

  it('appends Benjamini-Hochberg-adjusted p-values as mcnemar_exact_p_bh when adjust is benjamini-hochberg', () => {
    const scores = syntheticScores(['p', 'q', 'r'], 90, 23);
    const plain = compareSystems(scores, { resamples: 20 });
    const result = compareSystems(scores, { resamples: 20, adjust: 'benjamini-hochberg' });
    const pairs = Object.keys(result.pairwise);
    const expected = benjaminiHochberg(
      pairs.map((pair) => (plain.pairwise[pair]!['exec@1'] as { mcnemar_exact_p: number }).mcnemar_exact_p),
    );
    pairs.forEach((pair, i) => {
      const cell = result.pairwise[pair]!['exec@1'] as unknown as Record<string, unknown>;
      expect(cell.mcnemar_exact_p_bh).toBe(expected[i]);
      expect(cell).not.toHaveProperty('mcnemar_exact_p_holm');
    });
  });

  it('throws TypeError listing the allowed values when adjust is unknown', () => {
    expect(() => compareSystems({ a: { m: [1] } }, { adjust: 'bonferroni' as never })).toThrow(
      /options\.adjust to be one of 'none', 'holm', 'benjamini-hochberg', received/,
    );
  });

  it('returns intervals and no pairs when there is one system', () => {
    const result = compareSystems({ only: { mrr: [1, 0.5, 0.25] } }, { resamples: 10 });
    expect(result.pairwise).toEqual({});
    expect(result.intervals.only?.mrr?.mean).toBeCloseTo(0.5833333333333334, 15);
  });

  it('records the settings in the result when options are given', () => {
    const result = compareSystems({ a: { m: [1, 2] }, b: { m: [2, 1] } }, { resamples: 12, seed: 5, confidence: 0.8 });
    expect(result).toMatchObject({
      method: 'percentile',
      resamples: 12,
      seed: 5,
      confidence: 0.8,
      n: 2,
      measures: ['m'],
    });
  });

  it.each([
    { name: 'no systems', scores: {}, error: RangeError },
    { name: 'no measures', scores: { a: {} }, error: RangeError },
    { name: 'no queries', scores: { a: { m: [] } }, error: RangeError },
    { name: 'lengths differ', scores: { a: { m: [1, 2] }, b: { m: [1] } }, error: RangeError },
    { name: 'scores is an array', scores: [] as never, error: TypeError },
    { name: 'a system is null', scores: { a: { m: [1] }, b: null as never }, error: TypeError },
    { name: 'values are not array-like', scores: { a: { m: 5 as never } }, error: TypeError },
  ])('throws $error.name when $name', ({ scores, error }) => {
    expect(() => compareSystems(scores as never, { resamples: 5 })).toThrow(error);
  });

  it.each([
    {
      name: 'a system lacks a measure',
      scores: { a: { m: [1], k: [1] }, b: { m: [1] } },
      options: {},
      code: 'missing-measure',
      details: { system: 'b', measure: 'k' },
    },
    {
      name: 'a system has an extra measure',
      scores: { a: { m: [1] }, b: { m: [1], k: [1] } },
      options: {},
      code: 'missing-measure',
      details: { system: 'a', measure: 'k' },
    },
    {
      name: 'a value is NaN',
      scores: { a: { m: [1, Number.NaN] }, b: { m: [1, 1] } },
      options: {},
      code: 'non-finite-value',
      details: { system: 'a', measure: 'm', index: 1 },
    },
    {
      name: 'a listed binary measure is absent',
      scores: { a: { m: [1] } },
      options: { binaryMeasures: ['exec@1'] },
      code: 'missing-measure',
      details: { measure: 'exec@1' },
    },
    {
      name: 'a listed binary measure holds 0.5',
      scores: { a: { m: [1] }, b: { m: [0.5] } },
      options: { binaryMeasures: ['m'] },
      code: 'not-binary',
      details: { system: 'b', measure: 'm', index: 0 },
    },
  ])('throws StatsError $code when $name', ({ scores, options, code, details }) => {
    try {
      compareSystems(scores as never, { resamples: 5, ...options });
      expect.unreachable();
    } catch (error) {
      expect(StatsError.is(error) && error.code).toBe(code);
      expect((error as StatsError).details).toEqual(details);
    }
  });
});
