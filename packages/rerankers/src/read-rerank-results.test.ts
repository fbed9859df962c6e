import { HttpError } from '@execret/http';
import { describe, expect, it } from 'vitest';
import { readNumber, readRerankResults } from './read-rerank-results.js';

const shape = { list: 'results', score: ['relevance_score', 'score'] } as const;

describe('readRerankResults', () => {
  it('puts scores in input order when results come sorted by score', () => {
    const body = {
      results: [
        { index: 2, relevance_score: 0.9 },
        { index: 0, relevance_score: 0.5 },
        { index: 1, score: 0.1 },
      ],
    };
    expect(Array.from(readRerankResults(body, shape, 3, 'l'))).toEqual([0.5, 0.1, 0.9]);
  });

  it('reads a bare array when the list key is null', () => {
    expect(Array.from(readRerankResults([{ index: 0, score: -2 }], { list: null, score: ['score'] }, 1, 'l'))).toEqual([
      -2,
    ]);
  });

  it.each([
    ['a wrong count', { results: [{ index: 0, relevance_score: 1 }] }, /1 results for 2 documents/],
    [
      'an index out of range',
      {
        results: [
          { index: 0, relevance_score: 1 },
          { index: 2, relevance_score: 1 },
        ],
      },
      /index 2, expected a unique integer in 0..1/,
    ],
    [
      'a repeated index',
      {
        results: [
          { index: 1, relevance_score: 1 },
          { index: 1, relevance_score: 1 },
        ],
      },
      /index 1/,
    ],
    [
      'a missing score',
      {
        results: [
          { index: 0, relevance_score: 1 },
          { index: 1, relevance_score: 'high' },
        ],
      },
      /no finite relevance_score/,
    ],
    ['no results array', { data: [] }, /"results" is not an array/],
  ])('throws response when the body has %s', (_, body, message) => {
    let caught: unknown;
    try {
      readRerankResults(body, shape, 2, '@execret/rerankers t');
    } catch (error) {
      caught = error;
    }
    expect(HttpError.is(caught) && caught.code).toBe('response');
    expect((caught as Error).message).toMatch(message);
  });
});

describe('readNumber', () => {
  it('returns the first path that holds a finite number', () => {
    expect(readNumber({ usage: { total_tokens: 12 } }, ['usage.prompt_tokens', 'usage.total_tokens'])).toBe(12);
  });

  it('returns null when no path holds a number', () => {
    expect(readNumber({ usage: { total_tokens: '12' } }, ['usage.total_tokens', 'meta.x'])).toBeNull();
  });
});
