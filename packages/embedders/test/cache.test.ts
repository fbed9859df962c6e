import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalized, vectorFor } from '@execret/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheSpaceFolder, createEmbeddingCache } from '../src/cache/embedding-cache.js';
import { encodeRecords, recordBytes, textHash } from '../src/cache/record.js';
import { cachedEmbed, withCache } from '../src/cache/with-cache.js';
import { EmbeddersError } from '../src/errors.js';
import { corpus, createFakeEmbedder } from './helpers/fake-embedder.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'execret-cache-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What the fake embedder returns for a document: the normalised `vectorFor(text)`. */
function expectedDoc(text: string, dims: number): number[] {
  return Array.from(normalized(vectorFor(text, dims)));
}

function row(data: Float32Array, r: number, dims: number): number[] {
  return Array.from(data.subarray(r * dims, (r + 1) * dims));
}

describe('createEmbeddingCache', () => {
  it('finds stored vectors in a new instance and keeps queries and documents apart', async () => {
    const space = { configHash: 'ab'.repeat(32), dims: 3, id: 'test/x' };
    const cache = await createEmbeddingCache(dir);
    await cache.store(space, 'document', ['a', 'b'], new Float32Array([1, 2, 3, 4, 5, 6]));
    await cache.store(space, 'query', ['a'], new Float32Array([7, 8, 9]));
    await cache.close();

    const reopened = await createEmbeddingCache(dir);
    const docs = await reopened.lookup(space, 'document', ['b', 'zzz', 'a']);
    expect(Array.from(docs.found)).toEqual([1, 0, 1]);
    expect(docs.hits).toBe(2);
    expect(Array.from(docs.data)).toEqual([4, 5, 6, 0, 0, 0, 1, 2, 3]);
    expect(Array.from((await reopened.lookup(space, 'query', ['a'])).data)).toEqual([7, 8, 9]);
    const meta = JSON.parse(await readFile(join(dir, 'v1', space.configHash, 'meta.json'), 'utf8'));
    expect(meta).toMatchObject({ configHash: space.configHash, dims: 3, id: 'test/x', recordBytes: 52 });
    expect(await reopened.stats(space)).toMatchObject({
      records: 3,
      segments: 1,
      tornBytes: 0,
      corruptRecords: 0,
      bytes: 3 * 52,
    });
  });

  it('keeps vectors of other weights under the same configHash apart, in a folder named after both', async () => {
    const before = { configHash: 'ab'.repeat(32), dims: 2, weights: { sha256: '01'.repeat(32) } };
    const after = { ...before, weights: { sha256: '02'.repeat(32) } };
    const cache = await createEmbeddingCache(dir);
    await cache.store(before, 'document', ['a'], new Float32Array([1, 2]));
    expect((await cache.lookup(after, 'document', ['a'])).hits).toBe(0);
    expect((await cache.lookup({ configHash: before.configHash, dims: 2 }, 'document', ['a'])).hits).toBe(0);
    expect(Array.from((await cache.lookup(before, 'document', ['a'])).data)).toEqual([1, 2]);
    await cache.close();
    expect(cacheSpaceFolder(before)).toBe(`${'ab'.repeat(32)}-${'01'.repeat(32)}`);
    expect(cacheSpaceFolder({ configHash: before.configHash, dims: 2, weights: null })).toBe('ab'.repeat(32));
    const meta = JSON.parse(await readFile(join(dir, 'v1', cacheSpaceFolder(before), 'meta.json'), 'utf8'));
    expect(meta).toMatchObject({ configHash: before.configHash, weightsSha256: before.weights.sha256, dims: 2 });
  });

  it('rejects a weights digest that is not 64 lowercase hex digits', async () => {
    const cache = await createEmbeddingCache(dir);
    const space = { configHash: 'ab'.repeat(32), dims: 2, weights: { sha256: '../x' } };
    await expect(cache.lookup(space, 'query', ['a'])).rejects.toThrow(/weights\.sha256 must be 64 lowercase hex/);
    await cache.close();
  });

  it('fails with cache when the folder holds vectors of other dimensions', async () => {
    const cache = await createEmbeddingCache(dir);
    await cache.store({ configHash: 'cd'.repeat(32), dims: 2 }, 'query', ['a'], new Float32Array([1, 2]));
    const other = await createEmbeddingCache(dir);
    const error = await other.lookup({ configHash: 'cd'.repeat(32), dims: 3 }, 'query', ['a']).catch((e: unknown) => e);
    expect(EmbeddersError.is(error) && error.code).toBe('cache');
  });

  it('ignores a torn tail and a corrupted record, reports both, and trusts the rest', async () => {
    const space = { configHash: 'ef'.repeat(32), dims: 4 };
    const cache = await createEmbeddingCache(dir);
    await cache.store(space, 'document', ['keep', 'spoil'], new Float32Array([1, 1, 1, 1, 2, 2, 2, 2]));
    await cache.close();
    const folder = join(dir, 'v1', space.configHash);
    const [segment] = (await readdir(folder)).filter((f) => f.startsWith('seg-'));
    const path = join(folder, segment as string);
    const bytes = await readFile(path);
    bytes[recordBytes(4) + 40] = (bytes[recordBytes(4) + 40] as number) ^ 0xff; // a vector byte of 'spoil'
    await writeFile(path, bytes);
    const torn = encodeRecords('document', [textHash('torn')], new Float32Array([3, 3, 3, 3]), 4);
    await appendFile(path, torn.subarray(0, 30));

    const reopened = await createEmbeddingCache(dir);
    expect(await reopened.stats(space)).toMatchObject({ records: 1, tornBytes: 30, corruptRecords: 1 });
    const found = await reopened.lookup(space, 'document', ['keep', 'spoil', 'torn']);
    expect(Array.from(found.found)).toEqual([1, 0, 0]);
    expect(row(found.data, 0, 4)).toEqual([1, 1, 1, 1]);
  });

  it('keeps appending to a new segment after a torn one and compacts everything into one file', async () => {
    const space = { configHash: '12'.repeat(32), dims: 2 };
    const first = await createEmbeddingCache(dir);
    await first.store(space, 'query', ['a'], new Float32Array([1, 2]));
    await first.close();
    const folder = join(dir, 'v1', space.configHash);
    const [segment] = (await readdir(folder)).filter((f) => f.startsWith('seg-'));
    await appendFile(join(folder, segment as string), Buffer.alloc(5, 0xaa));
    const second = await createEmbeddingCache(dir);
    await second.store(space, 'document', ['b'], new Float32Array([3, 4]));
    expect(await second.stats(space)).toMatchObject({ records: 2, segments: 2, tornBytes: 5 });
    expect(await second.compact(space)).toMatchObject({
      records: 2,
      segments: 1,
      tornBytes: 0,
      corruptRecords: 0,
      bytes: 2 * recordBytes(2),
    });
    expect((await readdir(folder)).filter((f) => f.startsWith('seg-'))).toHaveLength(1);
    const third = await createEmbeddingCache(dir);
    expect(Array.from((await third.lookup(space, 'query', ['a'])).data)).toEqual([1, 2]);
    expect(Array.from((await third.lookup(space, 'document', ['b'])).data)).toEqual([3, 4]);
  });

  it('throws TypeError for a malformed config hash and RangeError for a data length mismatch', async () => {
    const cache = await createEmbeddingCache(dir);
    await expect(cache.lookup({ configHash: '../x', dims: 2 }, 'query', ['a'])).rejects.toThrow(TypeError);
    await expect(
      cache.store({ configHash: 'aa'.repeat(32), dims: 2 }, 'query', ['a'], new Float32Array(3)),
    ).rejects.toThrow(RangeError);
  });
});

