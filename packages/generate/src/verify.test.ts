import { describe, expect, it } from 'vitest';
import { GenerateError } from './errors.js';
import type { ExecutionJob, ExecutionOracle, ExecutionResult, MutantCandidate } from './types.js';
import { verifyMutants } from './verify.js';

const cand = (index: number, code: string, status: MutantCandidate['status'] = 'ok'): MutantCandidate => ({
  index,
  bugType: 'wrong_operator',
  operator: 'binary_operator',
  edit: { line: 1, colStart: 0, endLine: 1, colEnd: 1, before: '+', after: '-' },
  code,
  status,
  reason: null,
});

/** An oracle that judges a snippet by its text: "ok" passes, "bad" fails, "boom" errors. */
function textOracle(log: ExecutionJob[][] = []): ExecutionOracle {
  return {
    async runMany(jobs, options) {
      log.push([...jobs]);
      return jobs.map((job, i): ExecutionResult => {
        options?.onProgress?.({ done: i + 1, total: jobs.length });
        const outcome = job.code.includes('boom')
          ? 'ERROR:ZeroDivisionError: division by zero'
          : job.code.includes('bad')
            ? 'FAIL'
            : 'pass';
        return {
          status: outcome === 'pass' ? 'pass' : outcome === 'FAIL' ? 'fail' : 'error',
          tests: job.tests.map(() => outcome),
        };
      });
    },
  };
}

describe('verifyMutants', () => {
  it('runs only ok candidates, in one batch, with their own task tests, and classifies them', async () => {
    const log: ExecutionJob[][] = [];
    const progress: [number, number][] = [];
    const [a, b] = await verifyMutants(
      [
        { task: { tests: ['t1', 't2'] }, candidates: [cand(0, 'ok'), cand(1, 'bad'), cand(2, 'x', 'equivalent')] },
        { task: { tests: ['u1'] }, candidates: [cand(0, 'boom'), cand(1, 'y', 'duplicate')] },
      ],
      { oracle: textOracle(log), onProgress: (done, total) => progress.push([done, total]) },
    );
    expect(log).toHaveLength(1);
    expect(log[0]!.map((j) => [j.code, j.tests])).toEqual([
      ['ok', ['t1', 't2']],
      ['bad', ['t1', 't2']],
      ['boom', ['u1']],
    ]);
    expect(a!.map((m) => [m.index, m.failure])).toEqual([
      [0, 'survived'],
      [1, 'output'],
    ]);
    expect(b!.map((m) => [m.index, m.failure])).toEqual([[0, 'crash']]);
    expect(progress).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('does not call the oracle when nothing is runnable', async () => {
    const log: ExecutionJob[][] = [];
    const out = await verifyMutants([{ task: { tests: ['t'] }, candidates: [cand(0, 'x', 'unverified')] }], {
      oracle: textOracle(log),
    });
    expect(out).toEqual([[]]);
    expect(log).toHaveLength(0);
  });

  it.each([
    ['returns too few results', { runMany: async () => [] }, /expected 1 oracle results, received 0/u],
    [
      'returns the wrong number of outcomes',
      { runMany: async () => [{ status: 'pass', tests: [] }] },
      /has 0 outcomes, expected one per test \(2\)/u,
    ],
    [
      'rejects',
      { runMany: async () => Promise.reject(new Error('no interpreter')) },
      /could not run 1 jobs: no interpreter/u,
    ],
  ] as const)('throws oracle-failed when the oracle %s', async (_, oracle, message) => {
    let caught: unknown;
    try {
      await verifyMutants([{ task: { tests: ['a', 'b'] }, candidates: [cand(0, 'ok')] }], {
        oracle: oracle as unknown as ExecutionOracle,
      });
    } catch (error) {
      caught = error;
    }
    expect(GenerateError.is(caught)).toBe(true);
    expect((caught as GenerateError).code).toBe('oracle-failed');
    expect((caught as Error).message).toMatch(message);
  });
});
