import { httpFailure } from '@execret/http';
import {
  type FakeReply,
  type FakeRequest,
  mistralEmbeddingsResponse,
  normalized,
  recordingSleep,
  vectorFor,
} from '@execret/test-kit';
import { describe, expect, it } from 'vitest';
import { EmbeddersError } from '../src/errors.js';
import { createMistralEmbedder } from '../src/providers/mistral.js';
import { providerServerPerTest } from './helpers/provider-server.js';

const KEY = 'mistral-test-SECRET-5555';
const { start } = providerServerPerTest(() => import('@mistralai/mistralai'));

/** Answers like the Mistral embeddings API (`id`, `object`, `data`, `model`, `usage` are all required by the SDK). */
function okReply(request: FakeRequest, dims: number, round = false): FakeReply {
  const vector = (text: string, d: number) => vectorFor(text, d).map((x) => (round ? Math.round(x * 100) : x));
  return { json: mistralEmbeddingsResponse(request.body, { dims, tokensPerInput: 3, vector }) };
}

describe('createMistralEmbedder', () => {
  it('sends model and input with a bearer key and no output options for mistral-embed', async () => {
    const s = await start((r) => okReply(r, 1024));
    const embedder = await createMistralEmbedder('mistral/mistral-embed', { apiKey: KEY, baseUrl: s.url });
    const result = await embedder.embed(['a', 'bb'], { kind: 'query' });
    const request = s.requests[0] as FakeRequest;
    expect(request.path).toBe('/v1/embeddings');
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body).toEqual({ model: 'mistral-embed', input: ['a', 'bb'] });
    expect(Array.from(result.data.subarray(0, 1024))).toEqual(Array.from(normalized(vectorFor('a', 1024))));
    expect(result.usage.inputTokens).toBe(6);
    expect(result.usage.costUsd).toBeCloseTo((6 * 0.1) / 1e6, 15);
  });

  it('sends output_dimension and output_dtype for Codestral Embed and keeps integer values unnormalised', async () => {
    const s = await start((r) => okReply(r, r.body.output_dimension ?? 1536, true));
    const embedder = await createMistralEmbedder('mistral/codestral-embed', {
      apiKey: KEY,
      baseUrl: s.url,
      dimensions: 3072,
      dtype: 'int8',
    });
    expect(embedder.info.normalize).toBe(false);
    const result = await embedder.embed(['def f(): pass'], { kind: 'document' });
    expect(s.requests[0]?.body).toEqual({
      model: 'codestral-embed',
      input: ['def f(): pass'],
      output_dimension: 3072,
      output_dtype: 'int8',
    });
    expect(Array.from(result.data)).toEqual(vectorFor('def f(): pass', 3072).map((x) => Math.round(x * 100)));
  });

  it('retries when the server answers 503 and then succeeds', async () => {
    const s = await start((r, n) => (n === 0 ? { status: 503, json: { message: 'busy' } } : okReply(r, 1024)));
    const { sleep, delays } = recordingSleep();
    const embedder = await createMistralEmbedder('mistral/mistral-embed', {
      apiKey: KEY,
      baseUrl: s.url,
      sleep,
      random: () => 0,
    });
    const result = await embedder.embed(['a'], { kind: 'query' });
    expect(delays).toEqual([250]);
    expect(result.usage.retries).toBe(1);
  });

  it('fails with response when the SDK rejects a body without the required fields', async () => {
    const s = await start(() => ({ json: { data: [{ embedding: [1, 2] }] } }));
    const embedder = await createMistralEmbedder('mistral/mistral-embed', { apiKey: KEY, baseUrl: s.url });
    const error = await embedder.embed(['a'], { kind: 'query' }).catch((e: unknown) => e);
    expect(EmbeddersError.is(error) && error.code).toBe('response');
    expect(s.requests).toHaveLength(1);
  });

  it('fails with auth when the server answers 401', async () => {
    const s = await start(() => ({ status: 401, json: { message: 'Unauthorized' } }));
    const embedder = await createMistralEmbedder('mistral/mistral-embed', { apiKey: KEY, baseUrl: s.url });
    const error = await embedder.embed(['a'], { kind: 'query' }).catch((e: unknown) => e);
    expect(EmbeddersError.is(error) && error.code).toBe('auth');
    expect(httpFailure(error)?.status).toBe(401);
  });

  it('throws RangeError when the dtype is not offered by the model', async () => {
    await expect(createMistralEmbedder('mistral/mistral-embed', { apiKey: KEY, dtype: 'int8' })).rejects.toThrow(
      RangeError,
    );
  });
});
