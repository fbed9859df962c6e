import { describe, expect, it } from 'vitest';
import { createReranker, describeReranker } from './create-reranker.js';
import { RerankersError } from './errors.js';

describe('createReranker', () => {
  it('builds the fetch-based backend of the id without IO when given a key', async () => {
    const reranker = await createReranker('voyage/rerank-2.5', { apiKey: 'k-1234' });
    expect(reranker.info).toMatchObject({ id: 'voyage/rerank-2.5', provider: 'voyage', model: 'rerank-2.5' });
    expect(reranker.info.configHash).toBe(describeReranker('voyage/rerank-2.5').configHash);
  });

  it('fails with auth when a hosted API gets no key', async () => {
    const error = await createReranker('jina/jina-reranker-v2-base-multilingual').catch((e: unknown) => e);
    expect(RerankersError.is(error) && error.code).toBe('auth');
  });

  it('fails with unknown-reranker when the id is not registered', async () => {
    const error = await createReranker('nope/none').catch((e: unknown) => e);
    expect(RerankersError.is(error) && error.code).toBe('unknown-reranker');
  });
});

describe('describeReranker', () => {
  it('changes the hash when an override changes scores', () => {
    expect(describeReranker('local/bge-reranker-v2-m3', { maxLength: 1024 }).configHash).not.toBe(
      describeReranker('local/bge-reranker-v2-m3').configHash,
    );
  });
});
