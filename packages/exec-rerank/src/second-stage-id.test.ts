import { describe, expect, it } from 'vitest';
import { parseSecondStageId } from './second-stage-id.js';
import { languageUnreadable } from './second-stage-languages.js';

describe('parseSecondStageId', () => {
  it.each([
    ['cohere/rerank-v3.5', { kind: 'model', id: 'cohere/rerank-v3.5' }],
    ['exec/consensus', { kind: 'consensus', id: 'exec/consensus' }],
    ['exec/random-clone', { kind: 'random-clone', id: 'exec/random-clone' }],
    [
      'exec/tests@openai/gpt-5-mini',
      { kind: 'tests', id: 'exec/tests@openai/gpt-5-mini', chat: { provider: 'openai', model: 'gpt-5-mini' } },
    ],
    [
      'exec/probe@openai-compatible/Qwen/Qwen3-32B',
      {
        kind: 'probe',
        id: 'exec/probe@openai-compatible/Qwen/Qwen3-32B',
        chat: { provider: 'openai-compatible', model: 'Qwen/Qwen3-32B' },
      },
    ],
  ])('reads %s', (id, parts) => {
    expect(parseSecondStageId(id)).toEqual(parts);
  });

  it.each(['exec/unknown', 'exec/tests@anthropic/claude', 'exec/probe@openai/', 'exec/tests@openai/ x', 'exec/tests'])(
    'gives null for %s, an exec id no execution reranker has',
    (id) => {
      expect(parseSecondStageId(id)).toBeNull();
    },
  );
});

describe('languageUnreadable', () => {
  it('names the execution rerankers when the dataset has queries in another language than Python', () => {
    expect(
      languageUnreadable(['exec/consensus', 'cohere/rerank-v3.5'], ['python', 'javascript', 'javascript']),
    ).toEqual({
      ids: ['exec/consensus'],
      reason: 'the execution rerankers read Python snippets only, and this dataset has javascript queries',
    });
  });

  it('finds nothing to refuse for Python datasets or model rerankers only', () => {
    expect(languageUnreadable(['exec/consensus'], ['python'])).toBeUndefined();
    expect(languageUnreadable(['cohere/rerank-v3.5'], ['typescript'])).toBeUndefined();
  });
});
