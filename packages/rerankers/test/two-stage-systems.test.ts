import { createBm25Scorer, createMatrixScorer, createPoolView, rankSystem, type Scorer } from '@execret/analyses';
import { describe, expect, it } from 'vitest';
import input from '../../../fixtures/three-query-pool/pool.json' with { type: 'json' };
import { rankTwoStageSystems, twoStageCandidateRuns } from '../src/two-stage/rank-two-stage-systems.js';
import type { SecondStage } from '../src/two-stage/second-stage.js';
import { shardTwoStageSystems } from '../src/two-stage/shard-two-stage-systems.js';
import { twoStageDeriver } from '../src/two-stage/two-stage-deriver.js';
import { twoStageSummary } from '../src/two-stage/two-stage-summary.js';
import type { RerankUsage } from '../src/types.js';

// Moved from the CLI's stages (apps/bench): the loop over first stages × second stages of a run.
// q_1 owns c_01 (canonical) + c_02, c_03; q_2 owns c_04 + c_05; q_3 owns c_06 + c_07, c_08, c_09.
const pool = createPoolView(input);
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

const signal = new AbortController().signal;

async function firstStages(scorers: readonly Scorer[]) {
  const rankings = await Promise.all(scorers.map((s) => rankSystem(s, pool, [])));
  return scorers.map((scorer, i) => ({ scorer, ranking: rankings[i]! }));
}

describe('rankTwoStageSystems', () => {
  it('makes one system per (first stage, reranker) pair, first stages outer, with usage per system', async () => {
    const progress = new Set<string>();
    const finished: string[] = [];
    const systems = await rankTwoStageSystems(
      await firstStages([bm25, dense]),
      [keepOrder('a/x'), keepOrder('b/y')],
      pool,
      2,
      {
        signal,
        onProgress: (id, done, total) => {
          if (done === total) progress.add(id);
        },
        onSystem: (s) => finished.push(s.run.id),
      },
    );
    expect(systems.map((s) => s.run.id)).toEqual(['bm25>>a/x', 'bm25>>b/y', 'dense>>a/x', 'dense>>b/y']);
    expect(finished).toEqual(systems.map((s) => s.run.id));
    expect([...progress].sort()).toEqual([...finished].sort());
    // The same reranker object served two first stages; each system counts only its own 3 calls.
    expect(systems.map((s) => s.usage.calls)).toEqual([3, 3, 3, 3]);
    expect(systems[2]!.usage.costUsd).toBeCloseTo(0.003, 12);
    const entry = twoStageSummary(systems[0]!);
    expect(entry).toMatchObject({ model: 'bm25>>a/x', first_stage: 'bm25', depth: 2, queries: 3, pairs: 6 });
    expect(entry.per_query.calls).toBe(1);
  });

  it('reranks only the first stages the plan names when it names some', async () => {
    const systems = await rankTwoStageSystems(await firstStages([bm25, dense]), [keepOrder('a/x')], pool, 2, {
      signal,
      firstStageIds: ['dense'],
    });
    expect(systems.map((s) => s.run.id)).toEqual(['dense>>a/x']);
  });

  it("keeps one decision per query, each hit naming its candidate's corpus id with its score and raw score", async () => {
    const [system] = await rankTwoStageSystems(await firstStages([dense]), [keepOrder('a/x')], pool, 2, { signal });
    const rows = system!.decisions.map((d) => JSON.parse(JSON.stringify(d)));
    expect(rows.map((r) => r.query_id)).toEqual(['q_1', 'q_2', 'q_3']);
    expect(rows[0].hits[1]).toEqual({ index: 1, corpus_id: rows[0].candidates[1], score: -1, raw_score: -1 });
  });
});

describe('twoStageCandidateRuns', () => {
  it("returns each first stage's top depth as a run, without reranking, when a shard only executes", async () => {
    const firsts = await firstStages([dense]);
    const stage = keepOrder('a/x');
    const runs = await twoStageCandidateRuns(firsts, pool, 2);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.runDocs.map((d) => Array.from(d))).toEqual(
      firsts[0]!.ranking.runDocs.map((d) => Array.from(d.subarray(0, 2))),
    );
    expect(runs[0]!.ablation).toEqual([]);
    expect(stage.usage().calls).toBe(0);
  });

  it('takes only the first stages named when some are', async () => {
    expect(
      await twoStageCandidateRuns(await firstStages([bm25, dense]), pool, 2, { firstStageIds: ['bm25'] }),
    ).toHaveLength(1);
  });
});

