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
 * Hashes a string to a 32-bit unsigned integer: FNV-1a over the UTF-16 code units, then the
 * murmur3 finaliser (so similar seeds give unrelated states).
 */
function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Creates a deterministic PRNG: mulberry32 (a 32-bit state advanced by the Weyl increment
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
  let state = hashSeed(seedText);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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
