import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddingCache } from '../src/cache/embedding-cache.js';
import { exportEmbeddingMatrices, importEmbeddingMatrices } from '../src/cache/matrices.js';
import { cachedEmbed } from '../src/cache/with-cache.js';
import { EmbeddersError } from '../src/errors.js';
import { corpus, createFakeEmbedder } from './helpers/fake-embedder.js';

let dir: string;
let python: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'execret-matrices-'));
  python = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function py(code: string, ...args: string[]): string {
  return execFileSync(python, ['-I', '-c', code, ...args], { encoding: 'utf8' }).trim();
}

describe('exportEmbeddingMatrices', () => {
  it('writes an .npz that numpy loads with the same shapes, values, ids and config hash', async () => {
    const dims = 5;
    const cache = await createEmbeddingCache(join(dir, 'cache'));
    const { embedder } = createFakeEmbedder(dims);
    const docs = corpus(7);
    const queries = ['sort numbers', 'parse a date'];
    const d = await cachedEmbed(embedder, cache, docs, { kind: 'document' });
    const q = await cachedEmbed(embedder, cache, queries, { kind: 'query' });
    const path = join(dir, 'fake.npz');
    await exportEmbeddingMatrices(cache, embedder.info, path, {
      queries: { texts: queries, ids: ['q_0001', 'q_0002'] },
      documents: { texts: docs, ids: docs.map((_, i) => `c_${String(i + 1).padStart(4, '0')}`) },
    });
    const out = JSON.parse(
      py(
        [
          'import json, sys, numpy as np',
          'z = np.load(sys.argv[1])',
          'print(json.dumps({k: {"dtype": str(z[k].dtype), "shape": list(z[k].shape)} for k in sorted(z.files)} | {',
          '  "documents": z["documents"].astype(float).tolist(), "queries": z["queries"].astype(float).tolist(),',
          '  "corpus_ids": z["corpus_ids"].tolist(), "hash": str(z["config_hash"][0])}))',
        ].join('\n'),
        path,
      ),
    );
    expect(out.documents).toEqual(
      Array.from({ length: 7 }, (_, r) => Array.from(d.data.subarray(r * dims, (r + 1) * dims))),
    );
    expect(out.queries).toEqual(
      Array.from({ length: 2 }, (_, r) => Array.from(q.data.subarray(r * dims, (r + 1) * dims))),
    );
    expect(out.corpus_ids[6]).toBe('c_0007');
    expect(out.hash).toBe(embedder.info.configHash);
    expect(out.config_hash).toEqual({ dtype: '<U64', shape: [1] });
    expect(out.query_ids.shape).toEqual([2]);
  });

  it('refuses with cache when rows are missing unless allowMissing is set', async () => {
    const cache = await createEmbeddingCache(join(dir, 'cache-missing'));
    const { embedder } = createFakeEmbedder(3);
    await cachedEmbed(embedder, cache, ['a'], { kind: 'document' });
    const path = join(dir, 'missing.npz');
    const error = await exportEmbeddingMatrices(cache, embedder.info, path, { documents: { texts: ['a', 'b'] } }).catch(
      (e: unknown) => e,
    );
    expect(EmbeddersError.is(error) && error.code).toBe('cache');
    const written = await exportEmbeddingMatrices(
      cache,
      embedder.info,
      path,
      { documents: { texts: ['a', 'b'] } },
      { allowMissing: true },
    );
    expect(written.documents?.missing).toEqual([1]);
  });
});

describe('importEmbeddingMatrices', () => {
  it('reads numpy-written float32 and float64 matrices under the usual names or given keys', async () => {
    const path = join(dir, 'numpy.npz');
    py(
      [
        'import sys, numpy as np',
        'q = np.arange(6, dtype=np.float32).reshape(2, 3) / 4',
        'c = np.arange(12, dtype=np.float64).reshape(4, 3) / 8',
        'np.savez(sys.argv[1], query_embeddings=q, corpus_embeddings=c, corpus_ids=np.array(["c_1", "c_2", "c_3", "c_4"]))',
      ].join('\n'),
      path,
    );
    const m = await importEmbeddingMatrices(path);
    expect(m.queries).toMatchObject({ key: 'query_embeddings', rows: 2, dims: 3 });
    expect(Array.from(m.queries?.data ?? [])).toEqual([0, 0.25, 0.5, 0.75, 1, 1.25]);
    expect(m.documents).toMatchObject({ key: 'corpus_embeddings', rows: 4, dims: 3 });
    expect(m.documents?.data).toBeInstanceOf(Float32Array);
    expect(m.documents?.data[11]).toBeCloseTo(11 / 8, 6);
    expect(m.arrays.corpus_ids).toEqual({ dtype: 'unicode', shape: [4] });

    const renamed = join(dir, 'renamed.npz');
    py('import sys, numpy as np\nnp.savez_compressed(sys.argv[1], E=np.ones((3, 2), dtype=np.float32))', renamed);
    const byKey = await importEmbeddingMatrices(renamed, { keys: { documents: 'E' } });
    expect(byKey.documents).toMatchObject({ key: 'E', rows: 3, dims: 2 });
    expect(byKey.queries).toBeUndefined();
  });

  it('fails with matrix listing the arrays when the names are unknown or the shape is wrong', async () => {
    const path = join(dir, 'odd.npz');
    py(
      'import sys, numpy as np\nnp.savez(sys.argv[1], weird=np.zeros((2, 2), dtype=np.float32), vec=np.zeros(3, dtype=np.float32))',
      path,
    );
    const unknown = await importEmbeddingMatrices(path).catch((e: unknown) => e);
    expect(EmbeddersError.is(unknown) && unknown.code).toBe('matrix');
    expect((unknown as Error).message).toContain('weird float32[2, 2]');
    await expect(importEmbeddingMatrices(path, { keys: { queries: 'vec' } })).rejects.toMatchObject({
      code: 'matrix',
    });
    await expect(importEmbeddingMatrices(path, { keys: { queries: 'absent' } })).rejects.toThrow(/no array "absent"/);
  });
});
