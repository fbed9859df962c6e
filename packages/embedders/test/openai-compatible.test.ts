import {
  type FakeReply,
  type FakeRequest,
  normalized,
  openAIEmbeddingsResponse,
  recordingSleep,
  vectorFor,
} from '@execret/test-kit';
import { describe, expect, it } from 'vitest';
import { EmbeddersError } from '../src/errors.js';
import { createOpenAICompatibleEmbedder } from '../src/providers/openai-compatible.js';
import { providerServerPerTest } from './helpers/provider-server.js';

const { start } = providerServerPerTest();

function okReply(request: FakeRequest, base64 = false): FakeReply {
  const dims = request.body.dimensions ?? 4096;
  return {
    json: openAIEmbeddingsResponse(request.body, { dims, encoding: base64 ? 'base64' : 'float', tokensPerInput: 5 }),
  };
}

describe('createOpenAICompatibleEmbedder', () => {
  it('prefixes Qwen3 queries with the instruction, leaves documents bare and sends no key when none is given', async () => {
    const s = await start((r) => okReply(r));
    const embedder = await createOpenAICompatibleEmbedder('openai-compatible/qwen3-embedding-8b', {
      baseUrl: `${s.url}/v1`,
    });
    const q = await embedder.embed(['sort a list'], { kind: 'query' });
    await embedder.embed(['def f(): pass'], { kind: 'document' });
    const query =
      'Instruct: Given a web search query, retrieve relevant passages that answer the query\nQuery:sort a list';
    expect(s.requests[0]?.path).toBe('/v1/embeddings');
    expect(s.requests[0]?.body).toEqual({ model: 'Qwen/Qwen3-Embedding-8B', input: [query], encoding_format: 'float' });
    expect(s.requests[0]?.headers).not.toHaveProperty('authorization');
    expect(s.requests[1]?.body.input).toEqual(['def f(): pass']);
    expect(Array.from(q.data)).toEqual(Array.from(normalized(vectorFor(query, 4096))));
    expect(embedder.info).toMatchObject({ pooling: 'last-token', paddingSide: 'left', dtype: 'bf16', price: null });
    expect(q.usage.costUsd).toBeNull();
  });

  it('sends dimensions, a served model name, a bearer key and base64 encoding when asked', async () => {
    const s = await start((r) => okReply(r, true));
    const embedder = await createOpenAICompatibleEmbedder('openai-compatible/qwen3-embedding-8b-fp16', {
      baseUrl: `${s.url}/v1/`,
      apiKey: 'local-token',
      dimensions: 1024,
      model: 'qwen3-8b',
      encodingFormat: 'base64',
    });
    const result = await embedder.embed(['x'], { kind: 'document' });
    expect(s.requests[0]?.headers.authorization).toBe('Bearer local-token');
    expect(s.requests[0]?.body).toEqual({
      model: 'qwen3-8b',
      input: ['x'],
      encoding_format: 'base64',
      dimensions: 1024,
    });
    expect(result.dims).toBe(1024);
  });

  it('uses the Jina nl2code prefixes for queries and documents', async () => {
    const s = await start((r) => okReply({ ...r, body: { ...r.body, dimensions: 896 } }));
    const embedder = await createOpenAICompatibleEmbedder('openai-compatible/jina-code-embeddings-0.5b', {
      baseUrl: s.url,
    });
    await embedder.embed(['parse json'], { kind: 'query' });
    await embedder.embed(['json.loads(s)'], { kind: 'document' });
    expect(s.requests[0]?.body.input).toEqual([
      'Find the most relevant code snippet given the following query:\nparse json',
    ]);
    expect(s.requests[1]?.body.input).toEqual(['Candidate code snippet:\njson.loads(s)']);
  });

  it('explains a server that ignores dimensions with response', async () => {
    const s = await start((r) => okReply({ ...r, body: { ...r.body, dimensions: undefined } }));
    const embedder = await createOpenAICompatibleEmbedder('openai-compatible/qwen3-embedding-8b', {
      baseUrl: s.url,
      dimensions: 512,
    });
    const error = await embedder.embed(['x'], { kind: 'query' }).catch((e: unknown) => e);
    expect(EmbeddersError.is(error) && error.code).toBe('response');
    expect((error as Error).message).toMatch(/4096 dimensions, expected 512/);
  });

  it('retries a 502 from the server', async () => {
    const s = await start((r, n) => (n < 2 ? { status: 502, raw: 'bad gateway' } : okReply(r)));
    const { sleep, delays } = recordingSleep();
    const embedder = await createOpenAICompatibleEmbedder('openai-compatible/qwen3-embedding-8b', {
      baseUrl: s.url,
      sleep,
      random: () => 1,
    });
    await embedder.embed(['x'], { kind: 'query' });
    expect(delays).toEqual([500, 1000]);
  });

  it('throws TypeError when baseUrl is missing', async () => {
    await expect(createOpenAICompatibleEmbedder('openai-compatible/qwen3-embedding-8b')).rejects.toThrow(
      /baseUrl is required/,
    );
  });
});
