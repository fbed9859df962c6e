import { codeSha256, testsSha256 } from '@execret/formats';
import { describe, expect, it } from 'vitest';
import { testPool } from '../test/test-pool.js';
import { executePairs, type PairRunner } from './execute-pairs.js';
import { executeRetrieved } from './execute-retrieved.js';
import { PassTable } from './pass-table.js';
import { shardOfKey } from './shard.js';
import { verifyGroups } from './verify-groups.js';

const pool = testPool();

/** A runner that passes a snippet when its code appears in `passing`, and reports every 2nd job as cached. */
function fakeRunner(
  passing: (code: string) => boolean,
): PairRunner & { jobs: Parameters<PairRunner['runMany']>[0][number][] } {
  const jobs: Parameters<PairRunner['runMany']>[0][number][] = [];
  return {
    jobs,
    async runMany(batch, options) {
      jobs.push(...batch);
      return batch.map((job, i) => {
        options?.onProgress?.({ done: i + 1, total: batch.length, cached: Math.floor((i + 1) / 2) });
        const pass = passing(job.code);
        return { status: pass ? 'pass' : 'fail', tests: job.tests.map(() => (pass ? 'pass' : 'FAIL')) };
      });
    },
  };
}

const canonicalCode = new Set(pool.canonicals.flatMap((c) => Array.from(c, (d) => pool.code[d]!)));

/** The shard (1-based, of `count`) that executes a job, by the documented rule: its execution key's SHA-256. */
function jobShard(job: { code: string; tests: readonly string[] }, count: number): number {
  return shardOfKey(`${codeSha256(job.code)}:${testsSha256(job.tests)}`, count);
}

/** Every query's own group as (code, tests) jobs. */
const groupJobs = pool.queryIds.flatMap((_, q) =>
  [...pool.canonicals[q]!, ...pool.distractors[q]!].map((d) => ({ code: pool.code[d]!, tests: pool.tests[q]! })),
);

describe('executePairs', () => {
  it('runs only the pairs the table lacks, in the query language, and records every outcome', async () => {
    const table = new PassTable(pool.docIds.length);
    table.set(0, 0, { passes: false, tests: ['FAIL'], status: 'fail' });
    const runner = fakeRunner((code) => canonicalCode.has(code));
    const mixed = { ...pool, languages: ['python', 'javascript', 'python'] as const };
    const result = await executePairs(
      runner,
      mixed,
      [
        [0, 0],
        [0, 1],
        [1, 3],
      ],
      table,
    );
    expect(runner.jobs.map((j) => j.language)).toEqual([undefined, 'javascript']);
    expect(result).toEqual({ executed: 1, cached: 1 });
    expect(table.passes(1, 3)).toBe(true);
    expect(table.passes(0, 0)).toBe(false); // kept, not run again
    expect(await executePairs(runner, pool, [[0, 1]], table)).toEqual({ executed: 0, cached: 0 });
  });
});

describe('verifyGroups', () => {
  it('finds no contradiction when canonicals pass and distractors fail', async () => {
    const table = new PassTable(pool.docIds.length);
    const report = await verifyGroups(
      pool,
      fakeRunner((code) => canonicalCode.has(code)),
      table,
    );
    expect(report).toMatchObject({
      pairs: 9,
      canonicals: 3,
      canonicalsPassing: 3,
      distractors: 6,
      distractorsFailing: 6,
    });
    expect(report.contradictions).toEqual([]);
    expect(report.releaseKnown).toBe(0);
    expect(table.size).toBe(9);
  });

  it('lists each snippet whose outcome contradicts its label', async () => {
    const report = await verifyGroups(
      pool,
      fakeRunner(() => true),
      new PassTable(pool.docIds.length),
    );
    expect(report.contradictions.map((c) => [c.query_id, c.corpus_id, c.label])).toEqual([
      ['q_1', 'c_02', 'incorrect'],
      ['q_1', 'c_03', 'incorrect'],
      ['q_2', 'c_05', 'incorrect'],
      ['q_3', 'c_07', 'incorrect'],
      ['q_3', 'c_08', 'incorrect'],
      ['q_3', 'c_09', 'incorrect'],
    ]);
  });

  it('checks only the pairs whose execution key falls in the shard, the shards together covering each pair once', async () => {
    const seen: string[] = [];
    let pairs = 0;
    for (const index of [1, 2, 3]) {
      const runner = fakeRunner(() => true);
      const report = await verifyGroups(pool, runner, new PassTable(pool.docIds.length), {
        shard: { index, count: 3 },
      });
      expect(runner.jobs.map((job) => jobShard(job, 3))).toEqual(runner.jobs.map(() => index));
      expect(report.pairs).toBe(runner.jobs.length);
      pairs += report.pairs;
      seen.push(...runner.jobs.map((j) => j.code));
    }
    expect(pairs).toBe(9);
    expect(seen.sort()).toEqual(groupJobs.map((j) => j.code).sort());
  });
});

describe('executeRetrieved', () => {
  it('executes each retrieved pair once across runs and ablation tops', async () => {
    const rankings = [
      { runDocs: [Int32Array.of(0, 1), Int32Array.of(3), Int32Array.of()], ablation: [] },
      {
        runDocs: [Int32Array.of(1), Int32Array.of(), Int32Array.of(5)],
        ablation: [{ retained: 0, poolSize: 3, top: [Int32Array.of(2), Int32Array.of(), Int32Array.of()] }],
      },
    ];
    const table = new PassTable(pool.docIds.length);
    table.set(0, 0, { passes: true, tests: ['pass'], status: 'pass' });
    const runner = fakeRunner(() => false);
    const first = await executeRetrieved(rankings, pool, runner, table);
    expect(first.pairs).toBe(5);
    expect(first.executed + first.cached).toBe(4);
    expect(runner.jobs.map((j) => j.code)).toEqual([1, 3, 5, 2].map((d) => pool.code[d]));
  });

  it('executes in a shard only the pairs whose execution key falls in it, so no pair a verify shard ran is run by another', async () => {
    // every pair of the pool: its own groups (which verifyGroups runs) and others
    const all = pool.queryIds.map(() => Int32Array.from(pool.docIds, (_, d) => d));
    const rankings = [{ runDocs: all, ablation: [] }];
    for (const count of [2, 3]) {
      const byVerify = new Map<string, number>();
      const byScore = new Map<string, number>();
      for (let index = 1; index <= count; index++) {
        const verifier = fakeRunner(() => true);
        await verifyGroups(pool, verifier, new PassTable(pool.docIds.length), { shard: { index, count } });
        for (const job of verifier.jobs) byVerify.set(job.code + job.tests.join(), index);
        const scorer = fakeRunner(() => true);
        await executeRetrieved(rankings, pool, scorer, new PassTable(pool.docIds.length), { shard: { index, count } });
        for (const job of scorer.jobs) {
          const key = job.code + job.tests.join();
          expect(byScore.has(key)).toBe(false);
          byScore.set(key, index);
        }
      }
      expect(byScore.size).toBe(pool.queryIds.length * pool.docIds.length);
      for (const [key, index] of byVerify) expect(byScore.get(key)).toBe(index);
    }
  });
});
