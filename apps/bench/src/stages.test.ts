import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMatrixScorer, rankSystem } from '@execret/analyses';
import { type RerankUsage, rankTwoStageSystems, type SecondStage } from '@execret/rerankers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPool } from '../test/test-pool.js';
import { writeRerankFiles } from './stages.js';

const pool = testPool();
const dense = createMatrixScorer(
  pool,
  { id: 'dense', provider: 'test', configHash: 'h', similarity: 'cosine' },
  Float32Array.of(1, 0, 0, 1, 1, 1),
  Float32Array.of(1, 0, 1, 0, 0.5, 1, 0, 1, 0.1, 1, 1, 1, 1, 0.9, -1, -1, 0.9, 1),
  2,
);
const usage = (calls: number): RerankUsage => ({
  calls,
  requests: calls,
  retries: 0,
  documents: 3 * calls,
  inputTokens: 30 * calls,
  tokensEstimated: true,
  outputTokens: 0,
  searchUnits: 0,
  costUsd: 0.001 * calls,
  seconds: calls,
});

/** A stage that keeps first-stage order, with usage that grows per call (cumulative, like a real reranker). */
function keepOrder(id: string): SecondStage<never, never> {
  let calls = 0;
  return {
    info: {
      id,
      configHash: 'c'.repeat(64),
      provider: 'fake',
      method: 'rerank-api',
      model: id,
      revision: null,
      instruction: null,
      truncation: 'none',
      maxLength: null,
      dtype: 'provider',
      pointwise: true,
      params: {},
    },
    kind: 'score-cache',
    async rerank(_query, candidates) {
      calls++;
      return { hits: candidates.map((_, index) => ({ index, score: -index, rawScore: -index })), audit: null };
    },
    usage: () => usage(calls),
    costs: () => null,
  };
}

describe('writeRerankFiles', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-rerank-files-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes one decision per query to rerank/<system>.jsonl, and the artifacts only when there are some', async () => {
    const ranking = await rankSystem(dense, pool, []);
    const [system] = await rankTwoStageSystems([{ scorer: dense, ranking }], [keepOrder('a/x')], pool, 2, {
      signal: new AbortController().signal,
    });
    const written = await writeRerankFiles(root, [system!], []);
    expect(written).toEqual([join(root, 'rerank', 'dense__a__x.jsonl')]);
    const lines = (await readFile(written[0]!, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.query_id)).toEqual(['q_1', 'q_2', 'q_3']);
    expect(lines[0].hits[1]).toEqual({ index: 1, corpus_id: lines[0].candidates[1], score: -1, raw_score: -1 });
    const withArtifacts = await writeRerankFiles(root, [], ['{"v":1}\n']);
    expect(withArtifacts).toEqual([join(root, 'rerank', 'exec-artifacts.jsonl')]);
  });
});
