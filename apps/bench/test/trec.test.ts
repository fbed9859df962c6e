import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { capture } from './capture.js';

const REPO = join(import.meta.dirname, '../../..');
const REFERENCE = join(REPO, 'fixtures/golden/trec_eval_reference.py');
const KS = [1, 3, 5, 10];

describe('trec/ files of a results folder, scored by an independent trec_eval reference', () => {
  let root: string;
  let out: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-trec-'));
    out = join(root, 'out');
    env = { ...process.env, EXECRET_CACHE_DIR: join(root, 'cache'), EXECRET_OFFLINE: '1' };
    const args = [
      'run',
      '--dataset',
      join(REPO, 'fixtures/release-tiny'),
      '--model-config',
      join(REPO, 'fixtures/tiny-model/model-config.json'),
      '--local-models',
      join(REPO, 'fixtures/tiny-model'),
      '--resamples',
      '200',
      '--out',
      out,
      '--json',
    ];
    const run = await capture(() => main(args, env));
    expect(run.code, run.stderr).toBe(0);
  }, 300_000);

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it.each([
    ['bm25', 'bm25.run'],
    ['local/tiny-bert', 'local__tiny-bert.run'],
  ])(
    'reproduce the leaderboard of %s: success.k = exec@k, P.k = precision@k, ndcg_cut.k = ndcg@k',
    async (model, file) => {
      const result = JSON.parse(await readFile(join(out, 'results', file.replace('.run', '.json')), 'utf8')) as {
        metrics: Record<string, number>;
      };
      const reference = (qrels: string) =>
        JSON.parse(
          execFileSync('python3', [REFERENCE, join(out, 'trec', qrels), join(out, 'trec', file), '--complete'], {
            encoding: 'utf8',
          }),
        ) as { mean: Record<string, number>; queries: number };
      const passing = reference('qrels.passing');
      const canonical = reference('qrels.canonical');
      expect(passing.queries).toBe(6);
      for (const k of KS) {
        expect(passing.mean[`success_${k}`], `${model} exec@${k}`).toBeCloseTo(result.metrics[`exec@${k}`]!, 12);
        expect(passing.mean[`P_${k}`], `${model} precision@${k}`).toBeCloseTo(result.metrics[`precision@${k}`]!, 12);
        expect(canonical.mean[`ndcg_cut_${k}`], `${model} ndcg@${k}`).toBeCloseTo(result.metrics[`ndcg@${k}`]!, 12);
      }
      const run = await readFile(join(out, 'trec', file), 'utf8');
      expect(run.split('\n')[0]).toMatch(new RegExp(`^\\S+ Q0 c_\\S+ 1 -?[0-9.e+-]+ ${model.replace('/', '\\/')}$`));
    },
  );

  it('scores an outside TREC run like a built-in system: same ranking, same metrics', async () => {
    // bm25's own run under another tag, rows shuffled (readers order by score, then id descending)
    const lines = (await readFile(join(out, 'trec/bm25.run'), 'utf8')).trim().split('\n').reverse();
    const mine = join(root, 'mine.trec');
    await writeFile(mine, `${lines.map((l) => l.replace(/ bm25$/, ' my-retriever')).join('\n')}\n`);
    const byo = join(root, 'byo');
    const dataset = join(REPO, 'fixtures/release-tiny');
    const scored = await capture(() =>
      main(['score', '--dataset', dataset, '--run', mine, '--out', byo, '--json'], env),
    );
    expect(scored.code, scored.stderr).toBe(0);
    const ours = JSON.parse(await readFile(join(byo, 'results/my-retriever.json'), 'utf8'));
    const bm25 = JSON.parse(await readFile(join(out, 'results/bm25.json'), 'utf8'));
    expect(ours.metrics).toEqual(bm25.metrics);
    expect(
      ours.per_query.map((q: { top_results: { corpus_id: string }[] }) => q.top_results.map((r) => r.corpus_id)),
    ).toEqual(
      bm25.per_query.map((q: { top_results: { corpus_id: string }[] }) => q.top_results.map((r) => r.corpus_id)),
    );
    expect(ours.execret.similarity).toBe('run');
    // and it is compared and reported like any system
    expect(await capture(() => main(['compare', '--out', byo, '--resamples', '100'], env))).toMatchObject({ code: 0 });
    expect(await capture(() => main(['report', '--out', byo], env))).toMatchObject({ code: 0 });
    expect(await readFile(join(byo, 'leaderboard.md'), 'utf8')).toContain('my-retriever');
  }, 300_000);

  it('scores a run that lists fewer than 10 documents without padding it, as trec_eval would', async () => {
    const first = (await readFile(join(out, 'trec/bm25.run'), 'utf8'))
      .trim()
      .split('\n')
      .filter((l) => / [12] -?[0-9.e+-]+ bm25$/.test(l))
      .map((l) => l.replace(/ bm25$/, ' top2'));
    const file = join(root, 'top2.trec');
    await writeFile(file, `${first.join('\n')}\n`);
    const dir = join(root, 'byo-top2');
    const dataset = join(REPO, 'fixtures/release-tiny');
    expect((await capture(() => main(['score', '--dataset', dataset, '--run', file, '--out', dir], env))).code).toBe(0);
    const result = JSON.parse(await readFile(join(dir, 'results/top2.json'), 'utf8'));
    for (const row of result.per_query) expect(row.top_results.length).toBeLessThanOrEqual(2);
    const reference = JSON.parse(
      execFileSync('python3', [REFERENCE, join(dir, 'trec/qrels.passing'), join(dir, 'trec/top2.run'), '--complete'], {
        encoding: 'utf8',
      }),
    ) as { mean: Record<string, number> };
    expect(reference.mean.success_10).toBeCloseTo(result.metrics['exec@10'], 12);
    expect(reference.mean.P_10).toBeCloseTo(result.metrics['precision@10'], 12);
  }, 300_000);

  it('refuses a run naming a document the dataset does not have, with the file and row', async () => {
    const file = join(root, 'bad.trec');
    await writeFile(file, 'q_0001 Q0 c_0001 1 2.0 bad\nq_0001 Q0 c_9999 2 1.0 bad\nq_0001 Q0 c_0002 x 1 bad\n');
    const dataset = join(REPO, 'fixtures/release-tiny');
    const bad = await capture(() =>
      main(['score', '--dataset', dataset, '--run', file, '--out', join(root, 'bad')], env),
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`${file}:3 rank: expected a positive integer, found "x"`);
    await writeFile(file, 'q_0001 Q0 c_0001 1 2.0 bad\nq_0001 Q0 c_9999 2 1.0 bad\n');
    const unknown = await capture(() =>
      main(['score', '--dataset', dataset, '--run', file, '--out', join(root, 'bad')], env),
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/row 2 \(q_0001 c_9999\): document "c_9999" is not in the dataset's corpus/);
  }, 300_000);
});
