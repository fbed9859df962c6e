import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchError } from '../src/errors.js';
import { importEmbeddingMatrices } from '../src/matrices/import-matrices.js';
import { writeEmbeddingMatrices } from '../src/matrices/write-matrices.js';
import { readNpzFile } from '../src/npy/npz-file.js';

let dir: string;

/** The real interpreter behind `python3`, when it can import numpy (the numpy-written cases are skipped otherwise). */
function findPython(): string | undefined {
  const probe = spawnSync('python3', ['-c', 'import sys, numpy; print(sys.executable)'], { encoding: 'utf8' });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
}
const python = findPython();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'execret-matrices-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function py(code: string, ...args: string[]): string {
  return execFileSync(python!, ['-I', '-c', code, ...args], { encoding: 'utf8' }).trim();
}

describe.skipIf(python === undefined)('importEmbeddingMatrices on numpy-written files', () => {
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
  }, 30_000);

  it('fails with matrix listing the arrays when the names are unknown or the shape is wrong', async () => {
    const path = join(dir, 'odd.npz');
    py(
      'import sys, numpy as np\nnp.savez(sys.argv[1], weird=np.zeros((2, 2), dtype=np.float32), vec=np.zeros(3, dtype=np.float32))',
      path,
    );
    const unknown = await importEmbeddingMatrices(path).catch((e: unknown) => e);
    expect(SearchError.is(unknown) && unknown.code).toBe('matrix');
    expect((unknown as Error).message).toContain('weird float32[2, 2]');
    await expect(importEmbeddingMatrices(path, { keys: { queries: 'vec' } })).rejects.toMatchObject({
      code: 'matrix',
    });
    await expect(importEmbeddingMatrices(path, { keys: { queries: 'absent' } })).rejects.toThrow(/no array "absent"/);
  }, 30_000);
});

describe('writeEmbeddingMatrices', () => {
  it('writes matrices, then ids, then the config hash, and importEmbeddingMatrices reads them back', async () => {
    const path = join(dir, 'written.npz');
    const queries = { data: Float32Array.from([1, 2, 3, 4]), rows: 2, dims: 2, ids: ['q_1', 'q_2'] };
    const documents = { data: Float32Array.from([5, 6, 7, 8, 9, 10]), rows: 3, dims: 2 };
    await writeEmbeddingMatrices(path, { queries, documents, configHash: 'abc' });
    expect([...(await readNpzFile(path)).keys()]).toEqual(['queries', 'documents', 'query_ids', 'config_hash']);
    const back = await importEmbeddingMatrices(path);
    expect(back.queries).toMatchObject({ key: 'queries', rows: 2, dims: 2, ids: ['q_1', 'q_2'], idsKey: 'query_ids' });
    expect(Array.from(back.documents?.data ?? [])).toEqual([5, 6, 7, 8, 9, 10]);
    expect(back.documents?.ids).toBeUndefined();
    expect(back.arrays.config_hash).toEqual({ dtype: 'unicode', shape: [1] });
  }, 30_000);
});
