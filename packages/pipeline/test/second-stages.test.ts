import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeReranker } from '@execret/rerankers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  embedderAccessProblem,
  embedModel,
  openRunSecondStages,
  PipelineError,
  providerEnvironment,
  providerVariables,
  secondStageAccessProblem,
} from '../src/index.js';

const environment = (variables: Record<string, string> = {}) => providerEnvironment((name) => variables[name]);

describe('openRunSecondStages', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-second-stages-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });
  const options = (variables: Record<string, string> = {}) => ({
    environment: environment(variables),
    cacheDir: root,
    localModels: join(root, 'models'),
  });

  it('refuses a hosted reranker without its key and a self-hosted one without its base URL', async () => {
    const error = await openRunSecondStages(['jina/jina-reranker-v2-base-multilingual'], options()).catch((e) => e);
    expect(PipelineError.is(error) && error.code).toBe('missing-access');
    expect((error as Error).message).toMatch(
      /^@execret\/pipeline: jina\/jina-reranker-v2-base-multilingual: .*JINA_API_KEY/,
    );
    await expect(openRunSecondStages(['tei/bge-reranker-base'], options())).rejects.toThrow(/EXECRET_TEI_BASE_URL/);
    expect(secondStageAccessProblem('tei/bge-reranker-base', environment({ EXECRET_TEI_BASE_URL: 'http://x' }))).toBe(
      undefined,
    );
    expect(secondStageAccessProblem('exec/consensus', environment())).toBe(undefined);
  });

  it('opens a chat execution reranker without its key, warning that replies can only come from the cache', async () => {
    const warnings: string[] = [];
    const stages = await openRunSecondStages(['exec/random-clone', 'exec/probe@openai/gpt-5-mini'], {
      ...options(),
      oracle: { runMany: async () => [] },
      warn: (line) => warnings.push(line),
    });
    try {
      expect(stages.stages.map((s) => s.info.id)).toEqual(['exec/random-clone', 'exec/probe@openai/gpt-5-mini']);
      expect(warnings).toEqual([
        'exec/probe@openai/gpt-5-mini: no OPENAI_API_KEY, so chat replies can only come from the artifact cache',
      ]);
    } finally {
      await stages.close();
    }
  });

  it('hands a set key to the reranker factory only: its description is the registry entry', async () => {
    const key = 'mxb-secret-0123456789';
    const stages = await openRunSecondStages(
      ['mixedbread/mxbai-rerank-large-v2'],
      options({ MIXEDBREAD_API_KEY: key }),
    );
    try {
      const [stage] = stages.stages;
      expect(stage!.info.configHash).toBe(describeReranker('mixedbread/mxbai-rerank-large-v2').configHash);
      expect(JSON.stringify(stage!.info)).not.toContain(key);
    } finally {
      await stages.close();
    }
  });
});

describe('embedModel', () => {
  it('skips a model whose provider has no key, saying what to set, before embedding anything', async () => {
    const problem = embedderAccessProblem('openai/text-embedding-3-large', environment());
    expect(problem).toMatch(/OPENAI_API_KEY/);
    expect(embedderAccessProblem('openai/text-embedding-3-large', environment({ OPENAI_API_KEY: 'k' }))).toBe(
      undefined,
    );
    const pool = { queryTexts: ['q'], code: ['c'] } as unknown as Parameters<typeof embedModel>[1];
    const outcome = await embedModel('openai/text-embedding-3-large', pool, {
      environment: environment(),
      embeddingCacheDir: join(tmpdir(), 'execret-never-written'),
      localModels: join(tmpdir(), 'execret-never-written'),
    });
    expect(outcome).toEqual({ model: 'openai/text-embedding-3-large', status: 'skipped', reason: problem });
  });
});

describe('providerVariables', () => {
  it('lists every key and base-URL variable the registries name, once each', () => {
    const { keys, urls } = providerVariables();
    expect(keys).toEqual(expect.arrayContaining(['OPENAI_API_KEY', 'GEMINI_API_KEY', 'COHERE_API_KEY']));
    expect(keys).not.toContain('GOOGLE_API_KEY'); // an alias, not the documented variable
    expect(urls).toEqual(expect.arrayContaining(['EXECRET_OPENAI_BASE_URL', 'EXECRET_OPENAI_COMPATIBLE_URL']));
    expect(new Set([...keys, ...urls]).size).toBe(keys.length + urls.length);
  });
});
