import { describe, expect, it } from 'vitest';
import { describeReranker } from '../create-reranker.js';
import type { Reranker, RerankOptions } from '../types.js';
import { emptyRerankUsage } from '../usage.js';
import { auditedStage } from './audited-stage.js';
import { scoreCacheStage } from './score-cache-stage.js';
import { secondStageInfo } from './second-stage.js';

const info = describeReranker('cohere/rerank-v3.5');

describe('secondStageInfo', () => {
  it('keeps the twelve recorded fields in a fixed order and drops the rest of the info', () => {
    const recorded = secondStageInfo(info);
    expect(Object.keys(recorded)).toEqual([
      'id',
      'configHash',
      'provider',
      'method',
      'model',
      'revision',
      'instruction',
      'truncation',
      'maxLength',
      'dtype',
      'pointwise',
      'params',
    ]);
    expect(recorded.configHash).toBe(info.configHash);
    expect(recorded).not.toHaveProperty('sources');
  });
});

describe('scoreCacheStage', () => {
  it('answers from the cached reranker, with the first-stage scores, and counts usage on the reranker itself', async () => {
    const seen: RerankOptions[] = [];
    const reranker: Reranker = {
      info,
      rerank: async () => [],
      usage: () => ({ ...emptyRerankUsage(true), calls: 7 }),
      close: async () => {},
    };
    const cached: Reranker = {
      ...reranker,
      rerank: async (_q, candidates, options) => {
        seen.push(options ?? {});
        return candidates.map((_, index) => ({ index, score: 1, rawScore: 1 }));
      },
      usage: () => emptyRerankUsage(true),
    };
    const stage = scoreCacheStage(reranker, cached);
    const signal = new AbortController().signal;
    const decision = await stage.rerank('q', ['a', 'b'], { signal, firstStageScores: [2, 1] });
    expect(decision).toEqual({
      hits: [
        { index: 0, score: 1, rawScore: 1 },
        { index: 1, score: 1, rawScore: 1 },
      ],
      audit: null,
    });
    expect(seen).toEqual([{ signal, firstStageScores: [2, 1] }]);
    expect(stage.usage().calls).toBe(7);
    expect(stage.costs()).toBeNull();
    expect(stage.kind).toBe('score-cache');
  });
});

describe('auditedStage', () => {
  it('keeps each decision’s audit and the reranker’s costs, and passes only the signal on', async () => {
    const options: unknown[] = [];
    const stage = auditedStage({
      info: { ...secondStageInfo(info), id: 'exec/x', provider: 'exec' },
      rerankDetailed: async (_q, candidates, o) => {
        options.push(o);
        return { hits: candidates.map((_, index) => ({ index, score: 0, rawScore: 0 })), audit: { note: 'why' } };
      },
      usage: () => emptyRerankUsage(false),
      costs: () => ({ executions: 4 }),
    });
    const signal = new AbortController().signal;
    const decision = await stage.rerank('q', ['a'], { signal, firstStageScores: [1] });
    expect(decision.audit).toEqual({ note: 'why' });
    expect(options).toEqual([{ signal }]);
    expect(stage.costs()).toEqual({ executions: 4 });
    expect(stage.kind).toBe('artifacts');
    expect(stage.info.id).toBe('exec/x');
  });
});
