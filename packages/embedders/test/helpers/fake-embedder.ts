import { vectorFor } from '@execret/test-kit';
import { createRemoteEmbedder } from '../../src/remote-embedder.js';
import { resolveEmbedderInfo } from '../../src/resolve-info.js';
import type { Embedder, ModelConfig } from '../../src/types.js';

/** A self-hosted-style configuration for tests (never sent anywhere). */
export function fakeConfig(dims: number, maxBatch = 16): ModelConfig {
  return {
    id: 'test/fake',
    family: 'fake',
    provider: 'openai-compatible',
    model: 'fake-model',
    revision: null,
    dims,
    similarity: 'cosine',
    normalize: true,
    prefixes: { query: 'q: ', document: '' },
    taskTypes: { query: null, document: null },
    pooling: 'provider',
    paddingSide: null,
    dtype: 'fp32',
    maxBatch,
    maxTokensPerInput: 512,
    maxTokensPerRequest: null,
    price: null,
    sources: { model: 'test' },
  };
}

/**
 * An embedder that runs the real remote engine over an in-process adapter returning `vectorFor(text)`;
 * `calls` records the texts of every request (prefixes included).
 */
export function createFakeEmbedder(
  dims: number,
  options: { maxBatch?: number; delayMs?: number; concurrency?: number } = {},
): { embedder: Embedder; calls: string[][] } {
  const calls: string[][] = [];
  const info = resolveEmbedderInfo(fakeConfig(dims, options.maxBatch ?? 16));
  const embedder = createRemoteEmbedder(
    info,
    {
      component: 'fake',
      send: async ({ texts }) => {
        calls.push([...texts]);
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        return { vectors: texts.map((t) => vectorFor(t, dims)), inputTokens: texts.length };
      },
    },
    { concurrency: options.concurrency ?? 1 },
  );
  return { embedder, calls };
}

/** Distinct code-like documents used by the cache tests. */
export function corpus(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `def f_${i}(x):\n    return x * ${i} + ${(i * 7919) % 1000}`);
}
