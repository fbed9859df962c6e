import { describe, expect, it } from 'vitest';
import { testPool } from '../test/test-pool.js';
import { rankDerivedSystem } from './ranked-system.js';

const pool = testPool();

describe('rankDerivedSystem', () => {
  // q_3's run holds c_09 then c_06 (rank-derived scores 2, 1); c_07 and c_08 are outside it.
  const runDocs = [Int32Array.of(2, 0, 1), Int32Array.of(3), Int32Array.of(8, 5)];
  const runScores = [Float64Array.of(3, 2, 1), Float64Array.of(1), Float64Array.of(2, 1)];
  const system = rankDerivedSystem(pool, { id: 'dense>>x', configHash: 'h', provider: 'x', runDocs, runScores });

  it('scores the own group by rank with 0 outside the run when computing the near-clone analyses', () => {
    expect(system.group.canonical[2]).toBe(1);
    expect(Array.from(system.group.distractors[2]!)).toEqual([0, 0, 2]); // c_07, c_08, c_09
    expect(system.group.canonical[0]).toBe(2);
    expect(Array.from(system.group.distractors[1]!)).toEqual([0]);
  });

  it('is a rank system with the run as given, no ablation and no cut tie group', () => {
    expect(system).toMatchObject({ id: 'dense>>x', similarity: 'rank', configHash: 'h', provider: 'x' });
    expect(system.runDocs).toBe(runDocs);
    expect(system.ablation).toEqual([]);
    expect(system.truncatedTieGroups).toBe(0);
  });

  it('gives NaN to a query without a canonical', () => {
    const noCanonical = { ...pool, canonicals: [Int32Array.of(), ...pool.canonicals.slice(1)] };
    expect(rankDerivedSystem(noCanonical, { ...system, runDocs, runScores }).group.canonical[0]).toBeNaN();
  });
});
