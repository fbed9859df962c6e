import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeReranker } from '@execret/rerankers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from './command.js';
import { readConfig } from './config.js';
import { checkSecondStageIds, createSecondStages } from './second-stages.js';

describe('checkSecondStageIds', () => {
  it('accepts registry ids and every execution reranker pattern when they are known', () => {
    expect(() =>
      checkSecondStageIds([
        'cohere/rerank-v3.5',
        'local/bge-reranker-base',
        'exec/consensus',
        'exec/random-clone',
        'exec/tests@openai/gpt-5-mini',
        'exec/probe@openai-compatible/Qwen/Qwen3-32B',
      ]),
    ).not.toThrow();
  });

  it('throws a UsageError listing the known ids when an id is unknown', () => {
    expect(() => checkSecondStageIds(['cohere/rerank-v9'])).toThrow(UsageError);
    expect(() => checkSecondStageIds(['exec/tests@anthropic/claude'])).toThrow(/known: .*exec\/consensus/);
  });
});

describe('createSecondStages', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-stages-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });
  const context = (env: Record<string, string>) => ({
    config: readConfig({ EXECRET_CACHE_DIR: root, ...env }),
    oracle: undefined,
    localModels: join(root, 'models'),
  });

  it('refuses a hosted reranker without its key and a self-hosted one without its base URL', async () => {
    await expect(createSecondStages(['jina/jina-reranker-v2-base-multilingual'], context({}))).rejects.toThrow(
      /set JINA_API_KEY/,
    );
    await expect(createSecondStages(['tei/bge-reranker-base'], context({}))).rejects.toThrow(/EXECRET_TEI_BASE_URL/);
    await expect(createSecondStages(['openai-compatible/listwise-rankgpt'], context({}))).rejects.toThrow(
      /OPENAI_API_KEY .* or EXECRET_OPENAI_COMPATIBLE_URL/,
    );
  });

  it('creates a chat execution reranker without its key, with a warning, when replies may come from the cache', async () => {
    const warnings: string[] = [];
    const stages = await createSecondStages(['exec/random-clone', 'exec/tests@openai/gpt-5-mini'], {
      ...context({}),
      oracle: { runMany: async () => [] },
      warn: (line) => warnings.push(line),
    });
    try {
      expect(stages.stages.map((s) => s.kind)).toEqual(['artifacts', 'artifacts']);
      expect(warnings).toEqual([
        'exec/tests@openai/gpt-5-mini: no OPENAI_API_KEY, so chat replies can only come from the artifact cache',
      ]);
    } finally {
      await stages.close();
    }
  });

  it('refuses an executing reranker without an oracle (--no-execute)', async () => {
    await expect(createSecondStages(['exec/consensus'], context({}))).rejects.toThrow(/--no-execute/);
  });

  it('describes a keyed reranker by its registry info without the key when the key is set', async () => {
    const key = 'mxb-secret-0123456789';
    const stages = await createSecondStages(['mixedbread/mxbai-rerank-large-v2'], context({ MIXEDBREAD_API_KEY: key }));
    try {
      const [stage] = stages.stages;
      expect(stage!.info.configHash).toBe(describeReranker('mixedbread/mxbai-rerank-large-v2').configHash);
      expect(stage!.kind).toBe('score-cache');
      expect(JSON.stringify(stage!.info)).not.toContain(key);
    } finally {
      await stages.close();
    }
  });
});
