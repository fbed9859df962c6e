import { describe, expect, it } from 'vitest';
import { createCascade } from '../src/fusion/cascade.js';
import { createInterpolation, minMax } from '../src/fusion/interpolation.js';
import { createReciprocalRankFusion } from '../src/fusion/reciprocal-rank-fusion.js';
import { stubReranker } from './helpers/stub-reranker.js';

const DOCS = ['aaaa', 'b', 'cc', 'ddd'];

describe('createReciprocalRankFusion', () => {
  it('sums 1/(k + rank) over the first stage and every reranker when fusing', async () => {
    const byLength = stubReranker((t) => t.length).reranker; // ranks 0, 3, 2, 1
    const fused = createReciprocalRankFusion([byLength], { k: 1 });
    const hits = await fused.rerank('q', DOCS);
    // first stage ranks 1..4, byLength ranks: index0→1, index3→2, index2→3, index1→4
    const expected = [1 / 2 + 1 / 2, 1 / 3 + 1 / 5, 1 / 4 + 1 / 4, 1 / 5 + 1 / 3];
    for (const hit of hits) expect(hit.score).toBeCloseTo(expected[hit.index] as number, 12);
    expect(hits.map((h) => h.index)).toEqual([0, 1, 3, 2]);
    expect(fused.info.provider).toBe('fusion');
    expect(fused.info.params).toMatchObject({ k: 1, includeFirstStage: true });
  });

  it('ignores the first stage when includeFirstStage is false', async () => {
    const fused = createReciprocalRankFusion([stubReranker((t) => t.length).reranker], { includeFirstStage: false });
    expect((await fused.rerank('q', DOCS)).map((h) => h.index)).toEqual([0, 3, 2, 1]);
  });

  it('changes configHash when a component changes', () => {
    const a = createReciprocalRankFusion([stubReranker((t) => t.length).reranker]);
    const b = createReciprocalRankFusion([stubReranker((t) => t.length, { model: 'other' }).reranker]);
    expect(a.info.configHash).not.toBe(b.info.configHash);
  });
});

describe('createInterpolation', () => {
  it('blends min-max scaled reranker and first-stage scores with weight alpha', async () => {
    const blended = createInterpolation(stubReranker((t) => t.length).reranker, { alpha: 0.25 });
    const first = [0.1, 0.9, 0.5, 0.3];
    const hits = await blended.rerank('q', DOCS, { firstStageScores: first });
    const a = minMax([4, 1, 2, 3]);
    const b = minMax(first);
    for (const hit of hits) {
      expect(hit.score).toBeCloseTo(0.25 * (a[hit.index] as number) + 0.75 * (b[hit.index] as number), 12);
      expect(hit.rawScore).toBe(DOCS[hit.index]?.length);
    }
    expect(hits[0]?.index).toBe(1);
  });

  it('throws TypeError when firstStageScores are missing', async () => {
    await expect(createInterpolation(stubReranker((t) => t.length).reranker).rerank('q', DOCS)).rejects.toThrow(
      TypeError,
    );
  });
});

describe('createCascade', () => {
  it('sends only the cheap top depth to the expensive reranker and keeps the rest in cheap order', async () => {
    const cheap = stubReranker((t) => t.length);
    const expensive = stubReranker((t) => -t.length);
    const cascade = createCascade(cheap.reranker, expensive.reranker, { depth: 2 });
    const hits = await cascade.rerank('q', DOCS);
    expect(expensive.calls).toEqual([['aaaa', 'ddd']]);
    expect(hits.map((h) => h.index)).toEqual([3, 0, 2, 1]);
    expect(hits.map((h) => h.score)).toEqual([4, 3, 2, 1]);
    expect(cascade.usage()).toMatchObject({ calls: 1, requests: 2, documents: 6 });
  });
});

describe('minMax', () => {
  it('maps all-equal values to 0', () => {
    expect(Array.from(minMax([3, 3]))).toEqual([0, 0]);
  });
});
