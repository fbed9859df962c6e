import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import {
  createOpenAIClient,
  describeRequestError,
  loadOpenAISdk,
  type OpenAICompatibleClient,
  readCompletion,
} from './client.js';
import { LlmGenerateError } from './errors.js';

describe('createOpenAIClient', () => {
  it('returns an SDK client with the given base URL and retries when openai is installed', async () => {
    const client = (await createOpenAIClient({
      baseURL: 'http://127.0.0.1:9/v1',
      apiKey: 'k',
      maxRetries: 1,
    })) as unknown as OpenAI;
    expect(client).toBeInstanceOf(OpenAI);
    expect(client.baseURL).toBe('http://127.0.0.1:9/v1');
    expect(client.maxRetries).toBe(1);
    expect(client.organization).toBeNull();
  });

  it('throws TypeError when the base URL or the key is missing', async () => {
    await expect(createOpenAIClient({ baseURL: '', apiKey: 'k' })).rejects.toThrow(TypeError);
    await expect(createOpenAIClient({ baseURL: 'http://x/v1', apiKey: '' })).rejects.toThrow(TypeError);
  });

  it('accepts an SDK instance where an OpenAICompatibleClient is expected', () => {
    const client: OpenAICompatibleClient = new OpenAI({ baseURL: 'http://127.0.0.1:9/v1', apiKey: 'k' });
    expect(typeof client.chat.completions.create).toBe('function');
  });
});

describe('loadOpenAISdk', () => {
  it('names the package to install when the import fails', async () => {
    const missing = Object.assign(new Error("Cannot find package 'openai'"), { code: 'ERR_MODULE_NOT_FOUND' });
    const error = await loadOpenAISdk(async () => {
      throw missing;
    }).catch((e: unknown) => e);
    expect(LlmGenerateError.is(error) && error.code).toBe('sdk-missing');
    expect((error as Error).message).toContain('pnpm add openai@6');
    expect((error as Error).cause).toBe(missing);
  });
});

describe('describeRequestError', () => {
  it.each([
    [400, true],
    [401, true],
    [404, true],
    [408, false],
    [429, false],
    [500, false],
    [503, false],
  ])('treats HTTP %i as fatal: %s', (status, fatal) => {
    expect(describeRequestError(Object.assign(new Error(`${status} boom`), { status }))).toEqual({
      fatal,
      status,
      message: `HTTP ${status}: boom`,
    });
  });

  it('treats connection errors as transient', () => {
    expect(describeRequestError(new Error('Connection error.'))).toEqual({
      fatal: false,
      status: null,
      message: 'Connection error.',
    });
  });
});

describe('readCompletion', () => {
  it('reads the first choice and zero-fills missing usage', () => {
    expect(readCompletion({ choices: [{ message: { content: null, refusal: 'no' }, finish_reason: 'stop' }] })).toEqual(
      {
        content: null,
        refusal: 'no',
        finishReason: 'stop',
        usage: { promptTokens: 0, completionTokens: 0 },
        responseModel: null,
        responseId: null,
      },
    );
    expect(readCompletion({ choices: [] }).content).toBeNull();
  });
});
