import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
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

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-trec-'));
    out = join(root, 'out');
    const env = { ...process.env, EXECRET_CACHE_DIR: join(root, 'cache'), EXECRET_OFFLINE: '1' };
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
});
