import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBm25Scorer, createMatrixScorer, rankSystem } from '@execret/analyses';
import { type RerankUsage, type SecondStage, twoStageSummary } from '@execret/rerankers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPool } from '../test/test-pool.js';
import type { RerankPlan } from './rerank-options.js';
import type { SecondStages } from './second-stages.js';
import { rerankCandidateRuns, rerankStage, writeRerankFiles } from './stages.js';

const pool = testPool();
const bm25 = createBm25Scorer(pool);
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

function plan(stages: SecondStage<never, never>[], depth: number, firstStages?: string[]): RerankPlan {
  const secondStages: SecondStages = { stages, artifactLines: () => [], close: async () => {} };
  return { secondStages, depth, ...(firstStages ? { firstStages } : {}) };
}

const io = { json: true, progress: false, log: () => {}, warn: () => {} } as never;

describe('rerankStage', () => {
  it('makes one system per (first stage, reranker) pair, first stages outer, with usage per system', async () => {
    const scorers = [bm25, dense];
    const rankings = await Promise.all(scorers.map((s) => rankSystem(s, pool, [])));
    const systems = await rerankStage(
      scorers,
      rankings,
      pool,
      plan([keepOrder('a/x'), keepOrder('b/y')], 2),
      io,
      new AbortController().signal,
    );
    expect(systems.map((s) => s.run.id)).toEqual(['bm25>>a/x', 'bm25>>b/y', 'dense>>a/x', 'dense>>b/y']);
    // The same reranker object served two first stages; each system counts only its own 3 calls.
    expect(systems.map((s) => s.usage.calls)).toEqual([3, 3, 3, 3]);
    expect(systems[2]!.usage.costUsd).toBeCloseTo(0.003, 12);
    const entry = twoStageSummary(systems[0]!);
    expect(entry).toMatchObject({ model: 'bm25>>a/x', first_stage: 'bm25', depth: 2, queries: 3, pairs: 6 });
    expect(entry.per_query.calls).toBe(1);
  });

  it('reranks only the first stages the plan names when it names some', async () => {
    const scorers = [bm25, dense];
    const rankings = await Promise.all(scorers.map((s) => rankSystem(s, pool, [])));
    const systems = await rerankStage(
      scorers,
      rankings,
      pool,
      plan([keepOrder('a/x')], 2, ['dense']),
      io,
      new AbortController().signal,
    );
    expect(systems.map((s) => s.run.id)).toEqual(['dense>>a/x']);
  });
});

describe('rerankCandidateRuns', () => {
  it("returns each first stage's top depth as a run, without reranking, when a shard only executes", async () => {
    const rankings = [await rankSystem(dense, pool, [])];
    const stage = keepOrder('a/x');
    const runs = await rerankCandidateRuns([dense], rankings, pool, plan([stage], 2));
    expect(runs).toHaveLength(1);
    expect(runs[0]!.runDocs.map((d) => Array.from(d))).toEqual(
      rankings[0]!.runDocs.map((d) => Array.from(d.subarray(0, 2))),
    );
    expect(runs[0]!.ablation).toEqual([]);
    expect(stage.usage().calls).toBe(0);
  });
});

describe('writeRerankFiles', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-rerank-files-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes one decision per query to rerank/<system>.jsonl, and the artifacts only when there are some', async () => {
    const rankings = [await rankSystem(dense, pool, [])];
    const [system] = await rerankStage(
      [dense],
      rankings,
      pool,
      plan([keepOrder('a/x')], 2),
      io,
      new AbortController().signal,
    );
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
