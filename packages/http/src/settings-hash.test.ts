import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { settingsHash } from './settings-hash.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('settingsHash', () => {
  it('hashes the canonical JSON of the listed settings and the version, nothing else', () => {
    const config = { provider: 'openai', model: 'm', dims: 3, price: 1, notes: 'x' };
    expect(settingsHash(config, ['provider', 'model', 'dims'], 1)).toBe(
      sha('{"dims":3,"model":"m","provider":"openai","v":1}'),
    );
    expect(settingsHash({ ...config, price: 2 }, ['provider', 'model', 'dims'], 1)).toBe(
      settingsHash(config, ['provider', 'model', 'dims'], 1),
    );
  });

  it('changes when a listed setting or the version changes, and leaves an absent setting out', () => {
    const base = settingsHash({ a: 1, b: 'x' }, ['a', 'b'], 1);
    expect(settingsHash({ a: 2, b: 'x' }, ['a', 'b'], 1)).not.toBe(base);
    expect(settingsHash({ a: 1, b: 'x' }, ['a', 'b'], 2)).not.toBe(base);
    expect(settingsHash({ a: 1 } as { a: number; b?: string }, ['a', 'b'], 1)).toBe(sha('{"a":1,"v":1}'));
  });
});
