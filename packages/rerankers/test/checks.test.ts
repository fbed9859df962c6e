/**
 * The built-in checks of issue 12, as tests over every kind of reranker that runs offline:
 * depth 1 keeps the first candidate; same inputs give the same outputs; a listwise ranker's result does not depend
 * on the input order within its window; pairwise asks both orders (see llm.test.ts for the request log).
 */
import { join } from 'node:path';
import { type FakeServer, type FakeVoyageRerank, startFakeServer, startFakeVoyageRerank } from '@execret/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlmReranker } from '../src/llm/chat-reranker.js';
import { createCrossEncoderReranker } from '../src/providers/transformers-cross-encoder.js';
import { createVoyageReranker } from '../src/providers/voyage.js';
import { getRerankerConfig } from '../src/registry.js';
import type { Reranker } from '../src/types.js';
import { candidates, fakeJudge, quality } from './helpers/judge.js';

const FIXTURE = join(__dirname, '..', '..', '..', 'fixtures', 'tiny-reranker');
const QUERY = 'sort a list of numbers';
let chat: FakeServer;
let rerankApi: FakeVoyageRerank;
const rerankers: Array<[string, () => Promise<Reranker>]> = [];

beforeAll(async () => {
  chat = await startFakeServer(fakeJudge());
  rerankApi = await startFakeVoyageRerank((_, document) => quality(document));
});
afterAll(async () => {
  await chat.close();
  await rerankApi.close();
});

rerankers.push(
  [
    'cross-encoder (tiny model)',
    () =>
      createCrossEncoderReranker(
        { ...getRerankerConfig('local/ms-marco-minilm-l-6-v2'), model: 'execret/tiny-cross-encoder', maxLength: 64 },
        { localModelPath: FIXTURE, allowRemoteModels: false },
      ),
  ],
  [
    'rerank API (voyage shape)',
    async () => createVoyageReranker('voyage/rerank-2.5', { apiKey: 'k-1234', baseUrl: rerankApi.baseURL }),
  ],
  ['LLM pointwise', () => createLlmReranker('openai-compatible/pointwise-yes-no', { baseUrl: `${chat.url}/v1` })],
  ['LLM listwise', () => createLlmReranker('openai-compatible/listwise-rankgpt', { baseUrl: `${chat.url}/v1` })],
  ['LLM pairwise', () => createLlmReranker('openai-compatible/pairwise-both-orders', { baseUrl: `${chat.url}/v1` })],
);

/**
 * Texts the tiny model tells apart (distinct words of its vocabulary), each with a declared quality for the fake
 * judges (the tiny model reads "quality 0.3" as unknown tokens, the same for every text).
 */
const DOCS = [
  ['def add two numbers x y', 0.3],
  ['def sort x return sorted x', 0.9],
  ['count words in text split len', 0.5],
  ['merge two sorted lists', 0.7],
  ['def reverse the string', 0.2],
].map(([words, q]) => `${words} quality ${q}`);

describe.each(rerankers)('built-in checks: %s', (_, make) => {
  it('keeps the first candidate when the depth is 1', async () => {
    const reranker = await make();
    expect(await reranker.rerank(QUERY, [DOCS[2] as string], { topN: 1 })).toEqual([
      expect.objectContaining({ index: 0 }),
    ]);
  });

  it('gives the same hits when called twice with the same inputs', async () => {
    const reranker = await make();
    expect(await reranker.rerank(QUERY, DOCS)).toEqual(await reranker.rerank(QUERY, DOCS));
  });

  it('ranks the same documents the same way when the input order is reversed (within one window)', async () => {
    const reranker = await make();
    const forward = (await reranker.rerank(QUERY, DOCS)).map((h) => DOCS[h.index]);
    const reversed = [...DOCS].reverse();
    const backward = (await reranker.rerank(QUERY, reversed)).map((h) => reversed[h.index]);
    expect(backward).toEqual(forward);
  });
});

describe('built-in checks: LLM listwise beyond one window', () => {
  it('puts the same documents in the top windowSize − step places whatever the input order', async () => {
    const reranker = await createLlmReranker('openai-compatible/listwise-rankgpt', {
      baseUrl: `${chat.url}/v1`,
      params: { windowSize: 4, step: 2 },
    });
    const docs = candidates([0.15, 0.85, 0.35, 0.55, 0.05, 0.95, 0.45, 0.25, 0.65]);
    const top = async (list: string[]) => (await reranker.rerank(QUERY, list)).slice(0, 2).map((h) => list[h.index]);
    const a = await top(docs);
    const b = await top([...docs].reverse());
    const c = await top([...docs.slice(4), ...docs.slice(0, 4)]);
    expect(a).toEqual(b);
    expect(a).toEqual(c);
    expect(a.map((d) => quality(d as string))).toEqual([0.95, 0.85]);
  });
});
