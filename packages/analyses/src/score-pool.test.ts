import { describe, expect, it } from 'vitest';
import { denseScorer } from '../test/dense-scorer.js';
import { testPool } from '../test/test-pool.js';
import { createBm25Scorer } from './bm25-scorer.js';
import type { PairRunner } from './execute-pairs.js';
import { PassTable } from './pass-table.js';
import { type DerivedSystem, type ScorePoolProgress, scorePool } from './score-pool.js';

const pool = testPool();
const canonicalCode = new Set(pool.canonicals.flatMap((c) => Array.from(c, (d) => pool.code[d]!)));

/** A runner that passes exactly the canonicals, counting its jobs. */
function runner(): PairRunner & { jobs: number } {
  const state = {
    jobs: 0,
    async runMany(batch: Parameters<PairRunner['runMany']>[0]) {
      state.jobs += batch.length;
      return batch.map((job) => {
        const pass = canonicalCode.has(job.code);
        return {
          status: pass ? ('pass' as const) : ('fail' as const),
          tests: job.tests.map(() => (pass ? 'pass' : 'FAIL')),
        };
      });
    },
  };
  return state;
}

/** A derived system that reverses the first stage's top 2 of every query (rank-derived scores 2, 1). */
function reversed(first: {
  ranking: { id: string; configHash: string; runDocs: readonly Int32Array[] };
}): DerivedSystem {
  const runDocs = first.ranking.runDocs.map((docs) => Int32Array.from(docs.subarray(0, 2)).reverse());
  return {
    run: {
      id: `${first.ranking.id}>>rev`,
      configHash: 'r',
      provider: 'test',
      runDocs,
      runScores: runDocs.map((docs) => Float64Array.from(docs, (_, i) => docs.length - i)),
    },
    record: {
      first_stage: first.ranking.id,
      first_stage_config_hash: first.ranking.configHash,
      depth: 2,
      reranker: 'rev',
      reranker_config_hash: 'r',
      reranker_provider: 'test',
      reranker_method: 'test',
    },
  };
}

describe('scorePool', () => {
  it('ranks, executes and evaluates every system and lists results/, analyses/ and trec/ files in writing order', async () => {
    const events: ScorePoolProgress[] = [];
    const scored = await scorePool(
      pool,
      [createBm25Scorer(pool), denseScorer(pool)],
      new PassTable(pool.docIds.length),
      {
        ties: 'trec',
        seed: 1,
        runner: runner(),
        onProgress: (e) => events.push(e),
      },
    );
    expect(scored.results.map((r) => r.model)).toEqual(['bm25', 'dense']);
    expect(scored.results[1]!.metrics['exec@1']).toBeCloseTo(2 / 3, 12);
    expect(scored.files.map(([path]) => path)).toEqual([
      'results/bm25.json',
      'analyses/bm25.json',
      'results/dense.json',
      'analyses/dense.json',
      'trec/qrels.canonical',
      'trec/qrels.passing',
      'trec/bm25.run',
      'trec/dense.run',
    ]);
    expect(JSON.parse(scored.files[2]![1])).toEqual(JSON.parse(JSON.stringify(scored.results[1])));
    expect(scored.files[0]![1].endsWith('\n}\n')).toBe(true);
    expect(scored.retrieved.executed).toBe(scored.retrieved.pairs);
    expect(events.filter((e) => e.step === 'rank')).toEqual([
      { step: 'rank', done: 1, total: 2 },
      { step: 'rank', done: 2, total: 2 },
    ]);
    expect(events.filter((e) => e.step === 'ranked' || e.step === 'executed')).toEqual([
      { step: 'ranked', systems: 2 },
      { step: 'executed', ...scored.retrieved },
    ]);
    expect(Object.keys(scored.seconds)).toEqual(['rank', 'execute', 'evaluate']);
  });

  it('executes nothing when no runner is given, so every retrieved pair counts as not passing', async () => {
    const scored = await scorePool(pool, [denseScorer(pool)], new PassTable(pool.docIds.length), {
      ties: 'trec',
      seed: 1,
    });
    expect(scored.retrieved).toEqual({ pairs: 0, executed: 0, cached: 0 });
    expect(scored.results[0]!.metrics['exec@10']).toBe(0);
  });

  it('evaluates the derived systems after the first stages, with their record, when second stages are given', async () => {
    const scored = await scorePool(pool, [denseScorer(pool)], new PassTable(pool.docIds.length), {
      ties: 'trec',
      seed: 1,
      runner: runner(),
      secondStages: { derive: async (firsts) => firsts.map(reversed), candidates: async () => [] },
    });
    expect(scored.derived.map((s) => s.run.id)).toEqual(['dense>>rev']);
    expect(scored.results.map((r) => r.model)).toEqual(['dense', 'dense>>rev']);
    expect(scored.results[1]!.execret?.two_stage?.reranker).toBe('rev');
    expect(Object.keys(scored.seconds)).toEqual(['rank', 'rerank', 'execute', 'evaluate']);
  });

  it('does its share of the second stages, executes only its share of the candidates and writes nothing when a shard is given', async () => {
    let derived = 0;
    let jobs = 0;
    let retrievedPairs = 0;
    const shares: { queries: number[]; keys: boolean[] }[] = [];
    for (const index of [1, 2]) {
      const run = runner();
      const scored = await scorePool(pool, [denseScorer(pool)], new PassTable(pool.docIds.length), {
        ties: 'trec',
        seed: 1,
        runner: run,
        shard: { index, count: 2 },
        secondStages: {
          derive: async () => {
            derived++;
            return [];
          },
          candidates: async (firsts) => firsts.map((f) => ({ runDocs: f.ranking.runDocs, ablation: [] })),
          shardWork: async (_, share) => {
            shares.push({
              queries: pool.queryIds.map((_, q) => q).filter((q) => share.query(q)),
              keys: ['abc', 'abd'].map((k) => share.key(k)),
            });
          },
        },
      });
      expect(scored.results).toEqual([]);
      expect(scored.files).toEqual([]);
      expect(scored.seconds.evaluate).toBe(0);
      jobs += run.jobs;
      retrievedPairs = scored.retrieved.pairs;
      expect(scored.retrieved.executed).toBe(run.jobs);
    }
    expect(derived).toBe(0);
    // the two shards split the retrieved pairs between them, the queries by index, keys by their hash
    expect(jobs).toBe(retrievedPairs);
    expect(shares.map((s) => s.queries)).toEqual([[0, 2], [1]]);
    expect(shares[0]!.keys.map((k, i) => k !== shares[1]!.keys[i])).toEqual([true, true]);
  });
});
