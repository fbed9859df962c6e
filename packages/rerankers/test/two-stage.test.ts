import {
  ablationPools,
  createMatrixScorer,
  createPoolView,
  createRunScorer,
  evaluateSystem,
  PassTable,
  rankDerivedSystem,
  rankSystem,
  type SystemRanking,
} from '@execret/analyses';
import { describe, expect, it } from 'vitest';
import input from '../../../fixtures/three-query-pool/pool.json' with { type: 'json' };
import { firstStageCandidates } from '../src/two-stage/first-stage.js';
import { rankTwoStage, type TwoStageSystem } from '../src/two-stage/rank-two-stage.js';
import type { SecondStage } from '../src/two-stage/second-stage.js';
import { twoStageId } from '../src/two-stage/two-stage-id.js';
import { twoStageSummary } from '../src/two-stage/two-stage-summary.js';
import type { RerankUsage } from '../src/types.js';

// The two-stage system over `@execret/analyses`' scorers, rankings and evaluation (its real consumers).
// q_1 owns c_01 (canonical) + c_02, c_03; q_2 owns c_04 + c_05; q_3 owns c_06 + c_07, c_08, c_09.
const pool = createPoolView(input);
// Each query points at its canonical; c_02 ties c_01 for q_1 (and wins the tie, ids descending), so the first
// stage's exec@1 is 2/3.
const scorer = createMatrixScorer(
  pool,
  { id: 'dense', provider: 'test', configHash: 'h', similarity: 'cosine' },
  Float32Array.of(1, 0, 0, 1, 1, 1),
  Float32Array.of(1, 0, 1, 0, 0.5, 1, 0, 1, 0.1, 1, 1, 1, 1, 0.9, -1, -1, 0.9, 1),
  2,
);
const ZERO_USAGE: RerankUsage = {
  calls: 0,
  requests: 0,
  retries: 0,
  documents: 0,
  inputTokens: 0,
  tokensEstimated: false,
  outputTokens: 0,
  searchUnits: 0,
  costUsd: null,
  seconds: 0,
};

/** A second stage that orders candidates by `order(n)` (input indices, best first) and records what it saw. */
function fakeStage(
  order: (n: number, candidates: readonly string[]) => number[],
  options: { delayMs?: (call: number) => number } = {},
): SecondStage & { seen: { query: string; candidates: readonly string[] }[] } {
  const seen: { query: string; candidates: readonly string[] }[] = [];
  let calls = 0;
  return {
    seen,
    info: {
      id: 'fake/reverse',
      configHash: 'f'.repeat(64),
      provider: 'fake',
      method: 'rerank-api',
      model: 'fake',
      revision: null,
      instruction: null,
      truncation: 'none',
      maxLength: null,
      dtype: 'provider',
      pointwise: true,
      params: {},
    },
    kind: 'score-cache',
    async rerank(query, candidates) {
      const call = calls++;
      seen.push({ query, candidates });
      const delay = options.delayMs?.(call) ?? 0;
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      const hits = order(candidates.length, candidates).map((index, i) => ({
        index,
        score: 1 / (i + 1),
        rawScore: 10 - i,
      }));
      return { hits, audit: null };
    },
    usage: () => ({ ...ZERO_USAGE, calls }),
    costs: () => null,
  };
}

const reverse = (n: number): number[] => Array.from({ length: n }, (_, i) => n - 1 - i);

function passTable(): PassTable {
  const table = new PassTable(pool.docIds.length);
  pool.queryIds.forEach((_, q) => {
    for (let d = 0; d < pool.docIds.length; d++) {
      const passes = pool.canonicals[q]!.includes(d);
      table.set(q, d, { passes, tests: [passes ? 'pass' : 'FAIL'], status: passes ? 'pass' : 'fail' });
    }
  });
  return table;
}

async function firstStage(): Promise<SystemRanking> {
  return rankSystem(
    scorer,
    pool,
    ablationPools(pool, (q) => pool.distractors[q]!),
  );
}

/** The two-stage system as evaluation takes it (rank-derived group scores, no ablation). */
const ranked = (two: TwoStageSystem) => rankDerivedSystem(pool, two.run);

describe('twoStageId', () => {
  it('joins the first-stage id and the reranker id with >> when both are given', () => {
    expect(twoStageId('bm25', 'cohere/rerank-v3.5')).toBe('bm25>>cohere/rerank-v3.5');
  });
});

