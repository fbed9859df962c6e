import { fnv1a32, mulberry32 } from '@execret/formats';

/** A seeded pseudo-random number generator. */
export interface Prng {
  /** The seed it was created with. */
  readonly seed: string;
  /** Next float, uniform on [0, 1) with 32 bits of resolution. */
  next(): number;
  /** Next integer, uniform on 0..n-1 (n a positive integer). */
  int(n: number): number;
}

/**
 * Hashes a seed text to a 32-bit unsigned integer: FNV-1a over the UTF-16 code units (`fnv1a32` of
 * `@execret/formats`), then the murmur3 finaliser (so similar seeds give unrelated states).
 */
function hashSeed(text: string): number {
  let h = fnv1a32(text);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Creates a deterministic PRNG: `mulberry32` of `@execret/formats` (a 32-bit state advanced by the Weyl increment
 * 0x6D2B79F5 and mixed by two xor-shift-multiply rounds) started from `hashSeed(String(seed))`.
 * Same seed → same sequence on every platform. Not cryptographic.
 *
 * @example
 * const a = createPrng('20260510:task_1'), b = createPrng('20260510:task_1')
 * a.next() === b.next() // true
 * createPrng(7).int(4)  // an integer in 0..3, always the same one for seed 7
 */
export function createPrng(seed: string | number): Prng {
  const seedText = String(seed);
  const next = mulberry32(hashSeed(seedText));
  return {
    seed: seedText,
    next,
    int(n: number): number {
      if (!Number.isInteger(n) || n < 1)
        throw new RangeError(`@execret/generate Prng.int: expected a positive integer, received ${n}`);
      return Math.floor(next() * n);
    },
  };
}

/**
 * Returns a shuffled copy of `items` (Fisher–Yates from the last position down, drawing
 * `prng.int(i + 1)`); the input is not modified.
 *
 * @example
 * shuffled([1, 2, 3, 4], createPrng(1)) // a permutation of [1, 2, 3, 4], the same one every run
 */
export function shuffled<T>(items: readonly T[], prng: Prng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = prng.int(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
