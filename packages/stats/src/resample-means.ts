import seedrandom from 'seedrandom';

/**
 * Internal engine behind every bootstrap in this package: the means of many aligned columns over
 * the same query-level resamples, computed in one pass.
 *
 * Resampling stream (the documented contract that makes results reproducible):
 * - generator: seedrandom's `xor4096` (Brent's xorgens, 4096-bit state) seeded with the string
 *   `String(seed)`;
 * - an index uniform on {0, …, n − 1} is drawn from 32-bit words u = `rng.int32() >>> 0` by
 *   rejection: words u ≥ 2³² − (2³² mod n) are discarded and the index is u mod n (exactly uniform);
 * - resample r (r = 0, 1, …, R − 1) consists of the n indices drawn consecutively after those of
 *   resample r − 1. Only the multiplicity of each index matters, so the resample is kept as a
 *   count vector c_r with Σᵢ c_r[i] = n.
 *
 * The resampled mean of column x is (Σᵢ c_r[i]·xᵢ, summed in increasing i) / n. That order does not
 * depend on which other columns are computed alongside, so a column's resampled means are
 * bit-identical whether it is bootstrapped alone or with 300 others. Identical columns are computed
 * once, and a constant column's resampled means are that constant exactly.
 *
 * Kernel: counts for 4 resamples at a time (Float64Array), then for each query with a non-zero
 * count in the block one pass over its row of a row-major query × column matrix, updating 4
 * interleaved accumulators per column (one typed array, so the inner loop touches two arrays).
 * Work ≈ R · n · (distinct non-constant columns) multiply-adds.
 */

/** How many resamples share one pass over the data matrix. */
const BLOCK = 4;

/** Draws uniform indices in [0, n) from a seeded stream; see the module comment. */
export interface IndexSampler {
  next(): number;
}

/** The index sampler for `seed` and sample size `n` (1 ≤ n ≤ 2³²). */
export function createIndexSampler(seed: number, n: number): IndexSampler {
  const rng = seedrandom.xor4096(String(seed));
  const limit = 4294967296 - (4294967296 % n);
  return {
    next(): number {
      let u = rng.int32() >>> 0;
      while (u >= limit) u = rng.int32() >>> 0;
      return u % n;
    },
  };
}

/**
 * Resampled means of every column: result[k][r] is the mean of `columns[k]` over resample r.
 * All columns must have the same length n ≥ 1 and hold finite values (checked by the callers).
 */
export function resampleMeans(columns: readonly Float64Array[], resamples: number, seed: number): Float64Array[] {
  const n = (columns[0] as Float64Array).length;
  const out: Float64Array[] = new Array<Float64Array>(columns.length);

  // Distinct, non-constant columns go into the matrix; the rest are filled directly or shared.
  const distinct: Float64Array[] = [];
  const slotOf = new Int32Array(columns.length).fill(-1);
  const byHash = new Map<number, number[]>();
  for (let k = 0; k < columns.length; k++) {
    const column = columns[k] as Float64Array;
    if (isConstant(column)) {
      out[k] = new Float64Array(resamples).fill(column[0] as number);
      continue;
    }
    const hash = hashColumn(column);
    const candidates = byHash.get(hash);
    const match = candidates?.find((slot) => sameValues(distinct[slot] as Float64Array, column));
    if (match !== undefined) {
      slotOf[k] = match;
      continue;
    }
    slotOf[k] = distinct.length;
    if (candidates) candidates.push(distinct.length);
    else byHash.set(hash, [distinct.length]);
    distinct.push(column);
  }

  const width = distinct.length;
  const means = distinct.map(() => new Float64Array(resamples));
  if (width > 0) {
    const matrix = new Float64Array(n * width); // row-major: query i, column u
    for (let u = 0; u < width; u++) {
      const column = distinct[u] as Float64Array;
      for (let i = 0; i < n; i++) matrix[i * width + u] = column[i] as number;
    }
    accumulate(matrix, n, width, means, resamples, createIndexSampler(seed, n));
  }
  for (let k = 0; k < columns.length; k++) {
    const slot = slotOf[k] as number;
    if (slot >= 0) out[k] = means[slot] as Float64Array;
  }
  return out;
}

/** Fills `means[u][r]` for every distinct column u and resample r, BLOCK resamples per pass. */
function accumulate(
  matrix: Float64Array,
  n: number,
  width: number,
  means: Float64Array[],
  resamples: number,
  sampler: IndexSampler,
): void {
  const counts = new Float64Array(BLOCK * n);
  const acc = new Float64Array(BLOCK * width); // interleaved: acc[BLOCK·u + b]
  for (let r0 = 0; r0 < resamples; r0 += BLOCK) {
    const rows = Math.min(BLOCK, resamples - r0);
    drawCounts(counts, rows, n, sampler);
    acc.fill(0);
    multiplyAddBlock(matrix, n, width, counts, acc);
    for (let u = 0; u < width; u++) {
      const column = means[u] as Float64Array;
      for (let b = 0; b < rows; b++) column[r0 + b] = (acc[BLOCK * u + b] as number) / n;
    }
  }
}

/** counts[b·n + i] = multiplicity of query i in resample b of the block (rows ≤ BLOCK). */
function drawCounts(counts: Float64Array, rows: number, n: number, sampler: IndexSampler): void {
  counts.fill(0);
  for (let b = 0; b < rows; b++) {
    const offset = b * n;
    for (let j = 0; j < n; j++) (counts[offset + sampler.next()] as number)++;
  }
}

/** acc[4u + b] += Σᵢ counts[b·n + i]·matrix[i·width + u] for b < 4, rows of zero counts skipped. */
function multiplyAddBlock(
  matrix: Float64Array,
  n: number,
  width: number,
  counts: Float64Array,
  acc: Float64Array,
): void {
  for (let i = 0; i < n; i++) {
    const c0 = counts[i] as number;
    const c1 = counts[n + i] as number;
    const c2 = counts[2 * n + i] as number;
    const c3 = counts[3 * n + i] as number;
    if (c0 + c1 + c2 + c3 === 0) continue;
    let cell = i * width;
    const end = cell + width;
    for (let k = 0; cell < end; cell++, k += 4) {
      const x = matrix[cell] as number;
      acc[k] = (acc[k] as number) + c0 * x;
      acc[k + 1] = (acc[k + 1] as number) + c1 * x;
      acc[k + 2] = (acc[k + 2] as number) + c2 * x;
      acc[k + 3] = (acc[k + 3] as number) + c3 * x;
    }
  }
}

function isConstant(column: Float64Array): boolean {
  const first = column[0] as number;
  for (let i = 1; i < column.length; i++) if (column[i] !== first) return false;
  return true;
}

function sameValues(a: Float64Array, b: Float64Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A cheap content hash (position-weighted sum); collisions are resolved by `sameValues`. */
function hashColumn(column: Float64Array): number {
  let h = 0;
  for (let i = 0; i < column.length; i++) h += (column[i] as number) * ((i % 1021) + 1);
  return h;
}
