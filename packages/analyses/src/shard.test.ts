import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { executionShardKey, keyInShard, shardOfKey } from './shard.js';

describe('shardOfKey', () => {
  it('takes the first 32 bits of the key’s SHA-256 mod the count, plus 1', () => {
    // sha256('abc') = ba7816bf…
    expect(shardOfKey('abc', 4)).toBe((0xba7816bf % 4) + 1);
    for (const key of ['a', 'b', 'c:d', executionShardKey('0'.repeat(64), 'f'.repeat(64))]) {
      const first = Number.parseInt(createHash('sha256').update(key).digest('hex').slice(0, 8), 16);
      for (const count of [1, 2, 3, 7]) expect(shardOfKey(key, count)).toBe((first % count) + 1);
    }
  });

  it('refuses a count that is not a positive integer', () => {
    expect(() => shardOfKey('a', 0)).toThrow(RangeError);
    expect(() => shardOfKey('a', 1.5)).toThrow(RangeError);
  });
});

describe('keyInShard', () => {
  it('puts every key in exactly one shard, and every key in the absent shard', () => {
    const keys = Array.from({ length: 200 }, (_, i) => `k${i}`);
    const shares = [1, 2, 3].map((index) => keys.filter((k) => keyInShard(k, { index, count: 3 })));
    expect(shares.flat().sort()).toEqual([...keys].sort());
    for (const share of shares) expect(share.length).toBeGreaterThan(40);
    expect(keys.every((k) => keyInShard(k, undefined))).toBe(true);
  });
});
