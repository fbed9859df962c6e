import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Oracle } from '@execret/oracle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cacheLayout,
  formatShardRunWork,
  formatVerifyReport,
  type LoadedDataset,
  loadDataset,
  providerEnvironment,
  readScoredFolder,
  runBenchmark,
  type StageProgress,
} from '../src/index.js';

/**
 * An oracle that knows the labels: a canonical passes every test, anything else fails them all. It stands in for the
 * sandbox (the oracle's own tests run real code), so that every stage of the run is exercised in a second.
 */
function labelOracle(dataset: LoadedDataset): Oracle & { jobs: number } {
  const { pool } = dataset;
  const canonical = new Set(pool.canonicals.flatMap((docs) => [...docs].map((d) => pool.code[d])));
  const oracle = {
    jobs: 0,
    info: { isolation: 'rlimit', python: { executable: 'python3', version: '3.11.0' }, javascript: null },
    stats: () => ({
      ...{ executed: oracle.jobs, cacheHits: 0, serverRestarts: 0, killedDescendants: 0, removedFiles: 0 },
      phaseMs: { fork: 0, childSetup: 0, job: 0, judging: 0, cleanup: 0, server: 0 },
    }),
    async runMany(jobs: readonly { code: string; tests: readonly string[] }[]) {
      oracle.jobs += jobs.length;
      return jobs.map(({ code, tests }) => {
        const passes = canonical.has(code);
        return { status: passes ? 'pass' : 'fail', tests: tests.map(() => (passes ? 'pass' : 'FAIL')) };
      });
    },
  };
  return oracle as unknown as Oracle & { jobs: number };
}

/** A progress sink that records every label it was told about and the summaries it closed them with. */
function recorder(): StageProgress & { finished: Map<string, string | undefined> } {
  const finished = new Map<string, string | undefined>();
  return {
    finished,
    start: () => undefined,
    update: () => undefined,
    finish: (label, message) => void finished.set(label, message),
    finishOpen: () => undefined,
  };
}

