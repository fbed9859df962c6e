import { type FakeOpenAI, recordingSleep, startFakeOpenAI } from '@execret/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { createOpenAIApiClient, DEFAULT_OPENAI_BASE_URL } from './openai-client.js';
import { readChatCompletion } from './read-chat-completion.js';

const KEY = 'sk-test-0123456789abcdef';
const label = '@execret/example chat';
let server: FakeOpenAI;

beforeAll(async () => {
  server = await startFakeOpenAI((_body, { count }) =>
    count === 1 ? { status: 429, headers: { 'retry-after-ms': '20' } } : { content: 'ok' },
  );
}, 30_000);
afterAll(() => server.close());

describe('createOpenAIApiClient', () => {
  it('answers a chat completion through the SDK, retrying a 429 and counting the retry', async () => {
    const { sleep, delays } = recordingSleep();
    const client = await createOpenAIApiClient({ label, apiKey: KEY, baseURL: server.baseURL, sleep });
    const { completion, retries } = await client.complete({
      model: 'gpt-x',
      messages: [{ role: 'user', content: 'hi' }],
      temperature: 0,
    });
    expect(readChatCompletion(completion)).toMatchObject({ content: 'ok', responseModel: 'gpt-x-2026-01-01' });
    expect(retries).toBe(1);
    expect(delays).toEqual([20]);
    const sent = server.requests.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.headers['openai-organization']).toBeUndefined();
    expect(server.chatBodies.at(-1)).toMatchObject({ model: 'gpt-x', temperature: 0 });
  }, 30_000);

  it('runs the Batch API calls of the SDK shape: upload, create, retrieve, content', async () => {
    const client = await createOpenAIApiClient({ label, apiKey: KEY, baseURL: server.baseURL });
    const line = JSON.stringify({
      custom_id: 'a',
      method: 'POST',
      url: '/v1/chat/completions',
      body: { model: 'gpt-x', messages: [{ role: 'user', content: 'x' }] },
    });
    const file = await client.files.create({ file: new File([`${line}\n`], 'in.jsonl'), purpose: 'batch' });
    const batch = await client.batches.create({
      input_file_id: file.id,
      endpoint: '/v1/chat/completions',
      completion_window: '24h',
    });
    expect(batch.status).toBe('validating');
    let polled = await client.batches.retrieve(batch.id);
    while (polled.status !== 'completed') polled = await client.batches.retrieve(batch.id);
    const output = await (await client.files.content(polled.output_file_id!)).text();
    expect(JSON.parse(output.trim()).custom_id).toBe('a');
  }, 30_000);

  it('fails with an HttpError that starts with the label, keeps the status and never holds the key', async () => {
    const failing = await startFakeOpenAI(() => ({ status: 401 }));
    try {
      const client = await createOpenAIApiClient({ label, apiKey: KEY, baseURL: failing.baseURL });
      const error = await client.chat.completions
        .create({ model: 'gpt-x', messages: [{ role: 'user', content: 'hi' }] })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(HttpError.is(error) && [error.code, error.status, error.attempts]).toEqual(['auth', 401, 1]);
      expect((error as Error).message.startsWith(`${label}: authentication failed (HTTP 401)`)).toBe(true);
      expect(`${(error as Error).message} ${JSON.stringify(error)}`).not.toContain(KEY);
    } finally {
      await failing.close();
    }
  }, 30_000);

  it('names the package to install when the openai SDK is missing, and defaults to OpenAI', async () => {
    const missing = Object.assign(new Error("Cannot find package 'openai'"), { code: 'ERR_MODULE_NOT_FOUND' });
    const error = await createOpenAIApiClient({ label, apiKey: KEY, importSdk: () => Promise.reject(missing) }).catch(
      (e: unknown) => e,
    );
    expect(HttpError.is(error) && error.code).toBe('missing-dependency');
    expect((error as Error).message).toMatch(/^@execret\/example chat: the optional package "openai" is not installed/);
    expect(DEFAULT_OPENAI_BASE_URL).toBe('https://api.openai.com/v1');
  });
});
