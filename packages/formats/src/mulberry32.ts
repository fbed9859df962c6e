/**
 * mulberry32: a 32-bit state advanced by the Weyl increment 0x6D2B79F5 and mixed by two xor-shift-multiply
 * rounds. Returns a function giving floats uniform on [0, 1) with 32 bits of resolution. The same seed gives the
 * same sequence on every platform. Small and fast, good enough to shuffle, sample and synthesise test data; not
 * cryptographic. This is the one seeded generator core of the project (the bootstrap uses seedrandom's xor4096,
 * the release's documented choice).
 *
 * @param seed - taken as an unsigned 32-bit integer (`seed >>> 0`)
 * @example
 * const next = mulberry32(1);
 * next(); // 0.6270739405881613, on every platform
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
