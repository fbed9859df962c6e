import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact-secrets.js';

describe('redactSecrets', () => {
  it.each([
    ['key sk-123456 twice sk-123456', ['sk-123456'], 'key [redacted] twice [redacted]'],
    ['short ab', ['ab'], 'short ab'],
    ['none', [undefined], 'none'],
  ])('redacts %j', (text, secrets, expected) => {
    expect(redactSecrets(text, secrets)).toBe(expected);
  });
});
