import { describe, expect, it } from 'vitest';
import { environmentVariables, readConfig } from './config.js';

describe('environmentVariables', () => {
  it('lists a variable for every key and base URL readConfig reads, so help never drifts from the config', () => {
    const listed = environmentVariables().join(' ');
    const config = readConfig({
      OPENAI_API_KEY: 'k',
      GEMINI_API_KEY: 'k',
      MISTRAL_API_KEY: 'k',
      VOYAGE_API_KEY: 'k',
      HF_TOKEN: 'k',
      COHERE_API_KEY: 'k',
      JINA_API_KEY: 'k',
      MIXEDBREAD_API_KEY: 'k',
      EXECRET_TEI_API_KEY: 'k',
      EXECRET_VLLM_API_KEY: 'k',
    });
    expect(Object.keys(config.keys)).toHaveLength(10);
    for (const name of ['OPENAI_API_KEY', 'HF_TOKEN', 'EXECRET_VLLM_API_KEY', 'EXECRET_CACHE_DIR', 'EXECRET_PYTHON'])
      expect(listed).toContain(name);
    expect(listed).toContain(
      'EXECRET_<PROVIDER>_BASE_URL (OPENAI, GEMINI, MISTRAL, VOYAGE, COHERE, JINA, MIXEDBREAD, TEI, VLLM)',
    );
  });
});

describe('readConfig', () => {
  it('reads the key a registry entry names by its documented variable, aliases included', () => {
    const config = readConfig({ GOOGLE_API_KEY: ' g-key ', COHERE_API_KEY: 'c-key', EXECRET_TEI_BASE_URL: 'http://x' });
    expect(config.apiKey('GEMINI_API_KEY')?.reveal()).toBe('g-key');
    expect(config.apiKey('COHERE_API_KEY')?.reveal()).toBe('c-key');
    expect(config.apiKey('OPENAI_API_KEY')).toBeUndefined();
    expect(config.isSet('GEMINI_API_KEY')).toBe(true);
    expect(config.isSet('EXECRET_TEI_BASE_URL')).toBe(true);
    expect(config.isSet('EXECRET_VLLM_BASE_URL')).toBe(false);
  });
});