describe('runBenchmark on the bundled mini dataset', () => {
  let root: string;
  let dataset: LoadedDataset;
  const embed = () => ({
    environment: providerEnvironment(() => undefined),
    embeddingCacheDir: cacheLayout(root).embeddings,
    localModels: cacheLayout(root).models,
    offline: true,
  });
  const settings = (out: string) => ({
    source: 'mini',
    out,
    ties: 'trec' as const,
    seed: 42,
    resamples: 200,
    systems: ['bm25'],
  });

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-pipeline-'));
    dataset = await loadDataset('mini', { cacheDir: cacheLayout(root).datasets, offline: true });
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('verifies, scores, compares and reports into one folder, recording what it did in the manifest', async () => {
    const out = join(root, 'complete');
    const oracle = labelOracle(dataset);
    const progress = recorder();
    const logs: string[] = [];
    const run = await runBenchmark(dataset, {
      ...settings(out),
      embed: embed(),
      oracle,
      requestedIsolation: 'rlimit',
      packages: { '@execret/pipeline': '0.0.0-test' },
      progress,
      log: (line) => logs.push(line),
    });
    if (run.kind !== 'complete') throw new Error('expected a complete run');
    const { pool } = dataset;
    const canonicals = pool.canonicals.reduce((n, docs) => n + docs.length, 0);
    const distractors = pool.distractors.reduce((n, docs) => n + docs.length, 0);
    expect(run.manifest.verify).toMatchObject({ canonicals, canonicalsPassing: canonicals, distractors });
    expect(run.manifest.verify?.distractorsFailing).toBe(distractors);
    expect(logs[0]).toBe(
      `verify: ${canonicals}/${canonicals} canonicals pass, ${distractors}/${distractors} distractors fail`,
    );
    expect(run.manifest.packages).toEqual({ '@execret/pipeline': '0.0.0-test' });
    expect(run.manifest.isolation_requested).toBe('rlimit');
    expect(Object.keys(run.manifest.timings_seconds)).toEqual(
      expect.arrayContaining(['verify', 'embed', 'rank', 'execute', 'evaluate', 'compare', 'total']),
    );
    expect(run.leaderboard.map((row) => row.model)).toEqual(['bm25']);
    expect([...progress.finished.keys()]).toEqual(['verify', 'rank', 'execute retrieved']);
    expect(run.files.map((f) => f.slice(out.length + 1))).toContain('report.html');
    const written = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8'));
    expect(written.verify.canonicals).toBe(canonicals);
    // exec@1 of the results file: some top results are canonicals (the label oracle passes them), never more than at 10
    const results = JSON.parse(await readFile(join(out, 'results', 'bm25.json'), 'utf8'));
    expect(results.metrics['exec@1']).toBeGreaterThan(0);
    expect(results.metrics['exec@1']).toBeLessThanOrEqual(results.metrics['exec@10']);

    // the folder reads back with the dataset its manifest records
    const folder = await readScoredFolder(out, { cacheDir: cacheLayout(root).datasets, offline: true });
    if ('problem' in folder) throw new Error('the manifest records its dataset');
    expect(folder.source).toBe('mini');
    expect(folder.files.map((f) => f.model)).toEqual(['bm25']);
  });

  it('does a shard its share of the executions, writes nothing, and says what it did', async () => {
    const out = join(root, 'shard');
    const whole = labelOracle(dataset);
    await runBenchmark(dataset, {
      ...settings(join(root, 'whole')),
      embed: embed(),
      oracle: whole,
      packages: {},
    });
    const shards = [1, 2].map(() => labelOracle(dataset));
    const runs = [];
    for (const [i, oracle] of shards.entries())
      runs.push(
        await runBenchmark(dataset, {
          ...settings(out),
          embed: embed(),
          oracle,
          packages: {},
          shard: { index: i + 1, count: 2 },
        }),
      );
    expect(existsSync(out)).toBe(false);
    const [first, second] = runs;
    if (first?.kind !== 'shard' || second?.kind !== 'shard') throw new Error('expected shard runs');
    // the two shards executed every pair of the whole run once between them
    expect(shards[0]!.jobs + shards[1]!.jobs).toBe(whole.jobs);
    expect(first.work.verify!.pairs + second.work.verify!.pairs).toBe(
      [...dataset.pool.canonicals, ...dataset.pool.distractors].reduce((n, docs) => n + docs.length, 0),
    );
    expect(formatShardRunWork({ index: 1, count: 2 }, first.work)).toMatch(
      new RegExp(`^shard 1/2: verify executed ${first.work.verify!.executed} \\(0 cached\\); retrieved executed \\d+`),
    );
  });

  it('executes nothing and verifies nothing without an oracle', async () => {
    const out = join(root, 'no-oracle');
    const run = await runBenchmark(dataset, { ...settings(out), embed: embed(), packages: {} });
    if (run.kind !== 'complete') throw new Error('expected a complete run');
    expect(run.manifest.verify).toBeNull();
    expect(run.manifest.retrieved_pairs.executed).toBe(0);
  });
});

describe('formatVerifyReport', () => {
  it('prints the counts, the release cache line only when it knew pairs, and at most `show` contradictions', () => {
    const report = {
      pairs: 3,
      executed: 2,
      cached: 1,
      seconds: 1.5,
      canonicals: 1,
      canonicalsPassing: 0,
      distractors: 2,
      distractorsFailing: 2,
      releaseKnown: 0,
      releaseDisagreements: 0,
      contradictions: [
        { query_id: 'q1', corpus_id: 'c1', label: 'canonical', status: 'fail', tests: ['FAIL'] },
        { query_id: 'q2', corpus_id: 'c2', label: 'canonical', status: 'fail', tests: ['FAIL'] },
      ],
    } as unknown as Parameters<typeof formatVerifyReport>[0];
    expect(formatVerifyReport(report, { isolation: 'bwrap', show: 1 })).toBe(
      'isolation: bwrap\npairs: 3 (2 executed, 1 from the execution cache) in 1.5 s\ncanonicals passing: 0/1\n' +
        'distractors failing: 2/2\n  q1 c1 (canonical): fail ["FAIL"]\n',
    );
  });
});
