import { mulberry32, sha256Hex } from '@execret/formats';

/**
 * A seeded, order-aware pick of one of `keys` (e.g. the code hashes of a near-clone group): the first 32 bits of
 * `SHA-256("<seed>:<key 0>,<key 1>,…")` seed `mulberry32`, whose first draw `u` picks `floor(u × keys.length)`.
 * The same seed and keys always give the same pick, whatever else was reranked before (no shared stream).
 *
 * @throws {RangeError} when `keys` is empty
 * @example
 * seededPick(20260510, ['a', 'b', 'c']); // the same index in 0..2 on every run and platform
 */
export function seededPick(seed: number, keys: readonly string[]): number {
  if (keys.length === 0) throw new RangeError('@execret/exec-rerank seededPick: keys must not be empty');
  const state = Number.parseInt(sha256Hex(`${seed}:${keys.join(',')}`).slice(0, 8), 16);
  return Math.floor(mulberry32(state)() * keys.length);
}
