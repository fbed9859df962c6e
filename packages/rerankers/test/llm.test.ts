import { type FakeServer, recordingSleep, startFakeServer } from '@execret/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { RerankersError } from '../src/errors.js';
import { createLlmReranker } from '../src/llm/chat-reranker.js';
import { getRerankerConfig } from '../src/registry.js';
import { candidates, fakeJudge, quality } from './helpers/judge.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const QUERY = 'sort a list of numbers';
const QUALITIES = [0.2, 0.9, 0.4, 0.7, 0.1, 0.6];

async function ranker(id: string, params: Record<string, unknown> = {}, biased = false) {
  server = await startFakeServer(fakeJudge({ biased }));
  return createLlmReranker(id, { baseUrl: `${server.url}/v1`, apiKey: 'sk-chat-SECRET-1', model: 'fake-chat', params });
}

/** Indices of `docs` by declared quality, best first (ties by index). */
function byQuality(docs: readonly string[]): number[] {
  return docs
    .map((d, i) => ({ i, q: quality(d) }))
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((x) => x.i);
}

describe('createLlmReranker (pointwise yes/no through the openai SDK)', () => {
  it('scores P(yes) from the first token log-probabilities when the endpoint offers them', async () => {
    const reranker = await ranker('openai-compatible/pointwise-yes-no');
    const docs = candidates(QUALITIES);
    const hits = await reranker.rerank(QUERY, docs);
    expect(hits.map((h) => h.index)).toEqual(byQuality(docs));
    for (const hit of hits) {
      const q = QUALITIES[hit.index] as number;
      expect(hit.score).toBeCloseTo(q, 12);
      expect(hit.rawScore).toBeCloseTo(Math.log(q / (1 - q)), 12);
    }
    expect(server?.requests).toHaveLength(docs.length);
    expect(server?.requests[0]?.path).toBe('/v1/chat/completions');
    expect(server?.requests[0]?.body).toMatchObject({
      model: 'fake-chat',
      max_tokens: 1,
      logprobs: true,
      top_logprobs: 5,
      temperature: 0,
    });
    expect(reranker.usage()).toMatchObject({ calls: 1, requests: 6, inputTokens: 300, outputTokens: 18 });
  });

  it('falls back to the answer text when log-probabilities are switched off', async () => {
    const reranker = await ranker('openai-compatible/pointwise-yes-no', { logprobs: false });
    const hits = await reranker.rerank(QUERY, candidates([0.2, 0.9]));
    expect(hits).toEqual([
      { index: 1, score: 1, rawScore: Number.POSITIVE_INFINITY },
      { index: 0, score: 0, rawScore: Number.NEGATIVE_INFINITY },
    ]);
  });
});

describe('createLlmReranker (listwise RankGPT)', () => {
  it('orders by the model ranking in one call when the candidates fit one window', async () => {
    const reranker = await ranker('openai-compatible/listwise-rankgpt');
    const docs = candidates(QUALITIES);
    const hits = await reranker.rerank(QUERY, docs);
    expect(hits.map((h) => h.index)).toEqual(byQuality(docs));
    expect(hits.map((h) => h.rawScore)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(hits[0]?.score).toBe(1);
    expect(server?.requests).toHaveLength(1);
  });

  it('slides the window from the bottom to the top when there are more candidates than the window', async () => {
    const reranker = await ranker('openai-compatible/listwise-rankgpt', { windowSize: 4, step: 2 });
    const q = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.95, 0.8];
    const hits = await reranker.rerank(QUERY, candidates(q));
    // windows [4,8), [2,6), [0,4): 3 calls; the best (index 6) climbs to the top
    expect(server?.requests).toHaveLength(3);
    expect(hits.slice(0, 2).map((h) => h.index)).toEqual([6, 7]);
  });

  it('reads structured output when params.structuredOutput is set', async () => {
    const reranker = await ranker('openai-compatible/listwise-rankgpt', { structuredOutput: true });
    const docs = candidates(QUALITIES);
    const hits = await reranker.rerank(QUERY, docs);
    expect(hits.map((h) => h.index)).toEqual(byQuality(docs));
    expect(server?.requests[0]?.body.response_format).toMatchObject({ type: 'json_schema' });
  });

  it('fails with response when the model answers prose instead of a ranking', async () => {
    server = await startFakeServer(() => ({
      json: {
        id: 'x',
        object: 'chat.completion',
        created: 1,
        model: 'm',
        choices: [{ index: 0, message: { role: 'assistant', content: 'I think [2] is best.' }, finish_reason: 'stop' }],
      },
    }));
    const reranker = await createLlmReranker('openai-compatible/listwise-rankgpt', { baseUrl: `${server.url}/v1` });
    const error = await reranker.rerank(QUERY, candidates([0.1, 0.2])).catch((e: unknown) => e);
    expect(RerankersError.is(error) && error.code).toBe('response');
    expect(server.requests).toHaveLength(1);
  });

  it('retries through @execret/http when the chat endpoint answers 429', async () => {
    const judge = fakeJudge();
    server = await startFakeServer((r, n) => (n === 0 ? { status: 429, headers: { 'retry-after': '2' } } : judge(r)));
    const { sleep, delays } = recordingSleep();
    const reranker = await createLlmReranker('openai-compatible/listwise-rankgpt', {
      baseUrl: `${server.url}/v1`,
      sleep,
    });
    await reranker.rerank(QUERY, candidates([0.1, 0.2]));
    expect(delays).toEqual([2000]);
    expect(reranker.usage().retries).toBe(1);
  });
});

describe('createLlmReranker (pairwise, both orders)', () => {
  it('asks every pair in both orders and ranks by points when the judge is consistent', async () => {
    const reranker = await ranker('openai-compatible/pairwise-both-orders');
    const docs = candidates([0.3, 0.8, 0.5, 0.1]);
    const hits = await reranker.rerank(QUERY, docs);
    expect(hits.map((h) => h.index)).toEqual([1, 2, 0, 3]);
    expect(hits.map((h) => h.rawScore)).toEqual([3, 2, 1, 0]);
    expect(server?.requests).toHaveLength(12);
    const asked = (server?.requests ?? []).map((r) => {
      const user = r.body.messages[1].content as string;
      const a = /def f_(\d)/.exec(user.slice(user.indexOf('Snippet A:')))?.[1];
      const b = /def f_(\d)/.exec(user.slice(user.indexOf('Snippet B:')))?.[1];
      return `${a}${b}`;
    });
    for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) if (i !== j) expect(asked).toContain(`${i}${j}`);
  });

  it('cancels position bias into a tie that keeps first-stage order when the judge always says A', async () => {
    const reranker = await ranker('openai-compatible/pairwise-both-orders', {}, true);
    const hits = await reranker.rerank(QUERY, candidates([0.3, 0.8, 0.5]));
    expect(hits.map((h) => h.index)).toEqual([0, 1, 2]);
    expect(hits.every((h) => h.rawScore === 1)).toBe(true);
  });
});

describe('createLlmReranker', () => {
  it('changes configHash when the model or the window changes', async () => {
    const base = getRerankerConfig('openai-compatible/listwise-rankgpt');
    server = await startFakeServer(fakeJudge());
    const a = await createLlmReranker(base, { baseUrl: server.url, model: 'm1' });
    const b = await createLlmReranker(base, { baseUrl: server.url, model: 'm2' });
    const c = await createLlmReranker(base, { baseUrl: server.url, model: 'm1', params: { windowSize: 10, step: 5 } });
    expect(new Set([a.info.configHash, b.info.configHash, c.info.configHash]).size).toBe(3);
  });
});
