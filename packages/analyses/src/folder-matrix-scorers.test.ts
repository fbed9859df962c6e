import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { denseScorer } from '../test/dense-scorer.js';
import { testPool } from '../test/test-pool.js';
import { ablationPools } from './ablation-pools.js';
import { embeddedScorer } from './embedded-scorer.js';
import { folderMatrixScorers, readMatrixFolderScorers } from './folder-matrix-scorers.js';
import { createMatrixScorer } from './matrix-scorer.js';
import { rankSystem } from './rank-system.js';

const pool = testPool();
const identity = (q: number): Int32Array => pool.distractors[q]!;
const DOCS = Float32Array.of(1, 0, 1, 0, 0.5, 1, 0, 1, 0.1, 1, 1, 1, 1, 0.9, -1, -1, 0.9, 1);

describe('folderMatrixScorers', () => {
  it('names each system after its file, hashes it by the file, and ranks its rows put in the pool order', async () => {
    // the query rows stored in reverse, with their ids: the scorer must put them back in the pool's order
    const reversed = Float32Array.of(1, 1, 0, 1, 1, 0);
    const [scorer] = folderMatrixScorers(
      pool,
      [
        {
          name: 'dense.npz',
          file: '/m/dense.npz',
          sha256: 'ab',
          queries: { key: 'q', data: reversed, rows: 3, dims: 2, ids: [...pool.queryIds].reverse() },
          documents: { key: 'd', data: DOCS, rows: 9, dims: 2, ids: pool.docIds },
        },
      ],
      'cosine',
    );
    expect(scorer).toMatchObject({ id: 'dense', provider: 'npz', configHash: 'ab', similarity: 'cosine' });
    const got = await rankSystem(scorer!, pool, ablationPools(pool, identity));
    const want = await rankSystem(denseScorer(pool), pool, ablationPools(pool, identity));
    expect(got.runDocs).toEqual(want.runDocs);
  });

  it('names the file that lacks a query or document matrix', () => {
    expect(() =>
      folderMatrixScorers(
        pool,
        [{ name: 'x.npz', file: '/m/x.npz', sha256: 'cd', documents: { key: 'd', data: DOCS, rows: 9, dims: 2 } }],
        'dot',
      ),
    ).toThrow(`execret: /m/x.npz: expected a query matrix with ${pool.queryIds.length} rows`);
  });
});

describe('readMatrixFolderScorers', () => {
  it('says the folder has no .npz file when it has none', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'execret-npz-'));
    try {
      await expect(readMatrixFolderScorers(dir, pool, 'cosine')).rejects.toThrow(`execret: no .npz files in ${dir}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('embeddedScorer', () => {
  it("ranks like the matrix scorer of the model's info, named after the model", async () => {
    const queries = Float32Array.of(1, 0, 0, 1, 1, 1);
    const scorer = embeddedScorer(pool, {
      model: 'm/x',
      info: { provider: 'openai', configHash: 'h', similarity: 'unit-cosine', dims: 2 },
      queries: { data: queries },
      documents: { data: DOCS },
    });
    expect(scorer).toMatchObject({ id: 'm/x', provider: 'openai', configHash: 'h', similarity: 'cosine' });
    const want = createMatrixScorer(
      pool,
      { id: 'm/x', provider: 'openai', configHash: 'h', similarity: 'cosine' },
      queries,
      DOCS,
      2,
    );
    expect((await rankSystem(scorer, pool, [])).runDocs).toEqual((await rankSystem(want, pool, [])).runDocs);
  });
});
