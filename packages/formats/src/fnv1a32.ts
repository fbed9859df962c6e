/**
 * 32-bit FNV-1a of a string's UTF-16 code units: start from the offset basis 0x811C9DC5, then for each code unit
 * XOR it into the hash and multiply by the FNV prime 0x01000193 modulo 2^32. For ASCII text this is the published
 * FNV-1a of its bytes; other characters enter as whole 16-bit code units, not as UTF-8 bytes. A fast,
 * well-spread, non-cryptographic hash for deriving per-item seeds from ids (`mulberry32(seed ^ fnv1a32(id))`).
 *
 * @returns an unsigned 32-bit integer
 * @example
 * fnv1a32('');       // 2166136261 (0x811c9dc5, the offset basis)
 * fnv1a32('a');      // 3826002220 (0xe40c292c)
 * fnv1a32('foobar'); // 3214735720 (0xbf9cf968)
 */
export function fnv1a32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
