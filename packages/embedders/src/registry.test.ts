import { describe, expect, it } from 'vitest';
import { configHash, HASHED_SETTINGS } from './config-hash.js';
import { createEmbedder, describeEmbedder } from './create-embedder.js';
import { EmbeddersError } from './errors.js';
import { modelInput } from './model-input.js';
import { getModelConfig, listModels, qwen3QueryPrefix } from './registry.js';
import { resolveEmbedderInfo } from './resolve-info.js';

describe('listModels', () => {
  const models = listModels();

  it('has unique lowercase ids with a provider prefix when listed', () => {
    const ids = models.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^(gemini|openai|mistral|voyage|openai-compatible|local)\/[a-z0-9.-]+$/);
  });

  it.each([
    ['openai', { kind: 'api-key', keyVariable: 'OPENAI_API_KEY', urlVariable: 'EXECRET_OPENAI_BASE_URL' }],
    [
      'gemini',
      {
        kind: 'api-key',
        keyVariable: 'GEMINI_API_KEY',
        keyAliases: ['GOOGLE_API_KEY'],
        urlVariable: 'EXECRET_GEMINI_BASE_URL',
      },
    ],
    ['mistral', { kind: 'api-key', keyVariable: 'MISTRAL_API_KEY', urlVariable: 'EXECRET_MISTRAL_BASE_URL' }],
    ['voyage', { kind: 'api-key', keyVariable: 'VOYAGE_API_KEY', urlVariable: 'EXECRET_VOYAGE_BASE_URL' }],
    ['openai-compatible', { kind: 'server', urlVariable: 'EXECRET_OPENAI_COMPATIBLE_URL' }],
    ['transformers', { kind: 'local' }],
  ])('says on every %s entry what it needs before use (access)', (provider, access) => {
    const entries = models.filter((m) => m.provider === provider);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.access, entry.id).toEqual(access);
  });

  it('covers every model family the paper evaluates plus the current code embedders', () => {
    const ids = new Set(models.map((m) => m.id));
    for (const id of [
      'gemini/gemini-embedding-001',
      'gemini/gemini-embedding-2',
      'openai/text-embedding-3-small',
      'openai/text-embedding-3-large',
      'mistral/mistral-embed',
      'mistral/codestral-embed',
      'openai-compatible/qwen3-embedding-0.6b',
      'openai-compatible/qwen3-embedding-4b',
      'openai-compatible/qwen3-embedding-8b',
      'openai-compatible/qwen3-embedding-8b-fp16',
      'local/qwen3-embedding-0.6b',
      'local/bge-base-en-v1.5',
      'local/bge-large-en-v1.5',
      'local/e5-large-v2',
      'local/gte-base',
      'local/paraphrase-minilm-l6-v2',
      'local/all-minilm-l6-v2',
      'local/multi-qa-mpnet-base-dot-v1',
      'voyage/voyage-code-3',
      'openai-compatible/jina-code-embeddings-1.5b',
      'openai-compatible/nomic-embed-code',
      'openai-compatible/coderankembed',
    ]) {
      expect(ids.has(id), id).toBe(true);
    }
  });

  it('links a source for the model of every entry, and for its prefixes or task types when it has any', () => {
    for (const m of models) {
      expect(m.sources.model, m.id).toMatch(/^https:\/\//);
      if (m.prefixes.query || m.prefixes.document) expect(m.sources.prefixes ?? m.notes, m.id).toBeTruthy();
      if (m.taskTypes.query || m.taskTypes.document) expect(m.sources.taskTypes, m.id).toMatch(/^https:\/\//);
      if (m.price) expect(m.price.source).toMatch(/^https:\/\//);
      expect(m.maxBatch).toBeGreaterThan(0);
    }
  });

  it.each([
    ['local/bge-large-en-v1.5', 'cls', true, 'cosine'],
    ['local/e5-large-v2', 'mean', true, 'cosine'],
    ['local/all-minilm-l6-v2', 'mean', true, 'cosine'],
    ['local/multi-qa-mpnet-base-dot-v1', 'cls', false, 'dot'],
    ['local/qwen3-embedding-0.6b', 'last-token', true, 'cosine'],
    ['openai-compatible/qwen3-embedding-4b', 'last-token', true, 'cosine'],
  ])('records %s with pooling %s, normalize %s and %s similarity', (id, pooling, normalize, similarity) => {
    expect(getModelConfig(id)).toMatchObject({ pooling, normalize, similarity });
  });

  it('puts the Qwen3 instruction on queries only, with left padding, for every Qwen3 entry', () => {
    for (const m of models.filter((x) => x.family === 'qwen3-embedding')) {
      expect(m.prefixes.query).toBe(
        'Instruct: Given a web search query, retrieve relevant passages that answer the query\nQuery:',
      );
      expect(m.prefixes.document).toBe('');
      expect(m.paddingSide).toBe('left');
    }
    expect(
      models
        .filter((x) => x.family === 'qwen3-embedding')
        .map((m) => m.dtype)
        .sort(),
    ).toEqual(['bf16', 'bf16', 'bf16', 'fp16', 'fp16', 'fp16', 'fp32']);
  });
});

describe('getModelConfig', () => {
  it('matches ids case-insensitively', () => {
    expect(getModelConfig('OpenAI/Text-Embedding-3-Large').dims).toBe(3072);
  });

  it('throws unknown-model listing known ids when the id is not registered', () => {
    const error = (() => {
      try {
        getModelConfig('openai/ada-002');
      } catch (e) {
        return e;
      }
    })();
    expect(EmbeddersError.is(error) && error.code).toBe('unknown-model');
    expect((error as Error).message).toContain('openai/text-embedding-3-large');
  });
});

describe('modelInput', () => {
  it.each([
    ['local/e5-large-v2', 'query', 'sort a list', 'query: sort a list'],
    ['local/e5-large-v2', 'document', 'def f(): pass', 'passage: def f(): pass'],
    ['local/bge-base-en-v1.5', 'query', 'sort', 'Represent this sentence for searching relevant passages: sort'],
    ['local/bge-base-en-v1.5', 'document', 'def f(): pass', 'def f(): pass'],
    ['openai-compatible/coderankembed', 'query', 'sort', 'Represent this query for searching relevant code: sort'],
    ['openai-compatible/nomic-embed-code', 'document', 'x = 1', 'x = 1'],
    ['gemini/gemini-embedding-2', 'query', 'sort', 'task: code retrieval | query: sort'],
    ['gemini/gemini-embedding-2', 'document', 'x = 1', 'title: none | text: x = 1'],
    ['gemini/gemini-embedding-001', 'query', 'sort', 'sort'],
    ['local/all-minilm-l6-v2', 'query', ' sort ', ' sort '],
  ] as const)('sends exactly the documented text for %s %s', (id, kind, text, expected) => {
    expect(modelInput(getModelConfig(id).prefixes, text, kind)).toBe(expected);
  });
});

describe('qwen3QueryPrefix', () => {
  it('writes Instruct and Query with no space after Query:', () => {
    expect(`${qwen3QueryPrefix('T')}q`).toBe('Instruct: T\nQuery:q');
  });
});

describe('configHash', () => {
  // Reference values: python3 -c 'import json,hashlib; print(hashlib.sha256(json.dumps(SETTINGS,
  //   sort_keys=True, separators=(",",":"), ensure_ascii=False).encode()).hexdigest())'
  // with SETTINGS = {"v": 1} plus the HASHED_SETTINGS fields of the entry, written out by hand.
  it.each([
    ['local/e5-large-v2', '05d1fe4af689421daa0292a2ec364a2c645312ed518b901683e34f5d260085cc'],
    ['gemini/gemini-embedding-001', '702cbdbd98b9b57b6e2c899cd7d2332300d817f5021c3d08f20e131a476cb403'],
    ['openai-compatible/qwen3-embedding-8b', '58acca0031e49d6ad1768e007b9fa95b0f5a99a3aa98d3ee0cdd64f8b8f8ca0f'],
  ])('matches the value computed independently in Python for %s', (id, expected) => {
    expect(configHash(getModelConfig(id))).toBe(expected);
    expect(describeEmbedder(id).configHash).toBe(expected);
  });

  it('ignores settings that do not change vectors and changes with those that do', () => {
    const base = getModelConfig('openai/text-embedding-3-large');
    const h = configHash(base);
    expect(
      configHash({
        ...base,
        id: 'x/y',
        maxBatch: 1,
        similarity: 'dot',
        price: null,
        sources: {},
        maxTokensPerRequest: 1,
      }),
    ).toBe(h);
    for (const key of HASHED_SETTINGS) {
      const changed = {
        ...base,
        [key]:
          key === 'prefixes'
            ? { query: 'q: ', document: '' }
            : key === 'taskTypes'
              ? { query: 'Q', document: null }
              : typeof base[key] === 'number'
                ? (base[key] as number) + 1
                : typeof base[key] === 'boolean'
                  ? !base[key]
                  : 'other',
      };
      expect(configHash(changed), key).not.toBe(h);
    }
  });
});

describe('resolveEmbedderInfo', () => {
  it.each([
    ['gemini/gemini-embedding-001', 127],
    ['gemini/gemini-embedding-001', 3073],
    ['voyage/voyage-code-3', 300],
    ['local/bge-base-en-v1.5', 512],
    ['openai/text-embedding-3-small', 1.5],
  ])('throws RangeError for %s with dimensions %d', (id, dims) => {
    expect(() => resolveEmbedderInfo(getModelConfig(id), { dimensions: dims })).toThrow(RangeError);
  });

  it("gives a custom entry without access its provider's, and leaves configHash alone", () => {
    const { access: _access, ...custom } = getModelConfig('openai-compatible/qwen3-embedding-8b');
    const info = resolveEmbedderInfo({ ...custom, id: 'custom/x' });
    expect(info.access).toEqual({ kind: 'server', urlVariable: 'EXECRET_OPENAI_COMPATIBLE_URL' });
    expect(info.configHash).toBe(describeEmbedder('openai-compatible/qwen3-embedding-8b').configHash);
  });

  it('applies overrides and freezes the result', () => {
    const info = resolveEmbedderInfo(getModelConfig('local/qwen3-embedding-0.6b'), {
      dimensions: 256,
      dtype: 'q8',
      revision: 'abc123',
      prefixes: { query: qwen3QueryPrefix('Given a code search query, retrieve relevant code') },
      maxBatch: 8,
    });
    expect(info).toMatchObject({ dims: 256, dtype: 'q8', revision: 'abc123', maxBatch: 8 });
    expect(info.prefixes.document).toBe('');
    expect(Object.isFrozen(info)).toBe(true);
    expect(() => resolveEmbedderInfo(getModelConfig('local/qwen3-embedding-0.6b'), { maxBatch: 33 })).toThrow(
      RangeError,
    );
  });
});

describe('createEmbedder', () => {
  it('rejects with unknown-model for an unregistered id', async () => {
    await expect(createEmbedder('nope/model')).rejects.toMatchObject({ code: 'unknown-model' });
  });

  it.each([
    'openai/text-embedding-3-small',
    'gemini/gemini-embedding-001',
    'mistral/mistral-embed',
    'voyage/voyage-code-3',
  ])('rejects with auth before any request when %s gets no key', async (id) => {
    await expect(createEmbedder(id)).rejects.toMatchObject({ code: 'auth' });
  });
});
