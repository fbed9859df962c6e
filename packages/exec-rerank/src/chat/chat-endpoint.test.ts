import { describe, expect, it } from 'vitest';
import type { ChatReply } from '../artifact-record.js';
import { type ChatCompletionBody, createChatEndpoint } from './chat-endpoint.js';

const reply: ChatReply = {
  content: '{"tests": []}',
  refusal: null,
  finishReason: 'stop',
  promptTokens: 1,
  completionTokens: 2,
  responseModel: 'm',
};

describe('createChatEndpoint', () => {
  it('sends only the settings that were given when a custom transport is used', async () => {
    const bodies: ChatCompletionBody[] = [];
    const chat = createChatEndpoint(
      { provider: 'openai', model: 'm' },
      {
        chat: async (body) => {
          bodies.push(body);
          return reply;
        },
        temperature: 0,
        jsonMode: true,
      },
    );
    expect(await chat.complete([{ role: 'user', content: 'hi' }])).toEqual({ reply, requests: 1 });
    expect(bodies).toEqual([
      {
        model: 'm',
        messages: [{ role: 'user', content: 'hi' }],
        temperature: 0,
        response_format: { type: 'json_object' },
      },
    ]);
  });

  it('rejects with aborted when the signal fires and with chat-request when the transport fails', async () => {
    const controller = new AbortController();
    const chat = createChatEndpoint(
      { provider: 'openai', model: 'm' },
      {
        chat: async () => {
          controller.abort();
          throw new Error('stopped');
        },
      },
    );
    await expect(chat.complete([], controller.signal)).rejects.toMatchObject({ code: 'aborted' });
    const failing = createChatEndpoint(
      { provider: 'openai', model: 'm' },
      { chat: () => Promise.reject(new Error('boom')) },
    );
    await expect(failing.complete([])).rejects.toMatchObject({ code: 'chat-request' });
  });

  it.each([
    [{ provider: 'openai-compatible', model: 'm' } as const, { apiKey: 'k' }, /baseURL/],
    [{ provider: 'openai', model: 'm' } as const, {}, /apiKey/],
  ])('rejects with chat-unavailable for %j and %j', async (id, options, message) => {
    const error = await createChatEndpoint(id, options)
      .complete([])
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'chat-unavailable' });
    expect((error as Error).message).toMatch(message);
  });
});