describe('cachedEmbed', () => {
  it('calls the provider only for texts it has not seen, once per distinct text', async () => {
    const dims = 6;
    const cache = await createEmbeddingCache(dir);
    const { embedder, calls } = createFakeEmbedder(dims, { maxBatch: 2 });
    const first = await cachedEmbed(embedder, cache, ['a', 'b', 'a'], { kind: 'document' });
    expect(calls).toEqual([['a', 'b']]);
    expect(first.cacheHits).toBe(0);
    expect(row(first.data, 2, dims)).toEqual(expectedDoc('a', dims));

    const second = await cachedEmbed(embedder, cache, ['c', 'b', 'a', 'c'], { kind: 'document' });
    expect(calls).toEqual([['a', 'b'], ['c']]);
    expect(second.cacheHits).toBe(2);
    expect(second.usage.texts).toBe(1);
    for (const [r, text] of ['c', 'b', 'a', 'c'].entries())
      expect(row(second.data, r, dims)).toEqual(expectedDoc(text, dims));

    // the query side is cached separately (and gets its prefix)
    await cachedEmbed(embedder, cache, ['a'], { kind: 'query' });
    expect(calls.at(-1)).toEqual(['q: a']);
  });

  it('reports every output row exactly once through onBatch, hits and misses alike', async () => {
    const cache = await createEmbeddingCache(dir);
    const wrapped = withCache(createFakeEmbedder(3, { maxBatch: 1 }).embedder, cache);
    await wrapped.embed(['x'], { kind: 'document' });
    const batches: Array<{ indices: readonly number[]; data: Float32Array }> = [];
    const result = await wrapped.embed(['y', 'x', 'y'], {
      kind: 'document',
      onBatch: (b) => void batches.push({ indices: b.indices, data: b.data.slice() }),
    });
    expect(batches.flatMap((b) => b.indices).sort()).toEqual([0, 1, 2]);
    for (const b of batches)
      b.indices.forEach((i, k) => {
        expect(row(b.data, k, 3)).toEqual(row(result.data, i, 3));
      });
    expect(wrapped.info.id).toBe('test/fake');
  });

  it('keeps the batches that succeeded when a later batch fails, so a rerun sends only the rest', async () => {
    const dims = 4;
    const cache = await createEmbeddingCache(dir);
    const { embedder } = createFakeEmbedder(dims, { maxBatch: 2 });
    const failing = {
      ...embedder,
      embed: (texts: readonly string[], options: Parameters<typeof embedder.embed>[1]) =>
        embedder.embed(texts, {
          ...options,
          onBatch: async (b) => {
            await options.onBatch?.(b);
            if (b.indices[0] === 2) throw new Error('provider went away');
          },
        }),
    };
    const texts = corpus(6);
    await expect(cachedEmbed(failing, cache, texts, { kind: 'document' })).rejects.toThrow('provider went away');
    const { embedder: counting, calls } = createFakeEmbedder(dims, { maxBatch: 2 });
    const result = await cachedEmbed(counting, cache, texts, { kind: 'document' });
    expect(result.cacheHits).toBe(4);
    expect(calls.flat()).toEqual(texts.slice(4));
  });
});
