import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sha256Hex } from '@execret/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_HIDDEN, TINY_VOCAB, tinyPositionWeight, tinyWordWeight, writeTinyModel } from '../scripts/tiny-model.js';
import { createEmbeddingCache } from '../src/cache/embedding-cache.js';
import { cachedEmbed } from '../src/cache/with-cache.js';
import { createEmbedder, describeEmbedder } from '../src/create-embedder.js';
import { EmbeddersError } from '../src/errors.js';
import { createTransformersEmbedder } from '../src/providers/transformers.js';
import type { EmbedBatch, Embedder, ModelConfig } from '../src/types.js';

const FIXTURE = resolve(__dirname, '../../../fixtures/tiny-model');
let scratch: string;
const open: Embedder[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'execret-tiny-'));
  await import('@huggingface/transformers'); // slow first import, outside the per-test timeout
}, 60_000);

afterAll(async () => {
  for (const embedder of open) await embedder.close();
  await rm(scratch, { recursive: true, force: true });
});

function tiny(over: Partial<ModelConfig> = {}): ModelConfig {
  return {
    id: 'local/tiny-bert',
    family: 'tiny',
    provider: 'transformers',
    model: 'execret/tiny-bert',
    revision: 'main',
    dims: TINY_HIDDEN,
    similarity: 'cosine',
    normalize: false,
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
    ...over,
  };
}

async function load(config: ModelConfig, dims?: number): Promise<Embedder> {
  const embedder = await createTransformersEmbedder(config, {
    localModelPath: FIXTURE,
    allowRemoteModels: false,
    ...(dims === undefined ? {} : { dimensions: dims }),
  });
  open.push(embedder);
  return embedder;
}

// ---- independent reference: BERT-style tokenization of the tiny vocabulary and the graph's arithmetic ----

const VOCAB = new Map(TINY_VOCAB.map((token, id) => [token, id]));

function wordPiece(word: string): number[] {
  const ids: number[] = [];
  let start = 0;
  while (start < word.length) {
    let end = word.length;
    let found: number | undefined;
    while (end > start) {
      const piece = (start > 0 ? '##' : '') + word.slice(start, end);
      found = VOCAB.get(piece);
      if (found !== undefined) break;
      end--;
    }
    if (found === undefined) return [1];
    ids.push(found);
    start = end;
  }
  return ids;
}

/** [CLS] words [SEP]; truncation cuts words and keeps [SEP], as Hugging Face tokenizers do. */
function tokenize(text: string, maxTokens: number): number[] {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .flatMap((w) => w.split(/([^a-z0-9])/))
    .filter((w) => w !== '');
  const ids = words.flatMap(wordPiece).slice(0, maxTokens - 2);
  return [2, ...ids, 3];
}

/** Pools one batch the way the model card says, from first principles. */
function reference(
  texts: string[],
  pooling: 'cls' | 'mean' | 'last-token',
  side: 'left' | 'right',
  maxTokens = 24,
): number[][] {
  const seqs = texts.map((t) => tokenize(t, maxTokens));
  const length = Math.max(...seqs.map((s) => s.length));
  return seqs.map((ids) => {
    const pad = length - ids.length;
    // context term: one eighth of the sum of the word vectors of the real tokens
    const context = Array.from(
      { length: TINY_HIDDEN },
      (_, h) => ids.reduce((sum, id) => sum + tinyWordWeight(id, h), 0) / 8,
    );
    // real token j sits at absolute position j + (left padding ? pad : 0)
    const states = ids.map((id, j) => {
      const s = j + (side === 'left' ? pad : 0);
      return Array.from(
        { length: TINY_HIDDEN },
        (_, h) => tinyWordWeight(id, h) + tinyPositionWeight(s, h) + (context[h] as number),
      );
    });
    if (pooling === 'cls') return states[0] as number[];
    if (pooling === 'last-token') return states[states.length - 1] as number[];
    return Array.from(
      { length: TINY_HIDDEN },
      (_, h) => states.reduce((sum, v) => sum + (v[h] as number), 0) / states.length,
    );
  });
}

function rows(data: Float32Array, dims: number): number[][] {
  return Array.from({ length: data.length / dims }, (_, r) => Array.from(data.subarray(r * dims, (r + 1) * dims)));
}

function expectClose(actual: number[][], expected: number[][]): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((row, r) => {
    row.forEach((x, c) => {
      expect(x).toBeCloseTo(expected[r]?.[c] as number, 6);
    });
  });
}

const TEXTS = ['def sum of numbers', 'x', 'sort the list of numbers', 'return a + y'];

