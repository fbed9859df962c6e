import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.js';

describe('redactUrl', () => {
  it.each([
    ['https://user:pw@api.example.com/v1?key=s3cret#x', 'https://api.example.com/v1'],
    ['http://127.0.0.1:8000/v1/', 'http://127.0.0.1:8000/v1'],
    ['not a url', '(invalid URL)'],
  ])('redacts %s', (input, expected) => expect(redactUrl(input)).toBe(expected));
});