describe('rankTwoStage', () => {
  const signal = new AbortController().signal;

  it('leaves exec@1 unchanged when the depth is 1, whatever the reranker does', async () => {
    const ranking = await firstStage();
    const table = passTable();
    const two = await rankTwoStage({ scorer, ranking }, fakeStage(reverse), pool, 1, { signal });
    const first = evaluateSystem(pool, ranking, table, 'trec').result;
    const second = evaluateSystem(pool, ranked(two), table, 'trec', two.record).result;
    expect(first.metrics['exec@1']).toBeCloseTo(2 / 3, 15);
    expect(second.metrics['exec@1']).toBe(first.metrics['exec@1']);
    // The same reranker at depth 3 does change exec@1 (so the check above can fail).
    const deeper = await rankTwoStage({ scorer, ranking }, fakeStage(reverse), pool, 3, { signal });
    expect(evaluateSystem(pool, ranked(deeper), table, 'trec', deeper.record).result.metrics['exec@1']).not.toBe(
      first.metrics['exec@1'],
    );
    expect(two.run.runDocs.map((docs) => Array.from(docs))).toEqual(ranking.runDocs.map((docs) => [docs[0]]));
    // Nothing beyond depth: exec@10 is exec@1.
    expect(second.metrics['exec@10']).toBe(second.metrics['exec@1']);
  });

  it('keeps the reranker order of the top depth with strictly decreasing rank-derived scores when depth > 1', async () => {
    const ranking = await firstStage();
    const stage = fakeStage(reverse);
    const two = await rankTwoStage({ scorer, ranking }, stage, pool, 3, { signal });
    pool.queryIds.forEach((_, q) => {
      expect(Array.from(two.run.runDocs[q]!)).toEqual(Array.from(ranking.runDocs[q]!.subarray(0, 3)).reverse());
      expect(Array.from(two.run.runScores[q]!)).toEqual([3, 2, 1]);
    });
    // The reranker saw the query text and the candidates' code in first-stage order, and nothing else.
    expect(stage.seen.map((s) => s.query).sort()).toEqual([...pool.queryTexts].sort());
    const q1 = stage.seen.find((s) => s.query === pool.queryTexts[0])!;
    expect(q1.candidates).toEqual(Array.from(ranking.runDocs[0]!.subarray(0, 3), (d) => pool.code[d]));
    expect(two.run.id).toBe('dense>>fake/reverse');
    expect(ranked(two).similarity).toBe('rank');
    expect(ranked(two).ablation).toEqual([]);
    expect(two.record).toMatchObject({ first_stage: 'dense', depth: 3, reranker: 'fake/reverse' });
    expect(two.pairs).toBe(9);
    expect(two.usage.calls).toBe(3);
    const decision = two.decisions[0]!;
    expect(decision.query_id).toBe('q_1');
    expect(decision.hits.map((h) => h.corpus_id)).toEqual(Array.from(two.run.runDocs[0]!, (d) => pool.docIds[d]));
    expect(decision.hits[0]).toMatchObject({ index: 2, score: 1, raw_score: 10 });
  });

  it('scores the own group by rank with 0 outside the depth when computing the near-clone analyses', async () => {
    const ranking = await firstStage();
    const two = await rankTwoStage({ scorer, ranking }, fakeStage(reverse), pool, 2, { signal });
    // q_3: the first stage's top 2 are c_06 (the canonical) and c_09 (which ties c_07 and wins, ids descending);
    // reversed, c_09 scores 2 and c_06 scores 1, and c_07, c_08 (outside the depth) score 0.
    expect(Array.from(two.run.runDocs[2]!, (d) => pool.docIds[d])).toEqual(['c_09', 'c_06']);
    expect(ranked(two).group.canonical[2]).toBe(1);
    expect(Array.from(ranked(two).group.distractors[2]!)).toEqual([0, 0, 2]); // c_07, c_08, c_09
  });

  it('ranks the first stage again when the depth exceeds its kept run', async () => {
    const ranking = await firstStage();
    const shallow = { ...ranking, runDocs: ranking.runDocs.map((d) => d.slice(0, 2)) };
    const candidates = await firstStageCandidates(scorer, shallow, pool, 20);
    expect(candidates.docs.every((docs) => docs.length === pool.docIds.length)).toBe(true);
    expect(candidates.docs.map((docs) => Array.from(docs))).toEqual(ranking.runDocs.map((docs) => Array.from(docs)));
  });

  it('gives a precomputed run only the documents it lists when the depth exceeds the run', async () => {
    const run = createRunScorer(pool, { id: 'mine', configHash: 'r'.repeat(64), provider: 'trec' }, [
      { queryId: 'q_1', docId: 'c_03', score: 2 },
      { queryId: 'q_1', docId: 'c_01', score: 1 },
      { queryId: 'q_2', docId: 'c_04', score: 5 },
    ]);
    const ranking = await rankSystem(run, pool, []);
    const two = await rankTwoStage({ scorer: run, ranking }, fakeStage(reverse), pool, 5, { signal });
    expect(two.decisions.map((d) => d.candidates)).toEqual([['c_03', 'c_01'], ['c_04'], []]);
    expect(Array.from(two.run.runDocs[0]!, (d) => pool.docIds[d])).toEqual(['c_01', 'c_03']);
    expect(Array.from(two.run.runScores[0]!)).toEqual([2, 1]);
    expect(two.usage.calls).toBe(2); // q_3 lists nothing and is not sent
  });

  it('gives the same runs and decisions when queries finish in a different order', async () => {
    const ranking = await firstStage();
    const slowFirst = await rankTwoStage(
      { scorer, ranking },
      fakeStage(reverse, { delayMs: (call) => (call === 0 ? 30 : 0) }),
      pool,
      3,
      { signal },
    );
    const slowLast = await rankTwoStage(
      { scorer, ranking },
      fakeStage(reverse, { delayMs: (call) => (call === 2 ? 30 : 0) }),
      pool,
      3,
      { signal },
    );
    expect(slowFirst.run.runDocs).toEqual(slowLast.run.runDocs);
    expect(slowFirst.decisions).toEqual(slowLast.decisions);
  });

  it('throws when a reranker drops or repeats a candidate', async () => {
    const ranking = await firstStage();
    await expect(
      rankTwoStage(
        { scorer, ranking },
        fakeStage((n) => reverse(n).slice(1)),
        pool,
        3,
        { signal },
      ),
    ).rejects.toThrow(/2 hits for 3 candidates/);
    await expect(
      rankTwoStage(
        { scorer, ranking },
        fakeStage(() => [0, 0, 1]),
        pool,
        3,
        { signal },
      ),
    ).rejects.toThrow(/out of range or repeated/);
  });
});

