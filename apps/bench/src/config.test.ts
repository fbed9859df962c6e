import { EMBEDDER_PROVIDER_ACCESS } from '@execret/embedders';
import { RERANKER_PROVIDER_ACCESS } from '@execret/rerankers';
import { describe, expect, it } from 'vitest';
import { environmentVariables, readConfig } from './config.js';

describe('environmentVariables', () => {
  it('lists the key and base URL of every provider the registries name, so help never drifts from them', () => {
    const listed = environmentVariables().join(' ');
    for (const name of ['OPENAI_API_KEY', 'HF_TOKEN', 'EXECRET_VLLM_API_KEY', 'EXECRET_CACHE_DIR', 'EXECRET_PYTHON'])
      expect(listed).toContain(name);
    for (const access of [...Object.values(EMBEDDER_PROVIDER_ACCESS), ...Object.values(RERANKER_PROVIDER_ACCESS)])
      if (access.kind !== 'local' && access.keyVariable) expect(listed).toContain(access.keyVariable);
    expect(listed).toContain('EXECRET_OPENAI_COMPATIBLE_URL');
    expect(listed).toContain(
      'EXECRET_<PROVIDER>_BASE_URL (OPENAI, GEMINI, MISTRAL, VOYAGE, COHERE, JINA, MIXEDBREAD, TEI, VLLM)',
    );
    expect(new Set(environmentVariables()).size).toBe(environmentVariables().length);
  });
});

describe('readConfig: providers (@execret/pipeline providerEnvironment over the environment)', () => {
  it('reads the key an entry names by its documented variable or an alias, and its base-URL variable', () => {
    const config = readConfig({
      GOOGLE_API_KEY: ' g-key ',
      EXECRET_GEMINI_BASE_URL: 'http://gateway/v1beta ',
      COHERE_API_KEY: 'c-key',
      EXECRET_TEI_BASE_URL: 'http://tei',
    });
    expect(config.providers.settings(EMBEDDER_PROVIDER_ACCESS.gemini)).toEqual({
      apiKey: 'g-key',
      baseUrl: 'http://gateway/v1beta',
    });
    expect(config.providers.settings(RERANKER_PROVIDER_ACCESS.cohere)).toEqual({ apiKey: 'c-key' });
    expect(config.providers.settings(RERANKER_PROVIDER_ACCESS.tei)).toEqual({ baseUrl: 'http://tei' });
    expect(config.providers.settings(EMBEDDER_PROVIDER_ACCESS.openai)).toEqual({});
    expect(config.providers.settings({ kind: 'local' })).toEqual({});
  });

  it('takes the documented variable over an alias', () => {
    const config = readConfig({ GOOGLE_API_KEY: 'alias', GEMINI_API_KEY: 'documented' });
    expect(config.providers.settings(EMBEDDER_PROVIDER_ACCESS.gemini).apiKey).toBe('documented');
  });
});

describe('readConfig', () => {
  it('says which variables are set, blank ones not, and reads the Hub token and the scheduler', () => {
    const config = readConfig({
      EXECRET_TEI_BASE_URL: 'http://x',
      EXECRET_VLLM_BASE_URL: '  ',
      HUGGING_FACE_HUB_TOKEN: 'hf-key',
      SLURM_ARRAY_TASK_ID: ' 3 ',
      JOB_COMPLETION_INDEX: '',
    });
    expect(config.isSet('EXECRET_TEI_BASE_URL')).toBe(true);
    expect(config.isSet('EXECRET_VLLM_BASE_URL')).toBe(false);
    expect(config.hubToken?.reveal()).toBe('hf-key');
    expect(String(config.hubToken)).toBe('[redacted]');
    expect(config.scheduler).toEqual({ slurmArrayTaskId: '3' });
    expect(config.hfEndpoint).toBe('https://huggingface.co');
  });
});
