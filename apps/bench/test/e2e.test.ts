import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { capture } from './capture.js';

const FAKE_KEY = 'sk-test-DO-NOT-LEAK-0123456789abcdef';

async function allFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('execret run (end to end on the bundled mini dataset)', () => {
  let root: string;
  let env: NodeJS.ProcessEnv;
  let out: string;
  let first: { code: number; stdout: string; stderr: string };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-e2e-'));
    out = join(root, 'results');
    env = { ...process.env, EXECRET_CACHE_DIR: join(root, 'cache'), EXECRET_OFFLINE: '1', OPENAI_API_KEY: FAKE_KEY };
    first = await capture(() => main(['run', '--models', 'bm25', '--out', out, '--resamples', '500', '--json'], env));
  }, 300_000);

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('exits 0 and prints a JSON summary when --json is given', () => {
    expect(first.stderr).not.toMatch(/execret run: /);
    expect(first.code).toBe(0);
    const summary = JSON.parse(first.stdout) as { leaderboard: { model: string; metrics: Record<string, number> }[] };
    expect(summary.leaderboard.map((r) => r.model)).toEqual(['bm25']);
  });

  it('writes the release-shaped results, tests, analyses, leaderboards and report', async () => {
    const files = (await allFiles(out)).map((f) => f.slice(out.length + 1)).sort();
    expect(files).toEqual(
      expect.arrayContaining([
        'results/bm25.json',
        'analyses/bm25.json',
        'analyses/solved_by.json',
        'tests/pairwise_tests.json',
        'tests/confidence_intervals.json',
        'full_leaderboard.json',
        'leaderboard.md',
        'leaderboard.csv',
        'report.html',
        'manifest.json',
      ]),
    );
    const result = JSON.parse(await readFile(join(out, 'results/bm25.json'), 'utf8'));
    expect(result.ks).toEqual([1, 3, 5, 10]);
    expect(result.per_query).toHaveLength(result.n_queries);
    for (const k of [1, 3, 5, 10]) {
      expect(result.metrics[`exec@${k}`]).toBeGreaterThanOrEqual(0);
      expect(result.metrics[`exec@${k}`]).toBeLessThanOrEqual(1);
      expect(result.metrics[`exec_ndcg_gap@${k}`]).toBeCloseTo(
        result.metrics[`exec@${k}`] - result.metrics[`ndcg@${k}`],
        12,
      );
    }
    // exec@k is monotone in k, and precision@1 = exec@1 by definition.
    expect(result.metrics['exec@3']).toBeGreaterThanOrEqual(result.metrics['exec@1']);
    expect(result.metrics['exec@10']).toBeGreaterThanOrEqual(result.metrics['exec@5']);
    expect(result.metrics['precision@1']).toBeCloseTo(result.metrics['exec@1'], 12);
    const row = result.per_query[0];
    expect(row.top_results).toHaveLength(10);
    expect(row.top_results.map((r: { rank: number }) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Every retrieved pair was executed: each top result carries one outcome per test.
    const queries = result.per_query.length;
    expect(result.execret.unexecuted_pairs).toBe(0);
    for (const r of row.top_results) expect(r.test_results.length).toBeGreaterThan(0);
    // exec@1 agrees with the rank-1 pass flags.
    const hits = result.per_query.filter(
      (q: { top_results: { passes_all_tests: boolean }[] }) => q.top_results[0]!.passes_all_tests,
    ).length;
    expect(result.metrics['exec@1']).toBeCloseTo(hits / queries, 12);
  });

  it('never writes an API key into any output file', async () => {
    for (const file of await allFiles(out)) {
      expect(await readFile(file, 'utf8'), file).not.toContain(FAKE_KEY);
    }
    expect(first.stdout + first.stderr).not.toContain(FAKE_KEY);
  });

  it('records the run in the manifest: dataset checksums, seed, ties, verification and timings', async () => {
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.seed).toBe(20260510);
    expect(manifest.ties).toBe('trec');
    expect(Object.keys(manifest.dataset_sha256).length).toBeGreaterThan(0);
    expect(manifest.verify.canonicals).toBe(manifest.dataset_queries);
    expect(manifest.verify.canonicalsPassing).toBe(manifest.verify.canonicals);
    expect(manifest.verify.distractorsFailing).toBe(manifest.verify.distractors);
    expect(manifest.systems[0].config_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('resumes from the caches: a second run executes nothing new and reproduces the results', async () => {
    const before = await readFile(join(out, 'results/bm25.json'), 'utf8');
    const second = await capture(() =>
      main(['run', '--models', 'bm25', '--out', out, '--resamples', '500', '--json'], env),
    );
    expect(second.code).toBe(0);
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.verify.executed).toBe(0);
    expect(manifest.retrieved_pairs.executed).toBe(0);
    expect(await readFile(join(out, 'results/bm25.json'), 'utf8')).toBe(before);
  }, 300_000);
});

describe('execret build → execret run', () => {
  it('builds a dataset from a tasks file and benchmarks it, with a reproducible result', async () => {
    const root = await mkdtemp(join(tmpdir(), 'execret-build-'));
    try {
      const tasks = (await readFile(join(import.meta.dirname, '../../../fixtures/generate/tricky-tasks.jsonl'), 'utf8'))
        .split('\n')
        .slice(0, 3)
        .join('\n');
      await writeFile(join(root, 'tasks.jsonl'), `${tasks}\n`);
      const env = { ...process.env, EXECRET_CACHE_DIR: join(root, 'cache'), EXECRET_OFFLINE: '1' };
      const build = await capture(() =>
        main(['build', '--tasks', join(root, 'tasks.jsonl'), '--out', join(root, 'ds'), '--json'], env),
      );
      expect(build.code, build.stderr).toBe(0);
      const summary = JSON.parse(build.stdout) as { queries: number; snippets: number };
      expect(summary.queries).toBe(3);
      expect(summary.snippets).toBeGreaterThan(3);
      const first = await readFile(join(root, 'ds/data/corpus.jsonl'), 'utf8');
      const again = await capture(() =>
        main(['build', '--tasks', join(root, 'tasks.jsonl'), '--out', join(root, 'ds2'), '--json'], env),
      );
      expect(again.code).toBe(0);
      expect(await readFile(join(root, 'ds2/data/corpus.jsonl'), 'utf8')).toBe(first);
      const run = await capture(() =>
        main(
          [
            'run',
            '--dataset',
            join(root, 'ds'),
            '--models',
            'bm25',
            '--out',
            join(root, 'out'),
            '--resamples',
            '200',
            '--json',
          ],
          env,
        ),
      );
      expect(run.code, run.stderr).toBe(0);
      const manifest = JSON.parse(await readFile(join(root, 'out/manifest.json'), 'utf8'));
      expect(manifest.verify.canonicalsPassing).toBe(3);
      expect(manifest.verify.distractorsFailing).toBe(manifest.verify.distractors);
      expect(manifest.verify.releaseDisagreements).toBe(0);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 300_000);
});

describe('execret CLI', () => {
  it('lists every command in --help', async () => {
    const { code, stdout } = await capture(() => main(['--help']));
    expect(code).toBe(0);
    for (const name of ['run', 'verify', 'embed', 'score', 'compare', 'report', 'models'])
      expect(stdout).toContain(`  ${name}`);
  });

  it('exits 2 with a clear message for an unknown flag', async () => {
    const { code, stderr } = await capture(() => main(['run', '--no-such-flag']));
    expect(code).toBe(2);
    expect(stderr).toContain("Unknown option '--no-such-flag'");
  });

  it('exits 2 for a bad --ties value', async () => {
    const { code, stderr } = await capture(() => main(['score', '--ties', 'random']));
    expect(code).toBe(2);
    expect(stderr).toContain('--ties must be one of trec, expected');
  });
});
