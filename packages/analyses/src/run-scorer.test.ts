import { describe, expect, it } from 'vitest';
import { testPool } from '../test/test-pool.js';
import { ablationPools } from './ablation-pools.js';
import { AnalysesError } from './analyses-error.js';
import { rankSystem } from './rank-system.js';
import { createRunScorer } from './run-scorer.js';

const INFO = { id: 'mine', configHash: 'h', provider: 'trec' };

describe('createRunScorer', () => {
  it('ranks only the listed documents, ties by id descending, and leaves the rest out of the run', async () => {
    const pool = testPool();
    const scorer = createRunScorer(pool, INFO, [
      { queryId: 'q_1', docId: 'c_02', score: 3 },
      { queryId: 'q_1', docId: 'c_05', score: 3 },
      { queryId: 'q_1', docId: 'c_01', score: 1 },
      { queryId: 'q_3', docId: 'c_06', score: -2 },
    ]);
    const ranking = await rankSystem(
      scorer,
      pool,
      ablationPools(pool, (q) => pool.distractors[q]!),
    );
    const ids = (docs: Int32Array) => Array.from(docs, (d) => pool.docIds[d]);
    expect(ids(ranking.runDocs[0]!)).toEqual(['c_05', 'c_02', 'c_01']);
    expect(Array.from(ranking.runScores[0]!)).toEqual([3, 3, 1]);
    expect(ids(ranking.runDocs[1]!)).toEqual([]);
    expect(ids(ranking.runDocs[2]!)).toEqual(['c_06']);
    // the canonicals-only ablation pool keeps the listed canonicals only
    expect(ranking.ablation[0]!.top.map(ids)).toEqual([['c_01'], [], ['c_06']]);
  });

  it('gives unlisted documents of the own group a score below every listed one for the analyses', async () => {
    const pool = testPool();
    const scorer = createRunScorer(pool, INFO, [{ queryId: 'q_1', docId: 'c_03', score: 0.5 }]);
    const group = await scorer.groupScores();
    expect(group.distractors[0]![1]).toBe(0.5);
    expect(group.canonical[0]!).toBeLessThan(0.5);
    expect(group.distractors[0]![0]).toBe(group.canonical[0]);
  });

  it.each([
    [
      'an unknown query',
      { queryId: 'q_9', docId: 'c_01', score: 1, origin: 'mine.run line 4' },
      /mine\.run line 4: query "q_9"/,
    ],
    ['an unknown document', { queryId: 'q_1', docId: 'c_99', score: 1 }, /document "c_99" is not in the dataset/],
    ['an infinite score', { queryId: 'q_1', docId: 'c_01', score: Number.POSITIVE_INFINITY }, /not a finite number/],
  ])('throws invalid-run for %s', (_name, entry, message) => {
    const error = (() => {
      try {
        createRunScorer(testPool(), INFO, [entry]);
      } catch (e) {
        return e;
      }
    })();
    expect(AnalysesError.is(error) && error.code).toBe('invalid-run');
    expect((error as Error).message).toMatch(message);
  });

  it('throws invalid-run when a pair is listed twice', () => {
    const entry = { queryId: 'q_1', docId: 'c_01', score: 1 };
    expect(() => createRunScorer(testPool(), INFO, [entry, entry])).toThrow(/listed twice/);
  });
});
