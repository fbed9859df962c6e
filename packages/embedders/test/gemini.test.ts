import {
  type FakeReply,
  type FakeRequest,
  geminiEmbeddingsResponse,
  normalized,
  recordingSleep,
  vectorFor,
} from '@execret/test-kit';
import { describe, expect, it } from 'vitest';
import { EmbeddersError } from '../src/errors.js';
import { createGeminiEmbedder } from '../src/providers/gemini.js';
import { providerServerPerTest } from './helpers/provider-server.js';

const KEY = 'AIza-test-SECRET-0987654321';
const { start } = providerServerPerTest(() => import('@google/genai'));

interface GeminiBody {
  requests: Array<{
    model: string;
    content: { parts: Array<{ text: string }> };
    taskType?: string;
    outputDimensionality?: number;
  }>;
}

/** Answers like batchEmbedContents: one unnormalised vector per request entry. */
function okReply(request: FakeRequest): FakeReply {
  return { json: geminiEmbeddingsResponse(request.body as GeminiBody, { dims: 3072 }) };
}

describe('createGeminiEmbedder', () => {
  it('sends CODE_RETRIEVAL_QUERY for queries and RETRIEVAL_DOCUMENT for code, one content per text, key in x-goog-api-key', async () => {
    const s = await start(okReply);
    const embedder = await createGeminiEmbedder('gemini/gemini-embedding-001', { apiKey: KEY, baseUrl: s.url });
    await embedder.embed(['find primes', 'merge intervals'], { kind: 'query' });
    await embedder.embed(['def f(): pass'], { kind: 'document' });

    const [queries, docs] = s.requests as [FakeRequest, FakeRequest];
    expect(queries.method).toBe('POST');
    expect(queries.path).toBe('/v1beta/models/gemini-embedding-001:batchEmbedContents');
    expect(queries.headers['x-goog-api-key']).toBe(KEY);
    const qBody = queries.body as GeminiBody;
    expect(qBody.requests).toHaveLength(2);
    expect(qBody.requests.map((r) => r.content.parts.map((p) => p.text))).toEqual([
      ['find primes'],
      ['merge intervals'],
    ]);
    expect(
      qBody.requests.every((r) => r.taskType === 'CODE_RETRIEVAL_QUERY' && r.model === 'models/gemini-embedding-001'),
    ).toBe(true);
    expect(qBody.requests[0]).not.toHaveProperty('outputDimensionality');
    expect((docs.body as GeminiBody).requests[0]?.taskType).toBe('RETRIEVAL_DOCUMENT');
  });

  it('sends outputDimensionality and re-normalises truncated vectors when dimensions is 768', async () => {
    const s = await start(okReply);
    const embedder = await createGeminiEmbedder('gemini/gemini-embedding-001', {
      apiKey: KEY,
      baseUrl: s.url,
      dimensions: 768,
    });
    const result = await embedder.embed(['binary search'], { kind: 'query' });
    expect((s.requests[0]!.body as GeminiBody).requests[0]?.outputDimensionality).toBe(768);
    expect(result.dims).toBe(768);
    expect(Array.from(result.data)).toEqual(Array.from(normalized(vectorFor('binary search', 768))));
    let norm = 0;
    for (const x of result.data) norm += x * x;
    expect(norm).toBeCloseTo(1, 6);
    expect(result.usage.tokensEstimated).toBe(true);
    expect(result.usage.inputTokens).toBe(5); // ceil(13 bytes / 3)
  });

  it('writes the task into the text and sends no task type for gemini-embedding-2', async () => {
    const s = await start(okReply);
    const embedder = await createGeminiEmbedder('gemini/gemini-embedding-2', { apiKey: KEY, baseUrl: s.url });
    await embedder.embed(['reverse a list'], { kind: 'query' });
    await embedder.embed(['def rev(xs): return xs[::-1]'], { kind: 'document' });
    const q = (s.requests[0]!.body as GeminiBody).requests[0];
    const d = (s.requests[1]!.body as GeminiBody).requests[0];
    expect(s.requests[0]?.path).toBe('/v1beta/models/gemini-embedding-2:batchEmbedContents');
    expect(q?.content.parts[0]?.text).toBe('task: code retrieval | query: reverse a list');
    expect(d?.content.parts[0]?.text).toBe('title: none | text: def rev(xs): return xs[::-1]');
    expect(q).not.toHaveProperty('taskType');
    expect(d).not.toHaveProperty('taskType');
  });

  it('sends at most 100 texts per request when given 250', async () => {
    const s = await start(okReply);
    const embedder = await createGeminiEmbedder('gemini/gemini-embedding-001', {
      apiKey: KEY,
      baseUrl: s.url,
      dimensions: 128,
    });
    const texts = Array.from({ length: 250 }, (_, i) => `t${i}`);
    const result = await embedder.embed(texts, { kind: 'document' });
    expect(s.requests.map((r) => (r.body as GeminiBody).requests.length).sort((a, b) => b - a)).toEqual([100, 100, 50]);
    expect(Array.from(result.data.subarray(249 * 128, 250 * 128))).toEqual(
      Array.from(normalized(vectorFor('t249', 128))),
    );
  });

  it('retries after the Retry-After delay when the API answers 429 RESOURCE_EXHAUSTED', async () => {
    const s = await start((r, n) =>
      n === 0
        ? {
            status: 429,
            headers: { 'retry-after': '3' },
            json: { error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'quota' } },
          }
        : okReply(r),
    );
    const { sleep, delays } = recordingSleep();
    const embedder = await createGeminiEmbedder('gemini/gemini-embedding-001', {
      apiKey: KEY,
      baseUrl: s.url,
      dimensions: 128,
      sleep,
    });
    const result = await embedder.embed(['x'], { kind: 'query' });
    expect(delays).toEqual([3000]);
    expect(result.usage.retries).toBe(1);
  });

  it.each([
    [
      'a null value',
      (): FakeReply => ({ json: { embeddings: [{ values: [0.1, null, 0.3, ...Array(125).fill(0)] }] } }),
    ],
    ['a string value', (): FakeReply => ({ json: { embeddings: [{ values: ['NaN', ...Array(127).fill(0)] }] } })],
    ['a missing vector', (): FakeReply => ({ json: { embeddings: [] } })],
    ['no embeddings field', (): FakeReply => ({ json: { error: 'none' } })],
    ['truncated JSON', (): FakeReply => ({ raw: '{"embeddings":[{"values":[0.1,' })],
  ])('fails with response when the response has %s', async (_, reply) => {
    const s = await start(() => reply());
    const embedder = await createGeminiEmbedder('gemini/gemini-embedding-001', {
      apiKey: KEY,
      baseUrl: s.url,
      dimensions: 128,
    });
    const error = await embedder.embed(['x'], { kind: 'query' }).catch((e: unknown) => e);
    expect(EmbeddersError.is(error) && error.code).toBe('response');
    expect(s.requests).toHaveLength(1);
  });

  it('fails with auth and hides the key when the API answers 403', async () => {
    const s = await start(() => ({
      status: 403,
      json: { error: { code: 403, message: `API key ${KEY} not valid`, status: 'PERMISSION_DENIED' } },
    }));
    const embedder = await createGeminiEmbedder('gemini/gemini-embedding-001', { apiKey: KEY, baseUrl: s.url });
    const error = (await embedder.embed(['x'], { kind: 'query' }).catch((e: unknown) => e)) as EmbeddersError;
    expect(error.code).toBe('auth');
    expect(`${error.message} ${(error.cause as Error).message}`).not.toContain(KEY);
  });
});