describe('createTransformersEmbedder', () => {
  it('mean-pools unmasked tokens of a right-padded batch', async () => {
    const embedder = await load(tiny({ pooling: 'mean' }));
    const result = await embedder.embed(TEXTS, { kind: 'document' });
    expectClose(rows(result.data, 8), reference(TEXTS, 'mean', 'right'));
    expect(result.usage).toMatchObject({
      texts: 4,
      requests: 1,
      inputTokens: 6 + 3 + 7 + 6,
      tokensEstimated: false,
      costUsd: null,
    });
  });

  it('takes the [CLS] state and applies the query prefix only to queries', async () => {
    const prefix = 'represent this for searching relevant code: ';
    const embedder = await load(tiny({ pooling: 'cls', prefixes: { query: prefix, document: '' } }));
    const q = await embedder.embed(TEXTS, { kind: 'query' });
    const d = await embedder.embed(TEXTS, { kind: 'document' });
    expectClose(
      rows(q.data, 8),
      reference(
        TEXTS.map((t) => prefix + t),
        'cls',
        'right',
      ),
    );
    expectClose(rows(d.data, 8), reference(TEXTS, 'cls', 'right'));
    // the prefix changes [CLS] through the context term
    expect(Array.from(q.data.subarray(0, 8))).not.toEqual(Array.from(d.data.subarray(0, 8)));
  });

  it('pads on the left and takes the last real token for last-token models', async () => {
    const embedder = await load(
      tiny({
        pooling: 'last-token',
        paddingSide: 'left',
        prefixes: { query: 'instruct: find code\nquery:', document: '' },
      }),
    );
    const result = await embedder.embed(TEXTS, { kind: 'query' });
    const inputs = TEXTS.map((t) => `instruct: find code\nquery:${t}`);
    const left = reference(inputs, 'last-token', 'left');
    expectClose(rows(result.data, 8), left);
    // the padding side is observable: right padding would give other vectors for the shorter texts
    expect(reference(inputs, 'last-token', 'right')).not.toEqual(left);
  });

  it('truncates to the requested dims and re-normalises when the model allows shorter outputs', async () => {
    const embedder = await load(
      tiny({ pooling: 'mean', normalize: true, supportedDims: { kind: 'range', min: 2, max: 8 } }),
      4,
    );
    const result = await embedder.embed(TEXTS, { kind: 'document' });
    expect(result.dims).toBe(4);
    const expected = reference(TEXTS, 'mean', 'right').map((v) => {
      const head = v.slice(0, 4);
      const norm = Math.hypot(...head);
      return head.map((x) => x / norm);
    });
    expectClose(rows(result.data, 4), expected);
  });

  it('truncates inputs to maxTokensPerInput tokens including [CLS] and [SEP]', async () => {
    const embedder = await load(tiny({ pooling: 'mean', maxTokensPerInput: 5 }));
    const result = await embedder.embed(['sort the list of numbers'], { kind: 'document' });
    expectClose(rows(result.data, 8), reference(['sort the list of numbers'], 'mean', 'right', 5));
    expect(result.usage.inputTokens).toBe(5);
  });

  it('returns rows in input order and reports batches by input position when texts are sorted by length', async () => {
    const embedder = await load(tiny({ pooling: 'cls', maxBatch: 2 }));
    const batches: EmbedBatch[] = [];
    const result = await embedder.embed(TEXTS, {
      kind: 'document',
      onBatch: (b) => void batches.push({ ...b, data: b.data.slice() }),
    });
    expect(result.usage.requests).toBe(2);
    expect(batches.map((b) => b.indices)).toEqual([
      [1, 3],
      [0, 2],
    ]); // lengths 1, 12, 18, 24
    for (const b of batches) {
      b.indices.forEach((row, k) => {
        expect(Array.from(b.data.subarray(k * 8, (k + 1) * 8))).toEqual(
          Array.from(result.data.subarray(row * 8, (row + 1) * 8)),
        );
      });
    }
    // with right padding, CLS does not depend on batch composition
    expectClose(rows(result.data, 8), reference(TEXTS, 'cls', 'right'));
  });

  it('reports each row token ids as the model received them, truncated, in the order of indices', async () => {
    const embedder = await load(tiny({ pooling: 'mean', maxBatch: 2, maxTokensPerInput: 5 }));
    const seen = new Map<number, readonly number[]>();
    await embedder.embed(TEXTS, {
      kind: 'document',
      onBatch: (b) => {
        b.indices.forEach((row, k) => {
          seen.set(row, b.tokenIds?.[k] ?? []);
        });
      },
    });
    expect(TEXTS.map((_, row) => seen.get(row))).toEqual(TEXTS.map((text) => tokenize(text, 5)));
  });

  it('is reachable through createEmbedder with a custom configuration', async () => {
    const embedder = await createEmbedder(tiny({ pooling: 'mean' }), {
      localModelPath: FIXTURE,
      allowRemoteModels: false,
    });
    open.push(embedder);
    expect(embedder.info.configHash).toMatch(/^[0-9a-f]{64}$/);
    expectClose(rows((await embedder.embed(['x'], { kind: 'query' })).data, 8), reference(['x'], 'mean', 'right'));
  });

  it('fails fast with model-unavailable naming the folder when weights are absent and remote loading is off', async () => {
    const error = await createEmbedder('local/all-minilm-l6-v2', {
      localModelPath: scratch,
      allowRemoteModels: false,
    }).catch((e: unknown) => e);
    expect(EmbeddersError.is(error) && error.code).toBe('model-unavailable');
    expect((error as Error).message).toContain(`${scratch}/Xenova/all-MiniLM-L6-v2`);
    expect((error as Error).message).toContain('remote loading is disabled');
  });

  it('rejects embed() after close()', async () => {
    const embedder = await createTransformersEmbedder(tiny(), { localModelPath: FIXTURE, allowRemoteModels: false });
    await embedder.close();
    await expect(embedder.embed(['x'], { kind: 'query' })).rejects.toThrow(TypeError);
  });
});

