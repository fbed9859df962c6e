/**
 * The bounded "k best" heap shared by every search engine of this package, stored in flat typed arrays so
 * that the WebAssembly kernel, worker threads and plain JS all read and write the same structure.
 *
 * A heap of capacity k for query q occupies `scores[base … base+k−1]` and `positions[base … base+k−1]`
 * (`base = q·k`). It is a binary min-heap under the order "worse first": entry (s1, p1) is worse than
 * (s2, p2) when s1 < s2, or s1 = s2 and p1 < p2 (positions are tie-order positions, so among equal
 * scores the higher position — the higher document id — is better, the SPEC section 3 rule). The root is
 * the worst kept entry. Heaps start as k copies of (−∞, −1), which every finite score beats.
 *
 * @internal
 */

/** Fills heaps `first … first+count−1` of capacity `k` with the empty entry (−∞, −1). */
export function resetHeaps(
  scores: Float32Array | Float64Array,
  positions: Int32Array,
  first: number,
  count: number,
  k: number,
): void {
  scores.fill(-Infinity, first * k, (first + count) * k);
  positions.fill(-1, first * k, (first + count) * k);
}

/**
 * Offers candidate (score, position) to the heap at `base`; it replaces the root when it is better than the
 * root, and the heap order is restored. Returns nothing; callers read the new root from the arrays.
 */
export function offer(
  scores: Float32Array | Float64Array,
  positions: Int32Array,
  base: number,
  k: number,
  score: number,
  position: number,
): void {
  const rootScore = scores[base]!;
  // Written as "not better" so that a NaN candidate is never kept.
  if (!(score > rootScore || (score === rootScore && position > positions[base]!))) return;
  siftDown(scores, positions, base, k, score, position);
}

/**
 * Empties the heap at `base` best-first into `outScores[outBase …]` and `outIndices[outBase …]`, mapping
 * each position to a document index through `order` (identity when `undefined`). Destroys the heap.
 */
export function drainBestFirst(
  scores: Float32Array | Float64Array,
  positions: Int32Array,
  base: number,
  k: number,
  order: Int32Array | undefined,
  outScores: Float32Array | Float64Array,
  outIndices: Int32Array,
  outBase: number,
): void {
  for (let size = k; size > 0; size--) {
    // The root is the worst of the remaining entries: it goes to the last free output slot.
    const position = positions[base]!;
    outScores[outBase + size - 1] = scores[base]!;
    outIndices[outBase + size - 1] = order === undefined ? position : order[position]!;
    const lastScore = scores[base + size - 1]!;
    const lastPosition = positions[base + size - 1]!;
    if (size > 1) siftDown(scores, positions, base, size - 1, lastScore, lastPosition);
  }
}

/**
 * Puts (`score`, `position`) at the root of the `size`-entry heap at `base` (worst at the root: lower score, then
 * lower position) and moves it down to its place.
 */
function siftDown(
  scores: Float32Array | Float64Array,
  positions: Int32Array,
  base: number,
  size: number,
  score: number,
  position: number,
): void {
  let pos = 0;
  for (;;) {
    let child = 2 * pos + 1;
    if (child >= size) break;
    let cs = scores[base + child]!;
    let cp = positions[base + child]!;
    const right = child + 1;
    if (right < size) {
      const rs = scores[base + right]!;
      const rp = positions[base + right]!;
      if (rs < cs || (rs === cs && rp < cp)) {
        child = right;
        cs = rs;
        cp = rp;
      }
    }
    if (!(cs < score || (cs === score && cp < position))) break;
    scores[base + pos] = cs;
    positions[base + pos] = cp;
    pos = child;
  }
  scores[base + pos] = score;
  positions[base + pos] = position;
}
