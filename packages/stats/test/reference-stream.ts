import seedrandom from 'seedrandom';

/**
 * Independent re-implementation of the documented resampling stream (README, resample-means.ts),
 * written from the documentation, for tests only: xor4096 seeded with String(seed), rejection of
 * 32-bit words ≥ 2^32 − (2^32 mod n), index = word mod n, n consecutive indices per resample.
 */
export function referenceResampleIndices(seed: number, n: number, resamples: number): Int32Array[] {
  const rng = seedrandom.xor4096(String(seed));
  const limit = 2 ** 32 - (2 ** 32 % n);
  const out: Int32Array[] = [];
  for (let r = 0; r < resamples; r++) {
    const indices = new Int32Array(n);
    for (let j = 0; j < n; j++) {
      let word = rng.int32() >>> 0;
      while (word >= limit) word = rng.int32() >>> 0;
      indices[j] = word % n;
    }
    out.push(indices);
  }
  return out;
}

/** numpy's default percentile of an unsorted sample at probability q, by full sort. */
export function referencePercentile(values: ArrayLike<number>, q: number): number {
  const sorted = Float64Array.from(values).sort();
  const last = sorted.length - 1;
  const h = last * q;
  if (h >= last) return sorted[last] as number;
  const i = Math.floor(h);
  const a = sorted[i] as number;
  const b = sorted[i + 1] as number;
  const t = h - i;
  return t >= 0.5 ? b - (b - a) * (1 - t) : a + (b - a) * t;
}

/** Mean of values[indices] summed in draw order. */
export function gatherMean(values: ArrayLike<number>, indices: Int32Array): number {
  let total = 0;
  for (let j = 0; j < indices.length; j++) total += values[indices[j] as number] as number;
  return total / indices.length;
}

/** φ(z₀.₉₇₅): the standard normal density at its 97.5% quantile (scipy.stats.norm.pdf(norm.ppf(0.975))). */
export const PHI_AT_Z975 = 0.05844506980503538;

/**
 * Monte-Carlo tolerance for comparing our 5,000-resample interval ends with numpy's 200,000-resample
 * ones. The q-quantile of R draws from a density f has standard error √(q(1 − q)/R) / f(ξ_q); the
 * bootstrap distribution of a mean is close to normal with standard deviation sd, so
 * f(ξ₀.₀₂₅) ≈ φ(z₀.₉₇₅)/sd. Both estimates err independently; we allow 5 combined standard errors
 * (≈ 0.19·sd), which also covers a jump of one lattice step 1/n for 0/1 data (≈ 2.4 SE here).
 */
export function monteCarloTolerance(sd: number, resamples: number, referenceResamples: number): number {
  const q = 0.025;
  const se = (sd * Math.sqrt((q * (1 - q)) / resamples + (q * (1 - q)) / referenceResamples)) / PHI_AT_Z975;
  return 5 * se;
}
