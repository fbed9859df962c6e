import { describe, expect, it } from 'vitest';
import { testPool } from '../test/test-pool.js';
import { executePairs, type PairRunner } from './execute-pairs.js';
import { executeRetrieved } from './execute-retrieved.js';
import { PassTable } from './pass-table.js';
import { verifyGroups } from './verify-groups.js';

const pool = testPool();

/** A runner that passes a snippet when its code appears in `passing`, and reports every 2nd job as cached. */
function fakeRunner(passing: (code: string) => boolean): PairRunner & { jobs: { code: string; language?: string }[] } {
  const jobs: { code: string; language?: string }[] = [];
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

  it('lists each snippet whose outcome contradicts its label, and checks only its shard', async () => {
    const report = await verifyGroups(
      pool,
      fakeRunner(() => true),
      new PassTable(pool.docIds.length),
      {
        shard: { index: 1, count: 3 },
      },
    );
    // Group order: c_01 c_02 c_03 | c_04 c_05 | c_06 c_07 c_08 c_09 → shard 1 of 3 takes jobs 0, 3, 6.
    expect(report.pairs).toBe(3);
    expect(report.contradictions.map((c) => [c.query_id, c.corpus_id, c.label])).toEqual([
      ['q_3', 'c_07', 'incorrect'],
    ]);
  });
});

describe('executeRetrieved', () => {
  it('executes each retrieved pair once across runs and ablation tops, and only the shard given', async () => {
    const rankings = [
      { runDocs: [Int32Array.of(0, 1), Int32Array.of(3), Int32Array.of()], ablation: [] },
      {
        runDocs: [Int32Array.of(1), Int32Array.of(), Int32Array.of(5)],
        ablation: [{ retained: 0, poolSize: 3, top: [Int32Array.of(2), Int32Array.of(), Int32Array.of()] }],
      },
    ];
    const table = new PassTable(pool.docIds.length);
    const first = await executeRetrieved(
      rankings,
      pool,
      fakeRunner(() => false),
      table,
      { shard: { index: 1, count: 2 } },
    );
    expect(first.pairs).toBe(5);
    expect(table.size).toBe(3); // (0,0) (1,3) (0,2): pairs 0, 2, 4 of 5
    const rest = await executeRetrieved(
      rankings,
      pool,
      fakeRunner(() => false),
      table,
    );
    expect(rest.pairs).toBe(5);
    expect(rest.executed + rest.cached).toBe(2);
  });
});
