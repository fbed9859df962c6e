import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '@execret/formats';
import { afterAll, describe, expect, it } from 'vitest';
import {
  TINY_RERANKER_BIAS,
  TINY_RERANKER_HIDDEN,
  TINY_RERANKER_VOCAB,
  tinyRerankerClassifier,
  tinyRerankerType,
  tinyRerankerWord,
  writeTinyReranker,
} from '../scripts/tiny-reranker.js';
import { describeReranker } from '../src/create-reranker.js';
import { RerankersError } from '../src/errors.js';
import { createCrossEncoderReranker } from '../src/providers/transformers-cross-encoder.js';
import { getRerankerConfig } from '../src/registry.js';
import type { RerankerConfig } from '../src/types.js';

const FIXTURE = join(__dirname, '..', '..', '..', 'fixtures', 'tiny-reranker');
const MODEL = 'execret/tiny-cross-encoder';

/** A registry-style entry pointing at the tiny model. */
function tinyConfig(maxLength: number | null = 64): RerankerConfig {
  return { ...getRerankerConfig('local/ms-marco-minilm-l-6-v2'), id: 'test/tiny', model: MODEL, maxLength };
}

/** Independent reference: ids by whitespace split over the vocabulary, then the graph's formula in float64. */
function referenceLogit(query: string, doc: string, maxLength = 64): number {
  const id = (w: string) => {
    const i = TINY_RERANKER_VOCAB.indexOf(w);
    if (i < 0) throw new Error(`not in the tiny vocabulary: ${w}`);
    return i;
  };
  const q = query.toLowerCase().split(/\s+/).filter(Boolean).map(id);
  let d = doc.toLowerCase().split(/\s+/).filter(Boolean).map(id);
  const room = maxLength - q.length - 3;
  if (d.length > room) d = d.slice(0, Math.max(0, room));
  const tokens: Array<[number, number]> = [
    [2, 0],
    ...q.map((t): [number, number] => [t, 0]),
    [3, 0],
    ...d.map((t): [number, number] => [t, 1]),
    [3, 1],
  ];
  let logit = TINY_RERANKER_BIAS;
  for (let h = 0; h < TINY_RERANKER_HIDDEN; h++) {
    let pooled = 0;
    for (const [t, y] of tokens) pooled += Math.fround(tinyRerankerWord(t, h)) + Math.fround(tinyRerankerType(y, h));
    logit += Math.tanh(pooled) * tinyRerankerClassifier(h);
  }
  return logit;
}

const QUERY = 'sort a list of numbers';
const DOCS = [
  'def sort x return sorted x',
  'def reverse the string',
  'def add two numbers x y',
  'count words in text split len',
  'binary search in a sorted list',
];

const scratch: string[] = [];
afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

