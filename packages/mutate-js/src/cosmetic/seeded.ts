import { fnv1a32, mulberry32 } from '@execret/formats';

/** Seeded choices of the cosmetic rewrites. */
export interface Seeded {
  /** An integer in 0..n-1 (n ≥ 1). */
  below(n: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** A non-empty subset of a non-empty list, in list order: each item kept with probability p, else one drawn. */
  subset<T>(items: readonly T[], p: number): T[];
}

/**
 * Deterministic choices from a text seed: `mulberry32` of `@execret/formats` started from `fnv1a32(seed)`. Same
 * seed → same choices on every platform. Not cryptographic.
 *
 * @example
 * seeded('7:0').below(4) === seeded('7:0').below(4) // true
 */
export function seeded(seed: string): Seeded {
  const next = mulberry32(fnv1a32(seed));
  const below = (n: number): number => Math.floor(next() * n);
  return {
    below,
    chance: (p) => next() < p,
    subset<T>(items: readonly T[], p: number): T[] {
      const chosen = items.filter(() => next() < p);
      return chosen.length > 0 ? chosen : [items[below(items.length)] as T];
    },
  };
}
