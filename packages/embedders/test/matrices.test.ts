import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddingCache } from '../src/cache/embedding-cache.js';
import { exportEmbeddingMatrices } from '../src/cache/export-matrices.js';
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
