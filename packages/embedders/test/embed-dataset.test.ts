import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importMatrixFolder } from '@execret/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddingCache } from '../src/cache/embedding-cache.js';
import { exportCachedMatrices } from '../src/cache/export-matrices.js';
import { cachedEmbed } from '../src/cache/with-cache.js';
import { DEFAULT_LOCAL_MODEL, defaultEmbeddingModels } from '../src/default-models.js';
import { type EmbedDatasetProgress, embedDataset } from '../src/embed-dataset.js';
import { mergeEmbeddingCache } from '../src/merge-embedding-cache.js';
import { MODEL_CONFIG_FIELDS, readModelConfigs } from '../src/model-config-file.js';
import { corpus, createFakeEmbedder } from './helpers/fake-embedder.js';

const FIXTURE = resolve(__dirname, '../../../fixtures/tiny-model');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'execret-embed-dataset-'));
  await import('@huggingface/transformers'); // slow first import, outside the per-test timeout
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('defaultEmbeddingModels', () => {
  it('adds one hosted model per provider with a key, in a fixed order, after the local model', () => {
    expect(defaultEmbeddingModels([])).toEqual([DEFAULT_LOCAL_MODEL]);
    expect(defaultEmbeddingModels(['voyage', 'cohere', 'openai'])).toEqual([
      DEFAULT_LOCAL_MODEL,
      'openai/text-embedding-3-small',
      'voyage/voyage-code-3',
    ]);
  });
});

describe('readModelConfigs', () => {
  it('reads objects and arrays, and returns each unreadable file and incomplete entry as an issue', async () => {
    const config = JSON.parse(await readFile(join(FIXTURE, 'model-config.json'), 'utf8'));
    await writeFile(join(dir, 'one.json'), JSON.stringify(config));
    await writeFile(join(dir, 'two.json'), JSON.stringify([config, { id: 'x', dims: 3 }]));
    await writeFile(join(dir, 'bad.json'), '{');
    const { configs, issues } = await readModelConfigs(['one.json', 'two.json', 'bad.json'].map((f) => join(dir, f)));
    expect(configs.map((c) => c.id)).toEqual(['local/tiny-bert']);
    expect(issues.map((i) => [i.file.slice(dir.length + 1), i.index, i.missing.length, i.error !== undefined])).toEqual(
      [
        ['two.json', 1, MODEL_CONFIG_FIELDS.length - 2, false],
        ['bad.json', null, 0, true],
      ],
    );
    expect(issues[0]!.missing).toContain('similarity');
    expect(issues[0]!.message).toMatch(/two\.json\[1\]: missing field\(s\) .*similarity/u);
    expect(issues[1]!.message).toMatch(/bad\.json: .*JSON/u);
  });
});

describe('embedDataset', () => {
  it('embeds queries then documents through the cache, serving a second run from it', async () => {
    const config = JSON.parse(await readFile(join(FIXTURE, 'model-config.json'), 'utf8'));
    const texts = {
      queries: ['sort a list', 'parse a date'],
      documents: ['def f(x): return x', 'def g(): pass', 'x = 1'],
    };
    const options = { embeddingCacheDir: join(dir, 'cache'), localModelPath: FIXTURE, allowRemoteModels: false };
    const events: EmbedDatasetProgress[] = [];
    const first = await embedDataset(config, texts, { ...options, onProgress: (e) => events.push(e) });
    expect(first.status).toBe('embedded');
    if (first.status !== 'embedded') return;
    expect([first.queries.rows, first.documents.rows, first.documents.dims]).toEqual([2, 3, 8]);
    expect(events.filter((e) => e.step !== 'progress')).toEqual([
      { step: 'start', kind: 'query', total: 2 },
      { step: 'done', kind: 'query', total: 2, cacheHits: 0 },
      { step: 'start', kind: 'document', total: 3 },
      { step: 'done', kind: 'document', total: 3, cacheHits: 0 },
    ]);
    const again = await embedDataset(config, texts, options);
    expect(again.status === 'embedded' && again.documents.cacheHits + again.queries.cacheHits).toBe(5);
    expect(again.status === 'embedded' && Array.from(again.documents.data)).toEqual(Array.from(first.documents.data));
  });

  it('skips a model whose weights are absent only when asked to, naming why', async () => {
    const options = {
      embeddingCacheDir: join(dir, 'cache'),
      localModelPath: join(dir, 'no-models'),
      allowRemoteModels: false,
    };
    const texts = { queries: ['q'], documents: ['d'] };
    const skipped = await embedDataset(DEFAULT_LOCAL_MODEL, texts, { ...options, skipUnavailable: true });
    expect(skipped.status).toBe('skipped');
    expect(skipped.status === 'skipped' && skipped.reason).not.toContain('\n');
    await expect(embedDataset(DEFAULT_LOCAL_MODEL, texts, options)).rejects.toMatchObject({
      code: 'model-unavailable',
    });
  });
});

describe('mergeEmbeddingCache and the matrix folder', () => {
  it('copies the segments a target lacks, once, and exports and imports matrices from the merged cache', async () => {
    const { embedder } = createFakeEmbedder(4);
    const docs = corpus(5);
    const source = join(dir, 'shard');
    const shard = await createEmbeddingCache(source);
    await cachedEmbed(embedder, shard, docs, { kind: 'document' });
    await cachedEmbed(embedder, shard, ['q1'], { kind: 'query' });
    await shard.close();
    const target = join(dir, 'merged');
    expect((await mergeEmbeddingCache(target, source)).segments).toBeGreaterThan(0);
    expect(await mergeEmbeddingCache(target, source)).toEqual({ segments: 0 });
    expect(await mergeEmbeddingCache(target, join(dir, 'absent'))).toEqual({ segments: 0 });
    const folder = join(dir, 'matrices');
    await exportCachedMatrices(target, embedder.info, join(folder, 'fake.npz'), {
      queries: { texts: ['q1'], ids: ['q_1'] },
      documents: { texts: docs, ids: docs.map((_, i) => `c_${i}`) },
    });
    await mkdir(join(folder, 'ignored'), { recursive: true });
    const imported = await importMatrixFolder(folder, { rows: { queries: 1, documents: 5 } });
    expect(imported.map((m) => [m.name, m.queries?.rows, m.documents?.rows, m.sha256.length])).toEqual([
      ['fake.npz', 1, 5, 64],
    ]);
    expect(await readdir(folder)).toContain('fake.npz');
  });
});
