import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DIR } from '../test/helpers.js';
import { type Benchmark, queryDistractors } from './benchmark.js';
import { filterByBugType, filterByDomain, retainDistractors, retentionOrder } from './pool.js';
import { readReleaseDirectory } from './read-release.js';
import type { QueryRow } from './schemas.js';
import { validationReport } from './validation-report.js';

let b: Benchmark;
beforeAll(async () => {
  b = await readReleaseDirectory(FIXTURE_DIR);
});

const kept = (bench: Benchmark) =>
  Object.fromEntries(bench.queries.map((q) => [q.query_id, q.paired_distractor_corpus_ids]));

describe('retentionOrder', () => {
  it('is a permutation that depends on the seed and query id only', () => {
    const ids = ['c_1', 'c_2', 'c_3', 'c_4'];
    const order = retentionOrder(ids, 'q_1', 5);
    expect([...order].sort()).toEqual(ids);
    expect(retentionOrder(ids, 'q_1', 5)).toEqual(order);
    expect(ids).toEqual(['c_1', 'c_2', 'c_3', 'c_4']); // input untouched
  });

  it('retains each of four distractors about a quarter of the time over many seeds', () => {
    const counts = new Map<string, number>();
    const n = 4000;
    for (let seed = 0; seed < n; seed++) {
      const first = retentionOrder(['a', 'b', 'c', 'd'], 'q_0001', seed)[0] as string;
      counts.set(first, (counts.get(first) ?? 0) + 1);
    }
    for (const id of ['a', 'b', 'c', 'd']) {
      const share = (counts.get(id) ?? 0) / n;
      expect(share).toBeGreaterThan(0.22);
      expect(share).toBeLessThan(0.28);
    }
  });
});

describe('retainDistractors', () => {
  it('keeps only the canonicals when r is 0', () => {
    const pool = retainDistractors(b, 0, { seed: 1 });
    expect(pool.corpus.map((r) => r.corpus_id)).toEqual(['c_0001', 'c_0006', 'c_0008', 'c_0015', 'c_0020', 'c_0025']);
    expect(pool.distractorIndices).toHaveLength(0);
    expect(pool.source).toMatchObject({ kind: 'derived', derivation: [{ kind: 'retain-distractors', r: 0, seed: 1 }] });
  });

  it('keeps min(r, n) distractors per query, in listed order, chosen from the query own list', () => {
    const pool = retainDistractors(b, 2, { seed: 11 });
    expect(pool.corpus).toHaveLength(6 + 12);
    for (const q of pool.queries) {
      const original = b.queries[b.queryIndexById.get(q.query_id) as number] as QueryRow;
      expect(q.paired_distractor_corpus_ids).toHaveLength(2);
      const positions = q.paired_distractor_corpus_ids.map((id) => original.paired_distractor_corpus_ids.indexOf(id));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect([...positions].sort((x, y) => x - y)).toEqual(positions);
    }
    expect(validationReport(pool).ok).toBe(true);
  });

  it('nests: the distractors kept for r are among those kept for r + 1', () => {
    for (const seed of [1, 2, 3, 20260510]) {
      for (let r = 0; r < 4; r++) {
        const small = kept(retainDistractors(b, r, { seed }));
        const large = kept(retainDistractors(b, r + 1, { seed }));
        for (const [q, ids] of Object.entries(small)) for (const id of ids) expect(large[q]).toContain(id);
      }
    }
  });

  it('returns the same pool for the same seed and a different one for another seed', () => {
    expect(kept(retainDistractors(b, 1, { seed: 3 }))).toEqual(kept(retainDistractors(b, 1, { seed: 3 })));
    expect(kept(retainDistractors(b, 1, { seed: 3 }))).not.toEqual(kept(retainDistractors(b, 1, { seed: 4 })));
  });

  it('chooses the same distractors for a query whatever other queries the benchmark holds', () => {
    const full = kept(retainDistractors(b, 1, { seed: 9 }));
    const math = kept(retainDistractors(filterByDomain(b, ['math_numerical']), 1, { seed: 9 }));
    expect(math.q_0002).toEqual(full.q_0002);
    expect(math.q_0003).toEqual(full.q_0003);
  });

  it('keeps everything and shares the rows when r covers every query', () => {
    const pool = retainDistractors(b, 4);
    expect(pool.corpus).toHaveLength(29);
    expect(pool.queries[0]).toBe(b.queries[0]);
    expect(pool.source.derivation?.[0]).toEqual({ kind: 'retain-distractors', r: 4, seed: 20260510 });
  });

  it('filters the distractor metadata to the kept distractors', () => {
    const pool = retainDistractors(b, 1, { seed: 2 });
    expect(pool.distractorMetadata?.rows).toHaveLength(6);
    for (const q of pool.queries)
      expect(pool.distractorMetadata?.byDistractorId.has(q.paired_distractor_corpus_ids[0] as string)).toBe(true);
  });

  it.each([-1, 1.5, Number.NaN])('throws RangeError when r is %s', (r) => {
    expect(() => retainDistractors(b, r)).toThrow(RangeError);
  });

  it('throws RangeError when the seed is not an integer', () => {
    expect(() => retainDistractors(b, 1, { seed: 0.5 })).toThrow(/seed must be an integer/);
  });
});

describe('filterByDomain', () => {
  it('keeps the queries of the domains with their snippets', () => {
    const math = filterByDomain(b, ['math_numerical']);
    expect(math.queries.map((q) => q.query_id)).toEqual(['q_0002', 'q_0003']);
    expect(math.corpus).toHaveLength(9);
    expect(math.domains).toEqual(['math_numerical']);
    expect(Array.from(math.queryLine)).toEqual([2, 3]);
    expect(validationReport(math).ok).toBe(true);
  });

  it('throws RangeError naming the domains that exist when a domain is unknown', () => {
    expect(() => filterByDomain(b, ['geometry'])).toThrow(
      /unknown domain "geometry"; the benchmark has bit_manipulation, math_numerical/,
    );
  });
});

describe('filterByBugType', () => {
  it('keeps every canonical and only the distractors of the bug types', () => {
    const obo = filterByBugType(b, ['off_by_one']);
    expect(obo.queries).toHaveLength(6);
    expect(obo.corpus).toHaveLength(6 + 4);
    expect(obo.bugTypes).toEqual(['off_by_one']);
    const q1 = obo.queryIndexById.get('q_0001') as number;
    expect(Array.from(queryDistractors(obo, q1), (i) => obo.corpus[i]?.corpus_id)).toEqual(['c_0002']);
  });

  it('drops queries left without distractors when asked', () => {
    const obo = filterByBugType(b, ['off_by_one'], { dropQueriesWithoutDistractors: true });
    expect(obo.queries.map((q) => q.query_id)).toEqual(['q_0001', 'q_0004', 'q_0005', 'q_0006']);
    expect(obo.source.derivation).toEqual([
      { kind: 'filter-bug-types', bugTypes: ['off_by_one'], dropQueriesWithoutDistractors: true },
    ]);
  });

  it('throws RangeError when a bug type does not occur', () => {
    expect(() => filterByBugType(b, ['typo'])).toThrow(RangeError);
  });
});