/** A stage that keeps first-stage order, with usage and costs that grow per call (cumulative, like a real reranker). */
function keepOrder(
  id: string,
): SecondStage<null, { executions: number; executedTests: number; costUsd: number | null }> {
  let calls = 0;
  return {
    info: { ...fakeStage(reverse).info, id, configHash: 'c'.repeat(64) },
    kind: 'artifacts',
    async rerank(_query, candidates) {
      calls++;
      return { hits: candidates.map((_, index) => ({ index, score: -index, rawScore: -index })), audit: null };
    },
    usage: () => ({
      ...ZERO_USAGE,
      calls,
      requests: calls,
      documents: 3 * calls,
      inputTokens: 30 * calls,
      tokensEstimated: true,
      costUsd: 0.001 * calls,
      seconds: calls,
    }),
    costs: () => ({ executions: 2 * calls, executedTests: 10 * calls, costUsd: null }),
  };
}

describe('twoStageSummary', () => {
  it('counts only its own calls when one stage serves two first stages, with per-query means', async () => {
    const ranking = await rankSystem(scorer, pool, []);
    const stage = keepOrder('a/x');
    const signal = new AbortController().signal;
    await rankTwoStage({ scorer, ranking }, stage, pool, 2, { signal });
    const system = await rankTwoStage({ scorer, ranking }, stage, pool, 2, { signal });
    expect(system.usage.calls).toBe(3);
    expect(system.usage.costUsd).toBeCloseTo(0.003, 12);
    expect(system.costs).toEqual({ executions: 6, executedTests: 30, costUsd: null });
    const entry = twoStageSummary(system);
    expect(entry).toMatchObject({ model: 'dense>>a/x', first_stage: 'dense', depth: 2, queries: 3, pairs: 6 });
    expect(entry.per_query).toMatchObject({ calls: 1, input_tokens: 30, executions: 2, executed_tests: 10 });
    expect(Object.keys(entry)).toEqual([
      'model',
      'config_hash',
      'first_stage',
      'first_stage_config_hash',
      'depth',
      'reranker',
      'queries',
      'pairs',
      'usage',
      'execution',
      'seconds',
      'per_query',
    ]);
  });
});
