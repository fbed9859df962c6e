import { type FunctionSignature, signatureKey } from './function-signature.js';

/**
 * The near-clone group of the top candidate: the indices (ascending) of every candidate whose main function has
 * the same `signatureKey` (name and parameter count) as candidate 0's. Empty when candidate 0 defines no
 * function.
 *
 * @example
 * signatureGroup([sig('f', 1), sig('g', 1), sig('f', 1), null, sig('f', 2)]); // [0, 2]
 */
export function signatureGroup(mains: readonly (FunctionSignature | null)[]): number[] {
  const top = mains[0];
  if (top === null || top === undefined) return [];
  const key = signatureKey(top);
  const out: number[] = [];
  mains.forEach((m, i) => {
    if (m !== null && signatureKey(m) === key) out.push(i);
  });
  return out;
}
