import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { capture } from './capture.js';

const REPO = join(import.meta.dirname, '../../..');
describe('a dense model end to end (the tiny transformers.js fixture, offline)', () => {
  let root: string;
  let env: NodeJS.ProcessEnv;
  let common: string[];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-dense-'));
    env = { ...process.env, EXECRET_CACHE_DIR: join(root, 'cache'), EXECRET_OFFLINE: '1' };
    common = [
      '--dataset',
      join(REPO, 'fixtures/release-tiny'),
      '--model-config',
      join(REPO, 'fixtures/tiny-model/model-config.json'),
      '--local-models',
      join(REPO, 'fixtures/tiny-model'),
    ];
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('runs BM25 and the custom model, compares them and records the model configuration', async () => {
    const run = await capture(() =>
      main(['run', ...common, '--out', join(root, 'out'), '--resamples', '300', '--json'], env),
    );
    expect(run.code, run.stderr).toBe(0);
    const manifest = JSON.parse(await readFile(join(root, 'out/manifest.json'), 'utf8'));
    expect(manifest.systems.map((s: { model: string }) => s.model)).toEqual(['bm25', 'local/tiny-bert']);
    const embedding = manifest.embedding['local/tiny-bert'];
    expect(embedding).toMatchObject({ provider: 'transformers', dims: 8, pooling: 'mean', cache_hits: 0 });
    expect(embedding.config_hash).toMatch(/^[0-9a-f]{64}$/);
    // the weights it ran with: each loaded file of the fixture folder, hashed; no weights.json there, so no source
    expect(embedding.weights.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(embedding.weights.files.map((f: { path: string }) => f.path)).toEqual([
      'config.json',
      'onnx/model.onnx',
      'tokenizer.json',
      'tokenizer_config.json',
    ]);
    expect(embedding.weights.source).toBeNull();
    const pairs = JSON.parse(await readFile(join(root, 'out/tests/pairwise_tests.json'), 'utf8'));
    expect(Object.keys(pairs)).toEqual(['bm25 vs local/tiny-bert']);
    const result = JSON.parse(await readFile(join(root, 'out/results/local__tiny-bert.json'), 'utf8'));
    expect(result.execret.similarity).toBe('cosine');
    for (const row of result.per_query) {
      const sims = row.top_results.map((r: { similarity: number }) => r.similarity);
      expect([...sims].sort((a, b) => b - a)).toEqual(sims);
    }
  }, 300_000);

  it('serves every vector from the embedding cache on a rerun', async () => {
    const run = await capture(() =>
      main(['run', ...common, '--out', join(root, 'out2'), '--resamples', '300', '--json'], env),
    );
    expect(run.code, run.stderr).toBe(0);
    const manifest = JSON.parse(await readFile(join(root, 'out2/manifest.json'), 'utf8'));
    const embedding = manifest.embedding['local/tiny-bert'];
    expect(embedding.cache_hits).toBe(manifest.dataset_queries + manifest.dataset_snippets);
    expect(embedding.usage.query.requests + embedding.usage.document.requests).toBe(0);
  }, 300_000);

  it('exports .npz matrices that `score --embeddings` turns back into the same results', async () => {
    const exported = await capture(() => main(['embed', ...common, '--export', join(root, 'npz'), '--json'], env));
    expect(exported.code, exported.stderr).toBe(0);
    const scored = await capture(() =>
      main(
        ['score', ...common.slice(0, 2), '--embeddings', join(root, 'npz'), '--out', join(root, 'out3'), '--json'],
        env,
      ),
    );
    expect(scored.code, scored.stderr).toBe(0);
    const direct = JSON.parse(await readFile(join(root, 'out/results/local__tiny-bert.json'), 'utf8'));
    const fromNpz = JSON.parse(await readFile(join(root, 'out3/results/local__tiny-bert.json'), 'utf8'));
    expect(fromNpz.metrics).toEqual(direct.metrics);
    expect(
      fromNpz.per_query.map((q: { top_results: { corpus_id: string }[] }) => q.top_results.map((r) => r.corpus_id)),
    ).toEqual(
      direct.per_query.map((q: { top_results: { corpus_id: string }[] }) => q.top_results.map((r) => r.corpus_id)),
    );
  }, 300_000);
});
