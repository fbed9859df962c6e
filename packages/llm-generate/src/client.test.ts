import { HttpError, type OpenAICompatibleClient } from '@execret/http';
import { startFakeOpenAI } from '@execret/test-kit';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { createOpenAIClient, describeRequestError, isAbortError, readCompletion } from './client.js';
import { LlmGenerateError } from './errors.js';

describe('createOpenAIClient', () => {
  it('reaches the given base URL through the SDK and gives up after maxRetries retries', async () => {
    const server = await startFakeOpenAI(() => ({ status: 503 }));
    try {
      const client = await createOpenAIClient({
        baseURL: server.baseURL,
        apiKey: 'sk-test-0123456789',
        maxRetries: 1,
        fetch: (input, init) => fetch(input, init),
      });
      const error = await Promise.resolve(
        client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] }),
      ).catch((e: unknown) => e);
      expect(HttpError.is(error) && [error.code, error.status, error.attempts]).toEqual(['server', 503, 2]);
      expect(server.chatBodies).toHaveLength(2);
      expect(server.requests[0]!.headers['openai-organization']).toBeUndefined();
      expect(describeRequestError(error)).toMatchObject({ fatal: false, status: 503 });
    } finally {
      await server.close();
    }
  }, 30_000);

  it('throws TypeError when the base URL or the key is missing', async () => {
    await expect(createOpenAIClient({ baseURL: '', apiKey: 'k' })).rejects.toThrow(TypeError);
    await expect(createOpenAIClient({ baseURL: 'http://x/v1', apiKey: '' })).rejects.toThrow(TypeError);
  });

  it('accepts an SDK instance where an OpenAICompatibleClient is expected', () => {
    const client: OpenAICompatibleClient = new OpenAI({ baseURL: 'http://127.0.0.1:9/v1', apiKey: 'k' });
    expect(typeof client.chat.completions.create).toBe('function');
  });
});

describe('createOpenAIClient without the SDK', () => {
  it('names the package to install when the import fails', async () => {
    const missing = Object.assign(new Error("Cannot find package 'openai'"), { code: 'ERR_MODULE_NOT_FOUND' });
    const error = await createOpenAIClient({ baseURL: 'http://127.0.0.1:9/v1', apiKey: 'k' }, async () => {
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

  it('keeps the message of an HttpError, which already names the status', () => {
    const error = new HttpError('auth', '@execret/llm-generate client: authentication failed (HTTP 401)', {
      status: 401,
    });
    expect(describeRequestError(error)).toEqual({ fatal: true, status: 401, message: error.message });
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

describe('isAbortError', () => {
  it('recognises an aborted HttpError, fetch and SDK aborts, and a fired signal', () => {
    expect(isAbortError(new HttpError('aborted', 'm'))).toBe(true);
    expect(isAbortError(Object.assign(new Error('x'), { name: 'AbortError' }))).toBe(true);
    expect(isAbortError(new HttpError('server', 'm'))).toBe(false);
    expect(isAbortError(new Error('x'), AbortSignal.abort())).toBe(true);
  });
});
