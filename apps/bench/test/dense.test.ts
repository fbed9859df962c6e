import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';

const REPO = join(import.meta.dirname, '../../..');
const TINY_MODEL = {
  id: 'local/tiny-bert',
  family: 'tiny',
  provider: 'transformers',
  model: 'execret/tiny-bert',
  revision: 'main',
  dims: 8,
  similarity: 'cosine',
  normalize: true,
  prefixes: { query: '', document: '' },
  taskTypes: { query: null, document: null },
  pooling: 'mean',
  paddingSide: 'right',
  dtype: 'fp32',
  maxBatch: 16,
  maxTokensPerInput: 24,
  maxTokensPerRequest: null,
  price: null,
  sources: { model: 'fixtures/tiny-model/README.md' },
};

async function quiet(run: () => Promise<number>): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const saved = [process.stdout.write.bind(process.stdout), process.stderr.write.bind(process.stderr)] as const;
  const sink = (into: string[]) =>
    ((chunk: string | Uint8Array, encoding?: unknown, callback?: unknown) => {
      into.push(String(chunk));
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
      return true;
    }) as typeof process.stdout.write;
  process.stdout.write = sink(out);
  process.stderr.write = sink(err);
  try {
    return { code: await run(), stdout: out.join(''), stderr: err.join('') };
  } finally {
    process.stdout.write = saved[0];
    process.stderr.write = saved[1];
  }
}

describe('a dense model end to end (the tiny transformers.js fixture, offline)', () => {
  let root: string;
  let env: NodeJS.ProcessEnv;
  let common: string[];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-dense-'));
    await writeFile(join(root, 'tiny.json'), JSON.stringify(TINY_MODEL));
    env = { ...process.env, EXECRET_CACHE_DIR: join(root, 'cache'), EXECRET_OFFLINE: '1' };
    common = ['--dataset', join(REPO, 'fixtures/release-tiny'), '--model-config', join(root, 'tiny.json'), '--local-models', join(REPO, 'fixtures/tiny-model')];
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('runs BM25 and the custom model, compares them and records the model configuration', async () => {
    const run = await quiet(() => main(['run', ...common, '--out', join(root, 'out'), '--resamples', '300', '--json'], env));
    expect(run.code, run.stderr).toBe(0);
    const manifest = JSON.parse(await readFile(join(root, 'out/manifest.json'), 'utf8'));
    expect(manifest.systems.map((s: { model: string }) => s.model)).toEqual(['bm25', 'local/tiny-bert']);
    const embedding = manifest.embedding['local/tiny-bert'];
    expect(embedding).toMatchObject({ provider: 'transformers', dims: 8, pooling: 'mean', cache_hits: 0 });
    expect(embedding.config_hash).toMatch(/^[0-9a-f]{64}$/);
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
    const run = await quiet(() => main(['run', ...common, '--out', join(root, 'out2'), '--resamples', '300', '--json'], env));
    expect(run.code, run.stderr).toBe(0);
    const manifest = JSON.parse(await readFile(join(root, 'out2/manifest.json'), 'utf8'));
    const embedding = manifest.embedding['local/tiny-bert'];
    expect(embedding.cache_hits).toBe(manifest.dataset_queries + manifest.dataset_snippets);
    expect(embedding.usage.query.requests + embedding.usage.document.requests).toBe(0);
  }, 300_000);

  it('exports .npz matrices that `score --embeddings` turns back into the same results', async () => {
    const exported = await quiet(() => main(['embed', ...common, '--export', join(root, 'npz'), '--json'], env));
    expect(exported.code, exported.stderr).toBe(0);
    const scored = await quiet(() => main(['score', ...common.slice(0, 2), '--embeddings', join(root, 'npz'), '--out', join(root, 'out3'), '--json'], env));
    expect(scored.code, scored.stderr).toBe(0);
    const direct = JSON.parse(await readFile(join(root, 'out/results/local__tiny-bert.json'), 'utf8'));
    const fromNpz = JSON.parse(await readFile(join(root, 'out3/results/local__tiny-bert.json'), 'utf8'));
    expect(fromNpz.metrics).toEqual(direct.metrics);
    expect(fromNpz.per_query.map((q: { top_results: { corpus_id: string }[] }) => q.top_results.map((r) => r.corpus_id))).toEqual(
      direct.per_query.map((q: { top_results: { corpus_id: string }[] }) => q.top_results.map((r) => r.corpus_id)),
    );
  }, 300_000);
});
