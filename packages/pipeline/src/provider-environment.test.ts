import { describe, expect, it } from 'vitest';
import { providerEnvironment } from './provider-environment.js';

const GEMINI = { kind: 'api-key', keyVariable: 'GEMINI_API_KEY', keyAliases: ['GOOGLE_API_KEY'] } as const;
const TEI = { kind: 'server', urlVariable: 'EXECRET_TEI_BASE_URL' } as const;
const COMPATIBLE = {
  kind: 'server',
  urlVariable: 'EXECRET_OPENAI_COMPATIBLE_URL',
  keyVariable: 'OPENAI_API_KEY',
} as const;

const over = (variables: Record<string, string>) => providerEnvironment((name) => variables[name]);

describe('providerEnvironment', () => {
  it('takes a key from its variable, else the first alias set, trimmed; a base URL from its URL variable', () => {
    expect(over({ GOOGLE_API_KEY: ' alias ' }).settings(GEMINI)).toEqual({ apiKey: 'alias' });
    expect(over({ GOOGLE_API_KEY: 'alias', GEMINI_API_KEY: 'documented' }).settings(GEMINI)).toEqual({
      apiKey: 'documented',
    });
    expect(over({ EXECRET_TEI_BASE_URL: 'http://tei ' }).settings(TEI)).toEqual({ baseUrl: 'http://tei' });
    expect(over({ EXECRET_OPENAI_COMPATIBLE_URL: 'http://vllm', OPENAI_API_KEY: 'k' }).settings(COMPATIBLE)).toEqual({
      apiKey: 'k',
      baseUrl: 'http://vllm',
    });
  });

  it('treats blank variables as unset and gives local weights nothing, whatever is set', () => {
    const environment = over({ GEMINI_API_KEY: '   ', EXECRET_TEI_BASE_URL: '', OPENAI_API_KEY: 'k' });
    expect(environment.isSet('GEMINI_API_KEY')).toBe(false);
    expect(environment.isSet('EXECRET_TEI_BASE_URL')).toBe(false);
    expect(environment.isSet('OPENAI_API_KEY')).toBe(true);
    expect(environment.settings(GEMINI)).toEqual({});
    expect(environment.settings(TEI)).toEqual({});
    expect(environment.settings({ kind: 'local' })).toEqual({});
  });

  it('reads a variable only when asked, so a lookup over secrets is never copied', () => {
    const asked: string[] = [];
    const environment = providerEnvironment((name) => {
      asked.push(name);
      return name === 'GEMINI_API_KEY' ? 'g' : undefined;
    });
    expect(asked).toEqual([]);
    expect(environment.settings(GEMINI)).toEqual({ apiKey: 'g' });
    expect(asked).toEqual(['GEMINI_API_KEY', 'GOOGLE_API_KEY']);
    expect(JSON.stringify(environment)).toBe('{}');
  });
});