describe('createTransformersEmbedder weights', () => {
  const FILES = ['config.json', 'onnx/model.onnx', 'tokenizer.json', 'tokenizer_config.json'];

  it('records every loaded file with its size and SHA-256 in info.weights, null in a description without loading', async () => {
    const embedder = await load(tiny());
    const folder = join(FIXTURE, 'execret/tiny-bert');
    const files = await Promise.all(
      FILES.map(async (path) => {
        const bytes = await readFile(join(folder, path));
        return { path, bytes: bytes.length, sha256: sha256Hex(bytes) };
      }),
    );
    expect(embedder.info.weights).toEqual({
      sha256: sha256Hex(files.map((f) => `${f.sha256}  ${f.path}\n`).join('')),
      files,
      source: null,
    });
    expect(describeEmbedder(tiny()).weights).toBeNull();
    expect(describeEmbedder('openai/text-embedding-3-small').weights).toBeNull();
  });

  it('records the source of the folder weights.json (package, version, model, the package files)', async () => {
    const root = join(scratch, 'with-source');
    const folder = await writeTinyModel(join(root, 'execret/tiny-bert'));
    const hashes = Object.fromEntries(
      await Promise.all(FILES.map(async (f) => [f, sha256Hex(await readFile(join(folder, f)))] as const)),
    );
    const source = {
      kind: 'pypi',
      package: 'example-tiny-bert',
      version: '0.0.1',
      model: 'execret/tiny-bert',
      files: { 'model.safetensors': 'f'.repeat(64) },
    };
    await writeFile(join(folder, 'weights.json'), JSON.stringify({ source, files: hashes }));
    const embedder = await createTransformersEmbedder(tiny(), { localModelPath: root, allowRemoteModels: false });
    open.push(embedder);
    expect(embedder.info.weights?.source).toEqual(source);
  });

  it('never serves cached vectors of the weights a folder held before when its files are swapped', async () => {
    const root = join(scratch, 'swapped');
    const folder = join(root, 'execret/tiny-bert');
    const cache = await createEmbeddingCache(join(root, 'cache'), { fsync: false });
    const options = { localModelPath: root, allowRemoteModels: false };
    try {
      await writeTinyModel(folder);
      const first = await createTransformersEmbedder(tiny(), options);
      open.push(first);
      const before = await cachedEmbed(first, cache, TEXTS, { kind: 'document' });
      await writeTinyModel(folder, { contextScale: 0.25 }); // same settings and tokenizer, other weights
      const second = await createTransformersEmbedder(tiny(), options);
      open.push(second);
      expect(second.info.configHash).toBe(first.info.configHash);
      expect(second.info.weights?.sha256).not.toBe(first.info.weights?.sha256);
      const direct = await second.embed(TEXTS, { kind: 'document' });
      const after = await cachedEmbed(second, cache, TEXTS, { kind: 'document' });
      expect(after.cacheHits).toBe(0);
      expect(Array.from(after.data)).toEqual(Array.from(direct.data));
      expect(Array.from(after.data)).not.toEqual(Array.from(before.data));
      const again = await cachedEmbed(first, cache, TEXTS, { kind: 'document' });
      expect(again.cacheHits).toBe(TEXTS.length); // the first weights' vectors are still theirs
    } finally {
      await cache.close();
    }
  });
});

describe('writeTinyModel', () => {
  it('reproduces the committed fixture byte for byte', async () => {
    const out = await writeTinyModel(join(scratch, 'execret', 'tiny-bert'));
    for (const file of ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx']) {
      const fresh = await readFile(join(out, file));
      const committed = await readFile(join(FIXTURE, 'execret', 'tiny-bert', file));
      expect(fresh.equals(committed), file).toBe(true);
    }
    expect((await readdir(join(out, 'onnx'))).sort()).toEqual(['model.onnx']);
  });
});