describe('createCrossEncoderReranker', () => {
  it('scores each pair by its logit, matching an independent reference, when run on the tiny model', async () => {
    const reranker = await createCrossEncoderReranker(tinyConfig(), {
      localModelPath: FIXTURE,
      allowRemoteModels: false,
    });
    const hits = await reranker.rerank(QUERY, DOCS);
    expect(hits).toHaveLength(DOCS.length);
    const byIndex = new Map(hits.map((h) => [h.index, h]));
    for (let i = 0; i < DOCS.length; i++) {
      const hit = byIndex.get(i);
      expect(hit?.rawScore).toBeCloseTo(referenceLogit(QUERY, DOCS[i] as string), 5);
      expect(hit?.score).toBe(hit?.rawScore);
    }
    expect(new Set(hits.map((h) => h.rawScore.toFixed(6))).size).toBe(DOCS.length);
    for (let k = 1; k < hits.length; k++)
      expect((hits[k - 1] as { score: number }).score).toBeGreaterThanOrEqual((hits[k] as { score: number }).score);
    expect(reranker.usage()).toMatchObject({ calls: 1, documents: 5, costUsd: null });
    await reranker.close();
  });

  it('gives the same logit whatever the batch size when pairs are padded', async () => {
    const one = await createCrossEncoderReranker(tinyConfig(), {
      localModelPath: FIXTURE,
      allowRemoteModels: false,
      batchSize: 1,
    });
    const all = await createCrossEncoderReranker(tinyConfig(), {
      localModelPath: FIXTURE,
      allowRemoteModels: false,
      batchSize: 5,
    });
    const a = await one.rerank(QUERY, DOCS);
    const b = await all.rerank(QUERY, DOCS);
    expect(a.map((h) => h.index)).toEqual(b.map((h) => h.index));
    a.forEach((h, k) => {
      expect(h.rawScore).toBeCloseTo((b[k] as { rawScore: number }).rawScore, 5);
    });
    expect(one.usage().requests).toBe(5);
    expect(all.usage().requests).toBe(1);
  });

  it('cuts the end of the document and keeps the final [SEP] when a pair exceeds maxLength', async () => {
    const reranker = await createCrossEncoderReranker(tinyConfig(10), {
      localModelPath: FIXTURE,
      allowRemoteModels: false,
    });
    const doc = 'def sort x return sorted x def sort x return sorted x';
    const [hit] = await reranker.rerank(QUERY, [doc]);
    expect(hit?.rawScore).toBeCloseTo(referenceLogit(QUERY, doc, 10), 5);
    expect(hit?.rawScore).not.toBeCloseTo(referenceLogit(QUERY, doc, 64), 3);
  });

  it('keeps the only candidate when given one', async () => {
    const reranker = await createCrossEncoderReranker(tinyConfig(), {
      localModelPath: FIXTURE,
      allowRemoteModels: false,
    });
    const hits = await reranker.rerank(QUERY, ['def reverse the string'], { topN: 1 });
    expect(hits.map((h) => h.index)).toEqual([0]);
  });

  it('returns only topN hits, best first, when topN is set', async () => {
    const reranker = await createCrossEncoderReranker(tinyConfig(), {
      localModelPath: FIXTURE,
      allowRemoteModels: false,
    });
    const all = await reranker.rerank(QUERY, DOCS);
    const top = await reranker.rerank(QUERY, DOCS, { topN: 2 });
    expect(top).toEqual(all.slice(0, 2));
  });

  it('records the loaded files with their sizes and SHA-256 in info.weights, null in a description', async () => {
    const reranker = await createCrossEncoderReranker(tinyConfig(), {
      localModelPath: FIXTURE,
      allowRemoteModels: false,
    });
    try {
      const folder = join(FIXTURE, MODEL);
      const files = await Promise.all(
        ['config.json', 'onnx/model.onnx', 'tokenizer.json', 'tokenizer_config.json'].map(async (path) => {
          const bytes = await readFile(join(folder, path));
          return { path, bytes: bytes.length, sha256: sha256Hex(bytes) };
        }),
      );
      expect(reranker.info.weights).toEqual({
        sha256: sha256Hex(files.map((f) => `${f.sha256}  ${f.path}\n`).join('')),
        files,
        source: null,
      });
      expect(describeReranker(tinyConfig()).weights).toBeNull();
    } finally {
      await reranker.close();
    }
  });

  it('fails with model-unavailable naming the folder when the files are absent and remote loading is off', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'execret-rerankers-'));
    scratch.push(dir);
    const error = await createCrossEncoderReranker('local/bge-reranker-base', {
      localModelPath: dir,
      allowRemoteModels: false,
    }).catch((e: unknown) => e);
    expect(RerankersError.is(error) && error.code).toBe('model-unavailable');
    expect((error as Error).message).toContain(`${dir}/Xenova/bge-reranker-base`);
  });

  it('writes byte-identical files when the fixture is remade', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'execret-tiny-reranker-'));
    scratch.push(dir);
    await writeTinyReranker(dir);
    for (const file of ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx']) {
      expect(Buffer.compare(await readFile(join(dir, file)), await readFile(join(FIXTURE, MODEL, file))), file).toBe(0);
    }
  });
});
