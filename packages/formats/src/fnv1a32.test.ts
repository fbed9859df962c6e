import { describe, expect, it } from 'vitest';
import { fnv1a32 } from './fnv1a32.js';

/** An independent reference with BigInt arithmetic over the UTF-16 code units. */
function referenceFnv1a32(text: string): number {
  let h = 0x811c9dc5n;
  for (let i = 0; i < text.length; i++) {
    h ^= BigInt(text.charCodeAt(i));
    h = (h * 0x01000193n) % (1n << 32n);
  }
  return Number(h);
}

describe('fnv1a32', () => {
  it.each([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
  ])('gives the published FNV-1a test vector when hashing %j', (text, expected) => {
    expect(fnv1a32(text)).toBe(expected);
  });

  it.each(['q_0001', 'exec_string_processing_5', '20260510:task_1', 'héllo wörld', '😀 emoji', 'x'.repeat(1000)])(
    'matches an independent BigInt reference when hashing %j',
    (text) => {
      expect(fnv1a32(text)).toBe(referenceFnv1a32(text));
    },
  );

  it('returns an unsigned 32-bit integer when the hash has its top bit set', () => {
    const h = fnv1a32('a');
    expect(h).toBeGreaterThan(2 ** 31);
    expect(Number.isInteger(h) && h < 2 ** 32).toBe(true);
  });
});
