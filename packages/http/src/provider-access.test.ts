import { describe, expect, it } from 'vitest';
import { accessKeyVariables, accessProblem, type ProviderAccess } from './provider-access.js';

const hosted: ProviderAccess = { kind: 'api-key', keyVariable: 'COHERE_API_KEY' };
const aliased: ProviderAccess = {
  kind: 'api-key',
  keyVariable: 'GEMINI_API_KEY',
  keyAliases: ['GOOGLE_API_KEY'],
  urlVariable: 'EXECRET_GEMINI_BASE_URL',
};
const server: ProviderAccess = {
  kind: 'server',
  urlVariable: 'EXECRET_TEI_BASE_URL',
  keyVariable: 'EXECRET_TEI_API_KEY',
};
const withDefault: ProviderAccess = {
  kind: 'server',
  urlVariable: 'EXECRET_OPENAI_COMPATIBLE_URL',
  keyVariable: 'OPENAI_API_KEY',
  defaultUrl: 'https://api.openai.com/v1',
};

describe('accessProblem', () => {
  it.each([
    ['a hosted API without its key', hosted, [], 'no API key for p (set COHERE_API_KEY)'],
    ['a hosted API with its key', hosted, ['COHERE_API_KEY'], undefined],
    ['a hosted API with its key under an alias', aliased, ['GOOGLE_API_KEY'], undefined],
    [
      'a hosted API with only its base URL',
      aliased,
      ['EXECRET_GEMINI_BASE_URL'],
      'no API key for p (set GEMINI_API_KEY)',
    ],
    [
      'a server without its URL (its key is optional)',
      server,
      ['EXECRET_TEI_API_KEY'],
      'needs a server for p: set EXECRET_TEI_BASE_URL',
    ],
    ['a server with its URL', server, ['EXECRET_TEI_BASE_URL'], undefined],
    [
      'a default endpoint without the key or another URL',
      withDefault,
      [],
      'set OPENAI_API_KEY for the default endpoint (https://api.openai.com/v1), or EXECRET_OPENAI_COMPATIBLE_URL for another server',
    ],
    ['a default endpoint with the key', withDefault, ['OPENAI_API_KEY'], undefined],
    [
      'a default endpoint replaced by another URL, without a key',
      withDefault,
      ['EXECRET_OPENAI_COMPATIBLE_URL'],
      undefined,
    ],
    ['local weights', { kind: 'local' } as const, [], undefined],
  ])('says what is missing for %s', (_what, access, set, expected) => {
    expect(accessProblem(access, 'p', (name) => (set as string[]).includes(name))).toBe(expected);
  });
});

describe('accessKeyVariables', () => {
  it.each([
    ['a hosted API', hosted, ['COHERE_API_KEY']],
    ['a hosted API with aliases, the documented variable first', aliased, ['GEMINI_API_KEY', 'GOOGLE_API_KEY']],
    ['a server with a key', server, ['EXECRET_TEI_API_KEY']],
    ['a server without a key', { kind: 'server', urlVariable: 'EXECRET_VLLM_BASE_URL' } as const, []],
    ['local weights', { kind: 'local' } as const, []],
  ])('lists where the key of %s is read from', (_what, access, expected) => {
    expect(accessKeyVariables(access)).toEqual(expected);
  });
});