describe('twoStageDeriver', () => {
  it("derives the plan's systems over the first stages it names, and gives a shard their candidates", async () => {
    const firsts = await firstStages([bm25, dense]);
    const done: string[] = [];
    const deriver = twoStageDeriver(
      pool,
      { stages: [keepOrder('a/x'), keepOrder('b/y')], depth: 2, firstStageIds: ['dense'] },
      { signal, onSystem: (s) => done.push(s.run.id) },
    );
    expect((await deriver.derive(firsts)).map((s) => s.run.id)).toEqual(['dense>>a/x', 'dense>>b/y']);
    expect(done).toEqual(['dense>>a/x', 'dense>>b/y']);
    expect(await deriver.shardWork(firsts, { query: (q) => q !== 0, key: () => true })).toEqual([
      { id: 'dense>>a/x', split: 'rerank', queries: 2 },
      { id: 'dense>>b/y', split: 'rerank', queries: 2 },
    ]);
    const runs = await deriver.candidates(firsts);
    expect(runs.map((r) => r.runDocs.map((d) => Array.from(d)))).toEqual([
      firsts[1]!.ranking.runDocs.map((d) => Array.from(d.subarray(0, 2))),
    ]);
  });
});

describe('shardTwoStageSystems', () => {
  /** A stage that records the queries it reranks, and with `prefill`, the keys it was offered and took. */
  function recording(id: string, withPrefill: boolean) {
    const reranked: string[] = [];
    const prefilled: { query: string; taken: string[] }[] = [];
    const stage: SecondStage<never, never> = {
      ...keepOrder(id),
      async rerank(query, candidates) {
        reranked.push(query);
        return { hits: candidates.map((_, index) => ({ index, score: 0, rawScore: 0 })), audit: null };
      },
      ...(withPrefill
        ? {
            async prefill(query: string, candidates: readonly string[], { mine }: { mine: (key: string) => boolean }) {
              prefilled.push({ query, taken: candidates.filter((c) => mine(c)) });
            },
          }
        : {}),
    };
    return { stage, reranked, prefilled };
  }

  it('reranks the shard’s own queries whole with a stage that cannot prefill, and decides nothing', async () => {
    const firsts = await firstStages([bm25, dense]);
    const { stage, reranked } = recording('m/x', false);
    const share = { query: (q: number) => q !== 1, key: () => true };
    const work = await shardTwoStageSystems(firsts, [stage], pool, 2, share, { signal, firstStageIds: ['bm25'] });
    expect(work).toEqual([{ id: 'bm25>>m/x', split: 'rerank', queries: 2 }]);
    expect(reranked).toEqual([pool.queryTexts[0], pool.queryTexts[2]]);
  });

  it('prefills every query with a stage that can, offering only the keys of the shard', async () => {
    const firsts = await firstStages([bm25]);
    const shards = [0, 1].map(() => recording('exec/x', true));
    const candidates = await twoStageCandidateRuns(firsts, pool, 3);
    for (const [i, { stage }] of shards.entries()) {
      // keys: the candidates' code; shard i takes the snippets of even (i = 0) or odd (i = 1) length
      const share = { query: () => false, key: (key: string) => key.length % 2 === i };
      const work = await shardTwoStageSystems(firsts, [stage], pool, 3, share, { signal });
      expect(work).toEqual([{ id: 'bm25>>exec/x', split: 'prefill', queries: 3 }]);
    }
    for (const { reranked, prefilled } of shards) {
      expect(reranked).toEqual([]);
      expect(prefilled.map((p) => p.query).sort()).toEqual([...pool.queryTexts].sort());
    }
    // together the shards took every candidate of every query, each once
    const taken = shards.flatMap(({ prefilled }) => prefilled.flatMap((p) => p.taken)).sort();
    const all = candidates[0]!.runDocs.flatMap((docs) => Array.from(docs, (d) => pool.code[d]!)).sort();
    expect(taken).toEqual(all);
  });
});
