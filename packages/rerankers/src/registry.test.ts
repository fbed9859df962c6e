import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HASHED_RERANKER_SETTINGS, rerankerConfigHash } from './config-hash.js';
import { RerankersError } from './errors.js';
import { getRerankerConfig, listRerankers } from './registry.js';
import { resolveRerankerInfo } from './resolve-info.js';

describe('listRerankers', () => {
  it('has unique ids of the form provider/name (local/ for transformers.js)', () => {
    const ids = listRerankers().map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of listRerankers()) {
      const prefix = c.provider === 'transformers' ? 'local' : c.provider;
      expect(c.id.startsWith(`${prefix}/`), c.id).toBe(true);
    }
  });

  it('records an https source for every setting that an entry sets', () => {
    for (const c of listRerankers()) {
      const needed = ['model', 'truncation', 'dtype'];
      if (c.maxLength !== null) needed.push('maxLength');
      if (c.maxDocumentsPerRequest !== null && c.provider !== 'transformers') needed.push('maxDocumentsPerRequest');
      if (c.maxTokensPerRequest !== null) needed.push('maxTokensPerRequest');
      if (c.price !== null) needed.push('price');
      if (c.instruction !== null) needed.push('instruction');
      for (const key of Object.keys(c.params)) if (key !== 'temperature') needed.push(key);
      for (const key of needed) {
        if (['logprobs', 'windowSize', 'step'].includes(key)) continue; // documented by the method source
        expect(c.sources[key], `${c.id} ${key}`).toMatch(/^https:\/\//);
      }
    }
  });

  it.each([
    ['transformers', { kind: 'local' }],
    ['cohere', { kind: 'api-key', keyVariable: 'COHERE_API_KEY', urlVariable: 'EXECRET_COHERE_BASE_URL' }],
    ['voyage', { kind: 'api-key', keyVariable: 'VOYAGE_API_KEY', urlVariable: 'EXECRET_VOYAGE_BASE_URL' }],
    ['jina', { kind: 'api-key', keyVariable: 'JINA_API_KEY', urlVariable: 'EXECRET_JINA_BASE_URL' }],
    ['mixedbread', { kind: 'api-key', keyVariable: 'MIXEDBREAD_API_KEY', urlVariable: 'EXECRET_MIXEDBREAD_BASE_URL' }],
    ['tei', { kind: 'server', urlVariable: 'EXECRET_TEI_BASE_URL', keyVariable: 'EXECRET_TEI_API_KEY' }],
    ['vllm', { kind: 'server', urlVariable: 'EXECRET_VLLM_BASE_URL', keyVariable: 'EXECRET_VLLM_API_KEY' }],
    [
      'openai-compatible',
      {
        kind: 'server',
        urlVariable: 'EXECRET_OPENAI_COMPATIBLE_URL',
        keyVariable: 'OPENAI_API_KEY',
        defaultUrl: 'https://api.openai.com/v1',
      },
    ],
  ])('says on every %s entry what it needs before use (access), and keeps it out of info', (provider, access) => {
    const entries = listRerankers().filter((c) => c.provider === provider);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(entry.access, entry.id).toEqual(access);
      expect('access' in resolveRerankerInfo(entry), entry.id).toBe(false);
    }
  });

  it('lists the cross-encoders the issue names', () => {
    const models = listRerankers()
      .filter((c) => c.method === 'cross-encoder')
      .map((c) => c.id);
    expect(models).toEqual([
      'local/ms-marco-minilm-l-6-v2',
      'local/bge-reranker-base',
      'local/bge-reranker-v2-m3',
      'local/mxbai-rerank-xsmall-v1',
      'local/mxbai-rerank-base-v1',
      'local/jina-reranker-v1-turbo-en',
      'local/gte-reranker-modernbert-base',
    ]);
  });
});

describe('getRerankerConfig', () => {
  it('throws unknown-reranker listing the known ids when the id is not registered', () => {
    let caught: unknown;
    try {
      getRerankerConfig('nope/x');
    } catch (error) {
      caught = error;
    }
    expect(RerankersError.is(caught) && caught.code).toBe('unknown-reranker');
    expect((caught as Error).message).toContain('cohere/rerank-v3.5');
  });
});

describe('rerankerConfigHash', () => {
  it('is SHA-256 of the sorted-key JSON of the hashed settings when computed independently', () => {
    const config = getRerankerConfig('voyage/rerank-2.5');
    const settings: Record<string, unknown> = { v: 1 };
    for (const key of [...HASHED_RERANKER_SETTINGS].sort()) settings[key] = config[key];
    const json = `{${Object.keys(settings)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${JSON.stringify(settings[k])}`)
      .join(',')}}`;
    expect(rerankerConfigHash(config)).toBe(createHash('sha256').update(json).digest('hex'));
  });

  it('ignores request caps and price but not the instruction', () => {
    const config = getRerankerConfig('vllm/qwen3-reranker-8b');
    const hash = rerankerConfigHash(config);
    expect(rerankerConfigHash({ ...config, maxDocumentsPerRequest: 1, price: null, notes: 'x' })).toBe(hash);
    expect(resolveRerankerInfo(config, { instruction: 'Find code that passes the tests' }).configHash).not.toBe(hash);
  });
});
