/** Token-state pooling rules computed on the client (local models). */
export type LocalPooling = 'cls' | 'mean' | 'last-token';

/**
 * Pools token states into one vector per sequence.
 *
 * Inputs: `hidden`, a row-major `batch × seq × hiddenSize` Float32Array, and `mask`, a row-major
 * `batch × seq` attention mask (1 = real token, 0 = padding; numbers or bigints).
 * - `cls`: the state at the first position whose mask is 1 (position 0 under right padding);
 * - `mean`: the sum of states at positions whose mask is 1, divided by their count (float64 sums);
 * - `last-token`: the state at the last position whose mask is 1 (position `seq - 1` under left padding).
 *
 * The masked position is found from the mask itself, so the result does not depend on the padding side.
 * A sequence with no unmasked token pools to a zero vector.
 *
 * @returns a row-major `batch × hiddenSize` Float32Array.
 * @example
 * // one sequence, two tokens [1, 2] and [3, 4], left-padded with one pad token
 * poolTokenStates(new Float32Array([9, 9, 1, 2, 3, 4]), [0, 1, 1], 1, 3, 2, 'mean'); // Float32Array [2, 3]
 * poolTokenStates(new Float32Array([9, 9, 1, 2, 3, 4]), [0, 1, 1], 1, 3, 2, 'cls'); // Float32Array [1, 2]
 * poolTokenStates(new Float32Array([9, 9, 1, 2, 3, 4]), [0, 1, 1], 1, 3, 2, 'last-token'); // Float32Array [3, 4]
 */
export function poolTokenStates(
  hidden: Float32Array,
  mask: ArrayLike<number | bigint>,
  batch: number,
  seq: number,
  hiddenSize: number,
  pooling: LocalPooling,
): Float32Array {
  if (hidden.length !== batch * seq * hiddenSize) {
    throw new RangeError(`poolTokenStates: hidden has ${hidden.length} values, expected ${batch}×${seq}×${hiddenSize}`);
  }
  if (mask.length !== batch * seq) {
    throw new RangeError(`poolTokenStates: mask has ${mask.length} values, expected ${batch}×${seq}`);
  }
  const out = new Float32Array(batch * hiddenSize);
  const sums = new Float64Array(hiddenSize);
  for (let b = 0; b < batch; b++) {
    const isReal = (s: number) => Number(mask[b * seq + s]) !== 0;
    if (pooling === 'mean') {
      sums.fill(0);
      let count = 0;
      for (let s = 0; s < seq; s++) {
        if (!isReal(s)) continue;
        count++;
        const off = (b * seq + s) * hiddenSize;
        for (let h = 0; h < hiddenSize; h++) sums[h] = (sums[h] as number) + (hidden[off + h] as number);
      }
      if (count > 0) for (let h = 0; h < hiddenSize; h++) out[b * hiddenSize + h] = (sums[h] as number) / count;
      continue;
    }
    let position = -1;
    if (pooling === 'cls') {
      for (let s = 0; s < seq && position < 0; s++) if (isReal(s)) position = s;
    } else {
      for (let s = seq - 1; s >= 0 && position < 0; s--) if (isReal(s)) position = s;
    }
    if (position >= 0) {
      const off = (b * seq + position) * hiddenSize;
      out.set(hidden.subarray(off, off + hiddenSize), b * hiddenSize);
    }
  }
  return out;
}
