import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareStage, PipelineError, reportStage } from '../src/index.js';

const FIXTURE = join(import.meta.dirname, '../../../fixtures/release-tiny');

describe('compareStage on result files written by another tool (the release-tiny fixture)', () => {
  let dir: string;
  let expectedPairs: Record<string, Record<string, Record<string, unknown>>>;
  let expectedIntervals: Record<string, Record<string, { mean: number }>>;
  let pairs: Record<string, Record<string, Record<string, unknown>>>;
  let intervals: Record<
    string,
    Record<string, { mean: number; ci95_low: number; ci95_high: number; seed: number; bootstrap_samples: number }>
  >;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'execret-compare-'));
    await cp(join(FIXTURE, 'results'), join(dir, 'results'), { recursive: true });
    expectedPairs = JSON.parse(await readFile(join(FIXTURE, 'tests/pairwise_tests.json'), 'utf8'));
    expectedIntervals = JSON.parse(await readFile(join(FIXTURE, 'tests/confidence_intervals.json'), 'utf8'));
    await compareStage(dir, { seed: 20260510, resamples: 5000, confidence: 0.95 });
    pairs = JSON.parse(await readFile(join(dir, 'tests/pairwise_tests.json'), 'utf8'));
    intervals = JSON.parse(await readFile(join(dir, 'tests/confidence_intervals.json'), 'utf8'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reproduces the 2×2 tables, rates and exact McNemar p of the independent Python reference', () => {
    expect(Object.keys(pairs)).toEqual(Object.keys(expectedPairs));
    for (const [pair, measures] of Object.entries(expectedPairs)) {
      for (const k of [1, 3, 5, 10]) {
        const want = measures[`exec@${k}`]!;
        const got = pairs[pair]![`exec@${k}`]!;
        for (const field of ['a_only', 'b_only', 'both', 'neither'])
          expect(got[field], `${pair} exec@${k} ${field}`).toBe(want[field]);
        for (const field of ['a_rate', 'b_rate', 'delta', 'mcnemar_exact_p']) {
          expect(got[field] as number, `${pair} exec@${k} ${field}`).toBeCloseTo(want[field] as number, 12);
        }
      }
    }
  });

  it('adds Holm-adjusted McNemar p-values over the pairs of each exec@k, never below the raw p', () => {
    for (const measures of Object.values(pairs)) {
      for (const k of [1, 3, 5, 10]) {
        const cell = measures[`exec@${k}`]!;
        expect(cell.mcnemar_exact_p_holm as number).toBeGreaterThanOrEqual(cell.mcnemar_exact_p as number);
        expect(cell.mcnemar_exact_p_holm as number).toBeLessThanOrEqual(1);
      }
    }
  });

  it('reproduces every per-system mean, recomputing per-query values from top_results', () => {
    for (const [model, measures] of Object.entries(expectedIntervals)) {
      for (const [measure, want] of Object.entries(measures)) {
        expect(intervals[model]![measure]!.mean, `${model} ${measure}`).toBeCloseTo(want.mean, 12);
      }
    }
  });

  it('writes intervals that bracket the mean and record the seed and resample count', () => {
    for (const measures of Object.values(intervals)) {
      for (const cell of Object.values(measures)) {
        expect(cell.ci95_low).toBeLessThanOrEqual(cell.mean + 1e-12);
        expect(cell.ci95_high).toBeGreaterThanOrEqual(cell.mean - 1e-12);
        expect(cell.seed).toBe(20260510);
        expect(cell.bootstrap_samples).toBe(5000);
      }
    }
  });

  it('renders the leaderboards and report from the same folder', async () => {
    const { files } = await reportStage(dir, 'release-tiny');
    expect(files.map((f) => f.slice(dir.length + 1))).toEqual([
      'full_leaderboard.json',
      'leaderboard.md',
      'leaderboard.csv',
      'leaderboard.tex',
      'significance.tex',
      'report.html',
    ]);
    const csv = (await readFile(join(dir, 'leaderboard.csv'), 'utf8')).trim().split('\n');
    expect(csv).toHaveLength(3);
    expect(csv[0]!.split(',').slice(0, 3)).toEqual(['rank', 'model', 'exec@1']);
  });
});

describe('compareStage on a folder without results', () => {
  it('throws PipelineError no-results naming the folder when results/ is empty, and writes nothing', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'execret-compare-empty-'));
    await mkdir(join(empty, 'results'));
    try {
      const error = await compareStage(empty, { seed: 1, resamples: 10, confidence: 0.95 }).catch((e: unknown) => e);
      expect(PipelineError.is(error)).toBe(true);
      expect(error).toMatchObject({ code: 'no-results' });
      expect((error as Error).message).toBe(`@execret/pipeline: ${empty}/results has no result files to compare`);
      await expect(readdir(empty)).resolves.toEqual(['results']);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
