import {
  type FakeReply,
  type FakeRequest,
  normalized,
  recordingSleep,
  vectorFor,
  voyageEmbeddingsResponse,
} from '@execret/test-kit';
import { describe, expect, it } from 'vitest';
import { EmbeddersError } from '../src/errors.js';
import { createVoyageEmbedder } from '../src/providers/voyage.js';
import { providerServerPerTest } from './helpers/provider-server.js';

const KEY = 'pa-voyage-SECRET-2468';
const { start } = providerServerPerTest();

function okReply(request: FakeRequest): FakeReply {
  const dims = request.body.output_dimension ?? 1024;
  return { json: voyageEmbeddingsResponse(request.body, { dims, tokensPerInput: 4 }) };
}

describe('createVoyageEmbedder', () => {
  it('sends input_type query or document and orders vectors by index when the server shuffles them', async () => {
    const s = await start(okReply);
    const embedder = await createVoyageEmbedder('voyage/voyage-code-3', { apiKey: KEY, baseUrl: `${s.url}/v1` });
    const q = await embedder.embed(['q1', 'q2'], { kind: 'query' });
    await embedder.embed(['def f(): pass'], { kind: 'document' });
    expect(s.requests[0]?.path).toBe('/v1/embeddings');
    expect(s.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(s.requests[0]?.body).toEqual({ model: 'voyage-code-3', input: ['q1', 'q2'], input_type: 'query' });
    expect(s.requests[1]?.body).toEqual({ model: 'voyage-code-3', input: ['def f(): pass'], input_type: 'document' });
    expect(Array.from(q.data.subarray(0, 1024))).toEqual(Array.from(normalized(vectorFor('q1', 1024))));
    expect(q.usage).toMatchObject({ inputTokens: 8, tokensEstimated: false });
  });

  it('sends output_dimension 2048 and output_dtype when overridden', async () => {
    const s = await start(okReply);
    const embedder = await createVoyageEmbedder('voyage/voyage-code-3', {
      apiKey: KEY,
      baseUrl: `${s.url}/v1`,
      dimensions: 2048,
      dtype: 'uint8',
    });
    await embedder.embed(['x'], { kind: 'query' });
    expect(s.requests[0]?.body).toMatchObject({ output_dimension: 2048, output_dtype: 'uint8' });
  });

  it('splits at 1,000 texts when given 1,001', async () => {
    const s = await start(okReply);
    const embedder = await createVoyageEmbedder('voyage/voyage-code-3', {
      apiKey: KEY,
      baseUrl: `${s.url}/v1`,
      dimensions: 256,
    });
    await embedder.embed(
      Array.from({ length: 1001 }, (_, i) => `s${i}`),
      { kind: 'document' },
    );
    expect(s.requests.map((r) => r.body.input.length).sort((a, b) => b - a)).toEqual([1000, 1]);
  });

  it('retries after Retry-After when the server answers 429', async () => {
    const s = await start((r, n) =>
      n === 0 ? { status: 429, headers: { 'retry-after': '1' }, json: { detail: 'rate' } } : okReply(r),
    );
    const { sleep, delays } = recordingSleep();
    const embedder = await createVoyageEmbedder('voyage/voyage-code-3', { apiKey: KEY, baseUrl: `${s.url}/v1`, sleep });
    await embedder.embed(['x'], { kind: 'query' });
    expect(delays).toEqual([1000]);
  });

  it('fails with response when the body is not JSON', async () => {
    const s = await start(() => ({ raw: '<html>gateway</html>' }));
    const embedder = await createVoyageEmbedder('voyage/voyage-code-3', { apiKey: KEY, baseUrl: `${s.url}/v1` });
    const error = await embedder.embed(['x'], { kind: 'query' }).catch((e: unknown) => e);
    expect(EmbeddersError.is(error) && error.code).toBe('response');
  });

  it('throws RangeError when the requested dimensions are not offered', async () => {
    await expect(createVoyageEmbedder('voyage/voyage-code-3', { apiKey: KEY, dimensions: 300 })).rejects.toThrow(
      /256, 512, 1024, 2048/,
    );
  });
});
