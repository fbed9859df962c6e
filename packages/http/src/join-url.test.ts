import { describe, expect, it } from 'vitest';
import { joinUrl } from './join-url.js';

describe('joinUrl', () => {
  it.each([
    ['http://h/v1', 'rerank', 'http://h/v1/rerank'],
    ['http://h/v1/', '/rerank', 'http://h/v1/rerank'],
    ['http://h/v1//', '//v2/rerank', 'http://h/v1/v2/rerank'],
  ])('joins %j and %j with one slash when either side has slashes', (base, path, expected) => {
    expect(joinUrl(base, path)).toBe(expected);
  });
});
