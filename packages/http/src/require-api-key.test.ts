import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { requireApiKey } from './require-api-key.js';

describe('requireApiKey', () => {
  it('returns the key when one is given', () => {
    expect(requireApiKey('sk-1234', 'l')).toBe('sk-1234');
  });

  it.each([[undefined], ['']])('throws auth when the key is %j', (key) => {
    let caught: unknown;
    try {
      requireApiKey(key, '@execret/test p');
    } catch (error) {
      caught = error;
    }
    expect(HttpError.is(caught) && caught.code).toBe('auth');
    expect((caught as Error).message).toMatch(/^@execret\/test p: no API key given/);
  });
});
