import { describe, expect, it } from 'vitest';
import { readChatCompletion } from './read-chat-completion.js';

describe('readChatCompletion', () => {
  it('reads the first choice, the token counts, the reported model and id, and the first token logprobs', () => {
    const result = readChatCompletion({
      id: 'cmpl-1',
      model: 'gpt-x',
      choices: [
        {
          message: { content: 'yes', refusal: null },
          finish_reason: 'stop',
          logprobs: { content: [{ token: 'yes', logprob: -0.1, top_logprobs: [{ token: 'no', logprob: -2.3 }] }] },
        },
        { message: { content: 'second' } },
      ],
      usage: { prompt_tokens: 9, completion_tokens: 1 },
    });
    expect(result).toEqual({
      content: 'yes',
      refusal: null,
      finishReason: 'stop',
      promptTokens: 9,
      completionTokens: 1,
      responseModel: 'gpt-x',
      responseId: 'cmpl-1',
      firstTokenLogprobs: [
        { token: 'yes', logprob: -0.1 },
        { token: 'no', logprob: -2.3 },
      ],
    });
  });

  it.each([
    ['no choices and no usage', { choices: [] }],
    ['choices that are not an array', { choices: 'x' as never }],
    [
      'counts that are negative, NaN or text',
      { choices: [{}], usage: { prompt_tokens: -1, completion_tokens: Number.NaN } },
    ],
  ])('reads %s as nulls', (_what, completion) => {
    expect(readChatCompletion(completion)).toEqual({
      content: null,
      refusal: null,
      finishReason: null,
      promptTokens: null,
      completionTokens: null,
      responseModel: null,
      responseId: null,
      firstTokenLogprobs: null,
    });
  });
});
