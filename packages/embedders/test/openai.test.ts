import { httpFailure } from '@execret/http';
import {
  base64Vector,
  type FakeReply,
  type FakeRequest,
  normalized,
  openAIEmbeddingsResponse,
  recordingSleep,
  vectorFor,
} from '@execret/test-kit';
import { describe, expect, it } from 'vitest';
import { EmbeddersError } from '../src/errors.js';
import { createOpenAIEmbedder } from '../src/providers/openai.js';
import { providerServerPerTest } from './helpers/provider-server.js';

const KEY = 'sk-test-SECRET-1234567890';
const { start, stop } = providerServerPerTest(() => import('openai'));

/** Answers like the OpenAI API: base64 float32 vectors derived from each input. */
function okReply(request: FakeRequest, dims: number): FakeReply {
  return { json: openAIEmbeddingsResponse(request.body, { dims, encoding: 'base64', tokensPerInput: 10 }) };
}

describe('createOpenAIEmbedder', () => {
  it('sends the documented request shape and returns normalised vectors in input order when the server answers', async () => {
    const s = await start((r) => okReply(r, 1536));
    const embedder = await createOpenAIEmbedder('openai/text-embedding-3-small', {
      apiKey: KEY,
      baseUrl: `${s.url}/v1`,
    });
    const texts = ['sort a list', 'def f(x): return x'];
    const result = await embedder.embed(texts, { kind: 'query' });

    expect(s.requests).toHaveLength(1);
    const request = s.requests[0] as FakeRequest;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/embeddings');
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body).toEqual({ model: 'text-embedding-3-small', input: texts, encoding_format: 'base64' });
    expect(result.rows).toBe(2);
    expect(result.dims).toBe(1536);
    expect(Array.from(result.data.subarray(1536, 3072))).toEqual(
      Array.from(normalized(vectorFor(texts[1] as string, 1536))),
    );
    expect(result.usage).toMatchObject({ texts: 2, requests: 1, retries: 0, inputTokens: 20, tokensEstimated: false });
    expect(result.usage.costUsd).toBeCloseTo((20 * 0.02) / 1e6, 15);
    expect(embedder.usage().inputTokens).toBe(20);
  });

  it('sends dimensions only when they differ from the full size', async () => {
    const s = await start((r) => okReply(r, r.body.dimensions ?? 3072));
    const short = await createOpenAIEmbedder('openai/text-embedding-3-large', {
      apiKey: KEY,
      baseUrl: `${s.url}/v1`,
      dimensions: 256,
    });
    const full = await createOpenAIEmbedder('openai/text-embedding-3-large', { apiKey: KEY, baseUrl: `${s.url}/v1` });
    expect((await short.embed(['a'], { kind: 'document' })).dims).toBe(256);
    await full.embed(['a'], { kind: 'document' });
    expect(s.requests[0]?.body.dimensions).toBe(256);
    expect(s.requests[1]?.body).not.toHaveProperty('dimensions');
    expect(short.info.configHash).not.toBe(full.info.configHash);
  });

  it('splits requests at 2,048 inputs when given more', async () => {
    const s = await start((r) => okReply(r, 8));
    const embedder = await createOpenAIEmbedder('openai/text-embedding-3-small', {
      apiKey: KEY,
      baseUrl: `${s.url}/v1`,
      dimensions: 8,
    });
    const texts = Array.from({ length: 2100 }, (_, i) => `snippet ${i}`);
    const result = await embedder.embed(texts, { kind: 'document' });
    expect(s.requests.map((r) => r.body.input.length)).toEqual([2048, 52]);
    expect(Array.from(result.data.subarray(2099 * 8, 2100 * 8))).toEqual(
      Array.from(normalized(vectorFor('snippet 2099', 8))),
    );
  });

  it('splits requests at the 300,000-token cap when the estimate says the batch is too large', async () => {
    const s = await start((r) => okReply(r, 8));
    // 100 bytes at 0.001 bytes per token = 100,000 estimated tokens per text
    const embedder = await createOpenAIEmbedder('openai/text-embedding-3-small', {
      apiKey: KEY,
      baseUrl: `${s.url}/v1`,
      dimensions: 8,
      bytesPerToken: 0.001,
    });
    const texts = Array.from({ length: 7 }, (_, i) => `${i}`.padEnd(100, 'x'));
    await embedder.embed(texts, { kind: 'document' });
    expect(s.requests.map((r) => r.body.input.length)).toEqual([3, 3, 1]);
  });

  it('keeps at most `concurrency` requests in flight when many batches are pending', async () => {
    const s = await start((r) => ({ ...(okReply(r, 4) as object), delayMs: 30 }));
    const embedder = await createOpenAIEmbedder('openai/text-embedding-3-small', {
      apiKey: KEY,
      baseUrl: `${s.url}/v1`,
      dimensions: 4,
      maxBatch: 1,
      concurrency: 2,
    });
    await embedder.embed(['a', 'b', 'c', 'd', 'e', 'f'], { kind: 'document' });
    expect(s.requests).toHaveLength(6);
    expect(s.maxInFlight()).toBe(2);
  });

  it('waits as long as Retry-After says and retries when the server answers 429', async () => {
    const s = await start((r, n) =>
      n === 0
        ? { status: 429, headers: { 'retry-after': '7' }, json: { error: { message: 'slow down' } } }
        : okReply(r, 4),
    );
    const { sleep, delays } = recordingSleep();
    const embedder = await createOpenAIEmbedder('openai/text-embedding-3-small', {
      apiKey: KEY,
      baseUrl: `${s.url}/v1`,
      dimensions: 4,
      sleep,
    });
    const result = await embedder.embed(['x'], { kind: 'query' });
    expect(delays).toEqual([7000]);
    expect(s.requests).toHaveLength(2);
    expect(result.usage.retries).toBe(1);
  });

  it('honours an HTTP-date Retry-After measured from the injected clock', async () => {
    const s = await start((r, n) =>
      n === 0 ? { status: 429, headers: { 'retry-after': 'Wed, 21 Oct 2015 07:28:05 GMT' } } : okReply(r, 4),
    );
    const { sleep, delays } = recordingSleep();
    const embedder = await createOpenAIEmbedder('openai/text-embedding-3-small', {
      apiKey: KEY,
      baseUrl: `${s.url}/v1`,
      dimensions: 4,
      sleep,
      now: () => Date.UTC(2015, 9, 21, 7, 28, 1),
    });
    await embedder.embed(['x'], { kind: 'query' });
    expect(delays).toEqual([4000]);
  });

  it('backs off exponentially with jitter when the server answers 500 repeatedly, then gives up', async () => {
    const s = await start(() => ({ status: 500, json: { error: { message: 'boom' } } }));
    const { sleep, delays } = recordingSleep();
    const embedder = await createOpenAIEmbedder('openai/text-embedding-3-small', {
      apiKey: KEY,
      baseUrl: `${s.url}/v1`,
      dimensions: 4,
      sleep,
      random: () => 0.5,
      maxRetries: 3,
      baseDelayMs: 100,
    });
    const error = await embedder.embed(['x'], { kind: 'query' }).catch((e: unknown) => e);
    expect(EmbeddersError.is(error) && error.code).toBe('server');
    expect(httpFailure(error)).toMatchObject({ attempts: 4, status: 500 });
    expect(s.requests).toHaveLength(4);
    // cap = 100·2^retry; delay = cap/2 + 0.5·cap/2
    expect(delays).toEqual([75, 150, 300]);
  });

  it('times out and retries when the server hangs', async () => {
    const s = await start((r, n) => (n === 0 ? 'hang' : okReply(r, 4)));
    const { sleep } = recordingSleep();
    const embedder = await createOpenAIEmbedder('openai/text-embedding-3-small', {
      apiKey: KEY,
      baseUrl: `${s.url}/v1`,
      dimensions: 4,
      sleep,
      timeoutMs: 150,
    });
    const result = await embedder.embed(['x'], { kind: 'query' });
    expect(result.usage.retries).toBe(1);
    expect(s.requests).toHaveLength(2);
  });

  it('fails with timeout after the last attempt when the server always hangs', async () => {
    const s = await start(() => 'hang');
    const { sleep } = recordingSleep();
    const embedder = await createOpenAIEmbedder('openai/text-embedding-3-small', {
      apiKey: KEY,
      baseUrl: `${s.url}/v1`,
      dimensions: 4,
      sleep,
      timeoutMs: 100,
      maxRetries: 1,
    });
    const error = await embedder.embed(['x'], { kind: 'query' }).catch((e: unknown) => e);
    expect(EmbeddersError.is(error) && error.code).toBe('timeout');
    expect(s.requests).toHaveLength(2);
  });

  it.each([
    ['truncated JSON', (): FakeReply => ({ raw: '{"object":"list","data":[{"index":0,"embedd' })],
    [
      'a wrong vector count',
      (r: FakeRequest): FakeReply => {
        const reply = okReply(r, 4) as { json: { data: unknown[] } };
        reply.json.data.pop();
        return reply;
      },
    ],
    [
      'NaN values',
      (r: FakeRequest): FakeReply => ({
        json: {
          data: r.body.input.map((_: string, index: number) => ({
            index,
            embedding: base64Vector([0.5, Number.NaN, 0, 1]),
          })),
          usage: { prompt_tokens: 1 },
        },
      }),
    ],
    ['wrong dimensions', (r: FakeRequest): FakeReply => okReply(r, 5)],
    [
      'duplicate indices',
      (r: FakeRequest): FakeReply => ({
        json: { data: r.body.input.map(() => ({ index: 0, embedding: base64Vector([1, 0, 0, 0]) })) },
      }),
    ],
  ])('fails with response without retrying when the response has %s', async (_, reply) => {
    const s = await start((r) => reply(r));
    const embedder = await createOpenAIEmbedder('openai/text-embedding-3-small', {
      apiKey: KEY,
      baseUrl: `${s.url}/v1`,
      dimensions: 4,
    });
    const error = await embedder.embed(['a', 'b'], { kind: 'document' }).catch((e: unknown) => e);
    expect(EmbeddersError.is(error) && error.code).toBe('response');
    expect(s.requests).toHaveLength(1);
  });

  it('fails with auth at once and never reveals the key when the server answers 401', async () => {
    const s = await start(() => ({ status: 401, json: { error: { message: `Incorrect API key provided: ${KEY}` } } }));
    const embedder = await createOpenAIEmbedder('openai/text-embedding-3-small', {
      apiKey: KEY,
      baseUrl: `${s.url}/v1`,
    });
    const error = await embedder.embed(['a'], { kind: 'document' }).catch((e: unknown) => e);
    expect(EmbeddersError.is(error) && error.code).toBe('auth');
    expect(s.requests).toHaveLength(1);
    const err = error as EmbeddersError;
    const everything = `${err.message} ${String((err.cause as Error).message)} ${err.stack} ${JSON.stringify(err)}`;
    expect(everything).not.toContain(KEY);
    expect(err.message).toContain('[redacted]');
    expect(JSON.stringify(embedder)).not.toContain(KEY);
    expect(JSON.stringify(embedder.info)).not.toContain(KEY);
  });

  it('fails at once with rate-limit when Retry-After exceeds maxRetryAfterMs', async () => {
    const s = await start(() => ({ status: 429, headers: { 'retry-after': '3600' } }));
    const { sleep, delays } = recordingSleep();
    const embedder = await createOpenAIEmbedder('openai/text-embedding-3-small', {
      apiKey: KEY,
      baseUrl: `${s.url}/v1`,
      sleep,
    });
    const error = await embedder.embed(['a'], { kind: 'document' }).catch((e: unknown) => e);
    expect(EmbeddersError.is(error) && error.code).toBe('rate-limit');
    expect(httpFailure(error)?.retryAfterMs).toBe(3_600_000);
    expect(delays).toEqual([]);
  });

  it('fails with request without retrying when the server answers 400', async () => {
    const s = await start(() => ({ status: 400, json: { error: { message: 'input too long' } } }));
    const embedder = await createOpenAIEmbedder('openai/text-embedding-3-small', {
      apiKey: KEY,
      baseUrl: `${s.url}/v1`,
    });
    const error = await embedder.embed(['a'], { kind: 'document' }).catch((e: unknown) => e);
    expect(EmbeddersError.is(error) && error.code).toBe('request');
    expect(s.requests).toHaveLength(1);
  });

  it('fails with network after retries when nothing listens on the port', async () => {
    const s = await start(() => 'hang');
    const url = s.url;
    await stop();
    const { sleep, delays } = recordingSleep();
    const embedder = await createOpenAIEmbedder('openai/text-embedding-3-small', {
      apiKey: KEY,
      baseUrl: `${url}/v1`,
      sleep,
      maxRetries: 2,
    });
    const error = await embedder.embed(['a'], { kind: 'document' }).catch((e: unknown) => e);
    expect(EmbeddersError.is(error) && error.code).toBe('network');
    expect(delays).toHaveLength(2);
  });

  it('rejects with aborted when the caller aborts a hanging request', async () => {
    const s = await start(() => 'hang');
    const embedder = await createOpenAIEmbedder('openai/text-embedding-3-small', {
      apiKey: KEY,
      baseUrl: `${s.url}/v1`,
    });
    const controller = new AbortController();
    const pending = embedder.embed(['a'], { kind: 'document', signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stop')), 20);
    const error = await pending.catch((e: unknown) => e);
    expect(EmbeddersError.is(error) && error.code).toBe('aborted');
  });

  it('fails with auth before any request when no key is given', async () => {
    await expect(createOpenAIEmbedder('openai/text-embedding-3-small', {})).rejects.toMatchObject({ code: 'auth' });
  });

  it('returns an empty matrix without a request when given no texts', async () => {
    const s = await start((r) => okReply(r, 1536));
    const embedder = await createOpenAIEmbedder('openai/text-embedding-3-small', {
      apiKey: KEY,
      baseUrl: `${s.url}/v1`,
    });
    const result = await embedder.embed([], { kind: 'query' });
    expect(result).toMatchObject({ rows: 0, dims: 1536 });
    expect(result.data).toHaveLength(0);
    expect(s.requests).toHaveLength(0);
  });

  it('throws TypeError when kind is missing or a text is not a string', async () => {
    const embedder = await createOpenAIEmbedder('openai/text-embedding-3-small', {
      apiKey: KEY,
      baseUrl: 'http://127.0.0.1:9/v1',
    });
    await expect(embedder.embed(['a'], { kind: 'code' as never })).rejects.toThrow(TypeError);
    await expect(embedder.embed([1 as never], { kind: 'query' })).rejects.toThrow(TypeError);
  });
});
