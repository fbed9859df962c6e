import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { golden, goldenInputs, xorshift } from '../../test/helpers/golden-topk.js';
import { topK } from './top-k.js';
import { type OnnxRuntimeModule, topKOnnx } from './top-k-onnx.js';

/** onnxruntime-node as installed for @huggingface/transformers (a dev dependency), when loadable. */
function loadOnnxRuntime(): OnnxRuntimeModule | undefined {
  try {
    const require = createRequire(import.meta.url);
    return createRequire(require.resolve('@huggingface/transformers'))('onnxruntime-node') as OnnxRuntimeModule;
  } catch {
    return undefined;
  }
}
const ort = loadOnnxRuntime();

describe.skipIf(ort === undefined)('topKOnnx', () => {
  const runtime = ort!;

  describe.each(golden.cases)('against numpy and topK ($name)', (c) => {
    const { queries, docs } = goldenInputs(c);

    it('agrees with numpy on every rank (score within 1e-6 relative above 1, same document or a near-tie)', async () => {
      const result = await topKOnnx(queries, docs, c.dims, 10, { metric: c.metric, onnxruntime: runtime, threads: 2 });
      const full = topK(queries, docs, c.dims, c.nDocs, { metric: c.metric });
      const ours = (q: number, j: number) =>
        full.scores[q * c.nDocs + full.indices.subarray(q * c.nDocs, (q + 1) * c.nDocs).indexOf(j)]!;
      for (let q = 0; q < c.nQueries; q++) {
        for (let r = 0; r < 10; r++) {
          const expected = c.scores[q]![r]!;
          expect(Math.abs(result.scores[q * 10 + r]! - expected) / Math.max(1, Math.abs(expected))).toBeLessThanOrEqual(
            1e-6,
          );
          const mine = result.indices[q * 10 + r]!;
          const theirs = c.indices[q]![r]!;
          if (mine !== theirs)
            expect(Math.abs(ours(q, mine) - ours(q, theirs)) / Math.max(1, Math.abs(ours(q, mine)))).toBeLessThan(1e-6);
        }
      }
    });

    it('ranks a zero query by index descending and exact duplicates next to each other, higher index first', async () => {
      const result = await topKOnnx(queries, docs, c.dims, c.nDocs, { metric: c.metric, onnxruntime: runtime });
      const row = (q: number) => Array.from(result.indices.subarray(q * c.nDocs, (q + 1) * c.nDocs));
      expect(row(3).slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => c.nDocs - 1 - i));
      for (const [i, j] of c.duplicates) {
        for (const q of [0, 1, 2]) expect(row(q).indexOf(j)).toBeLessThan(row(q).indexOf(i));
      }
    });
  });

  const d = 256;
  const queries = xorshift(99, 120 * d);
  const docs = xorshift(100, 900 * d);

  it('gives bit-identical results for any thread count', async () => {
    const base = await topKOnnx(queries, docs, d, 10, { metric: 'cosine', onnxruntime: runtime, threads: 1 });
    for (const threads of [2, 3]) {
      const other = await topKOnnx(queries, docs, d, 10, { metric: 'cosine', onnxruntime: runtime, threads });
      expect(Array.from(other.indices)).toEqual(Array.from(base.indices));
      expect(other.scores.every((v, i) => Object.is(v, base.scores[i]))).toBe(true);
    }
  });

  it('gives the same ranking, with scores equal to 1e-6, when queries are batched (MLAS picks kernels by batch size)', async () => {
    const base = await topKOnnx(queries, docs, d, 10, { metric: 'cosine', onnxruntime: runtime });
    for (const rows of [1, 7]) {
      const other = await topKOnnx(queries, docs, d, 10, {
        metric: 'cosine',
        onnxruntime: runtime,
        maxMemoryBytes: 2 * 900 * 4 * rows,
      });
      expect(Array.from(other.indices)).toEqual(Array.from(base.indices));
      expect(other.scores.every((v, i) => Math.abs(v - base.scores[i]!) <= 1e-6)).toBe(true);
    }
  });

  it('reads dot-metric inputs that are views at an offset, batched, without copying them wrongly', async () => {
    const dims = 64;
    const queries = xorshift(5, 1000 * dims).subarray(10 * dims, 110 * dims);
    const documents = xorshift(6, 500 * dims);
    const expected = topK(queries, documents, dims, 5, { metric: 'dot' });
    const result = await topKOnnx(queries, documents, dims, 5, {
      metric: 'dot',
      onnxruntime: runtime,
      maxMemoryBytes: 2 * 500 * 4 * 7,
    });
    expect(Array.from(result.indices)).toEqual(Array.from(expected.indices));
    expect(result.scores.every((v, i) => Math.abs(v - expected.scores[i]!) <= 1e-5)).toBe(true);
  });

  it('breaks ties by docIds descending when docIds are given', async () => {
    const docs = new Float32Array([1, 0, 1, 0, 1, 0, 0, 1]);
    const result = await topKOnnx(new Float32Array([1, 0]), docs, 2, 4, {
      metric: 'dot',
      onnxruntime: runtime,
      docIds: ['c_0002', 'c_0010', 'c_0001', 'c_0003'],
    });
    expect(Array.from(result.indices)).toEqual([1, 0, 2, 3]);
    expect(Array.from(result.scores)).toEqual([1, 1, 1, 0]);
  });

  it('returns an empty result for zero queries', async () => {
    const result = await topKOnnx(new Float32Array(0), new Float32Array(4), 2, 1, {
      metric: 'dot',
      onnxruntime: runtime,
    });
    expect(result).toEqual({ indices: new Int32Array(0), scores: new Float32Array(0), rows: 0, k: 1 });
  });

  it.each([
    ['no runtime', { metric: 'dot', onnxruntime: undefined }, TypeError],
    [
      'a runtime without Tensor',
      { metric: 'dot', onnxruntime: { InferenceSession: { create: () => undefined } } },
      TypeError,
    ],
    ['zero threads', { metric: 'dot', onnxruntime: ort, threads: 0 }, RangeError],
    ['an unknown metric', { metric: 'l2', onnxruntime: ort }, TypeError],
  ] as const)('rejects %s', async (_, options, error) => {
    await expect(topKOnnx(new Float32Array(2), new Float32Array(4), 2, 1, options as never)).rejects.toThrow(error);
  });

  it('rejects non-finite values naming their row and column', async () => {
    await expect(
      topKOnnx(new Float32Array([0, 0, 0, Number.NaN]), new Float32Array(2), 2, 1, {
        metric: 'cosine',
        onnxruntime: runtime,
      }),
    ).rejects.toThrow(/queries row 1 column 1 is NaN/);
  });
});
