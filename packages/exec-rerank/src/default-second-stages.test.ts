import { describe, expect, it } from 'vitest';
import { defaultSecondStages } from './default-second-stages.js';

describe('defaultSecondStages', () => {
  it('adds exec/consensus and exec/random-clone over bm25 when the run executes', () => {
    expect(defaultSecondStages({ execute: true, languages: ['python', 'python'] })).toEqual({
      ids: ['exec/consensus', 'exec/random-clone'],
      firstStageIds: ['bm25'],
    });
  });

  it('keeps only the baseline that executes nothing when the run executes nothing', () => {
    expect(defaultSecondStages({ execute: false, languages: ['python'] }).ids).toEqual(['exec/random-clone']);
  });

  it('leaves the execution rerankers out, saying why, when the dataset has queries they cannot read', () => {
    const chosen = defaultSecondStages({ execute: true, languages: ['python', 'javascript'] });
    expect(chosen.ids).toEqual([]);
    expect(chosen.leftOut).toEqual({
      ids: ['exec/consensus', 'exec/random-clone'],
      reason: 'the execution rerankers read Python snippets only, and this dataset has javascript queries',
    });
  });
});
