import { binomialHalfLowerTailRatio, logBinomialHalfPmf } from './binomial-half.js';
import { assertInteger } from './validate.js';

/** Result of {@link mcnemarExact}. */
export interface McNemarResult {
  /** Discordant pairs where only system A succeeds (b in the usual 2×2 table). */
  aOnly: number;
  /** Discordant pairs where only system B succeeds (c in the usual 2×2 table). */
  bOnly: number;
  /** Number of discordant pairs, `aOnly + bOnly`. */
  n: number;
  /** Exact two-sided p = min(1, 2·P(X ≤ min(b, c))), X ~ Bin(b + c, 1/2); 1 when b + c = 0. */
  pValue: number;
  /** Mid-p = 2·P(X ≤ min(b, c)) − P(X = min(b, c)), capped at 1 (see {@link mcnemarExact}). */
  midPValue: number;
  /** ln(pValue), finite even where `pValue` underflows to 0 (p < 4.9e-324). */
  logPValue: number;
  /** ln(midPValue), finite even where `midPValue` underflows to 0. */
  logMidPValue: number;
}

/**
 * Exact McNemar test of paired binary outcomes: the two-sided exact binomial (sign) test on the
 * discordant counts b = `aOnly` and c = `bOnly`, with its mid-p variant.
 *
 * Definitions, with m = min(b, c), n = b + c and X ~ Bin(n, 1/2):
 * - `pValue` = min(1, 2·P(X ≤ m)); exactly 1 when n = 0. This is statsmodels'
 *   `mcnemar(table, exact=True)` and equals `scipy.stats.binomtest(m, n, 0.5).pvalue`.
 * - `midPValue` = 2·P(X ≤ m) − P(X = m) (Lancaster's mid-p; Fagerland, Lydersen & Laake 2013).
 *   The SPEC writes it as "exact p − P(X = m)"; the two agree whenever b ≠ c because then
 *   2·P(X ≤ m) ≤ 1 and the min(1, ·) clamp does not bind. When b = c (including n = 0) the unclamped
 *   doubled tail is 1 + P(X = m), the clamp binds, and subtracting P(X = m) from the clamped p would
 *   give 1 − P(X = m) (0 when n = 0); we subtract from the unclamped tail instead, which gives exactly
 *   1 — the value of the symmetric mid-p, and the value R's exact2x2 reports. Neither scipy nor
 *   statsmodels offers a mid-p for this test.
 * - When |b − c| = 1, 2·P(X ≤ m) = 1 exactly, so `pValue` is 1 and `midPValue` is 1 − P(X = m).
 *
 * Accuracy: for n ≤ 1022 both values are computed with exact integer arithmetic (BigInt sums of
 * binomial coefficients) and are correctly rounded. Above, they are computed in log space (Loader's
 * saddle-point binomial mass and a compensated ratio sum, see `binomial-half.ts`), so nothing
 * underflows for any n < 2^53; the relative error measured against exact references up to n = 2·10^6
 * is below (8 + 2·|ln p|) ulps (about |ln p|/2 ulps is unavoidable for any method that
 * exponentiates a double-precision ln p). Below the double range (p < 4.9e-324, e.g. b = 0, c ≥ 1076) `pValue`
 * underflows to 0 (through subnormals, which carry fewer significant digits below 2.2e-308) while
 * `logPValue` and `logMidPValue` stay finite and accurate to 8 ulps: report `logPValue / Math.LN10`
 * as the decimal exponent. Cost: O(m) BigInt steps for n ≤ 1022 (~50 µs at n ≈ 700), else
 * O(min(m, √n)) floating-point steps.
 *
 * @param aOnly - pairs where only A succeeds; a non-negative safe integer.
 * @param bOnly - pairs where only B succeeds; a non-negative safe integer.
 * @throws TypeError / RangeError when a count is not a non-negative safe integer.
 *
 * @example
 * // BM25 vs bge-large-en-v1.5, exec@1 (SPEC section 1)
 * const r = mcnemarExact(47, 66);
 * r.pValue;    // 0.08995… (2·P(X ≤ 47), X ~ Bin(113, 1/2))
 * r.midPValue; // 0.07469…
 * mcnemarExact(0, 0).pValue;          // 1
 * mcnemarExact(0, 2000).pValue;       // 0 (underflow); logPValue = −1999·ln 2 = −1385.6012139393306
 */
export function mcnemarExact(aOnly: number, bOnly: number): McNemarResult {
  assertInteger(aOnly, 'mcnemarExact', 'aOnly', 0);
  assertInteger(bOnly, 'mcnemarExact', 'bOnly', 0);
  const n = aOnly + bOnly;
  if (!Number.isSafeInteger(n)) {
    throw new RangeError(`@execret/stats mcnemarExact: expected aOnly + bOnly ≤ 2^53 − 1, received ${n}`);
  }
  const m = Math.min(aOnly, bOnly);
  const gap = Math.abs(aOnly - bOnly);
  const base = { aOnly, bOnly, n };

  if (gap === 0) {
    // b = c (including n = 0): the doubled tail 1 + P(X = m) is clamped to 1; the mid-p is 1.
    return { ...base, pValue: 1, midPValue: 1, logPValue: 0, logMidPValue: 0 };
  }
  if (m === 0) {
    // P(X ≤ 0) = 2^-n: p = 2^(1-n), mid-p = 2^-n (exact powers of two; 0 below 2^-1074).
    const pValue = gap === 1 ? 1 : 2 ** (1 - n);
    return {
      ...base,
      pValue,
      midPValue: 2 ** -n,
      logPValue: gap === 1 ? 0 : (1 - n) * Math.LN2,
      logMidPValue: -n * Math.LN2,
    };
  }
  if (n <= EXACT_LIMIT) return exactSmall(base, m, gap);

  const logPmf = logBinomialHalfPmf(n, m);
  if (gap === 1) {
    // 2·P(X ≤ m) = 1 exactly when n = 2m + 1; P(X = m) < 0.025 here, so 1 − P(X = m) is accurate.
    const pmf = Math.exp(logPmf);
    return { ...base, pValue: 1, midPValue: 1 - pmf, logPValue: 0, logMidPValue: Math.log1p(-pmf) };
  }
  const ratio = binomialHalfLowerTailRatio(n, m); // P(X ≤ m) = P(X = m)·ratio, ratio ≥ 1
  const logTail = logPmf + Math.log(ratio);
  const logMidPValue = Math.min(0, logPmf + Math.log(2 * ratio - 1));
  return {
    ...base,
    pValue: Math.min(1, 2 * Math.exp(logTail)),
    midPValue: Math.exp(logMidPValue),
    logPValue: Math.min(0, Math.LN2 + logTail),
    logMidPValue,
  };
}

/** Largest n evaluated with exact integer arithmetic (2^-n stays a normal double). */
const EXACT_LIMIT = 1022;

/**
 * Exact path for 1 ≤ m and n ≤ 1022: T = Σ_{j≤m} C(n, j) and C(n, m) as BigInts, then
 * p = T·2^(1−n) and mid-p = (2T − C(n, m))·2^−n. `Number(bigint)` rounds once to nearest and the
 * scaling by a power of two is exact (the results are ≥ 2^−1022), so both are correctly rounded.
 *
 * Steps are batched to save BigInt operations: from c = C(n, j), the next k coefficients are
 * c·Nᵢ/Dᵢ with Nᵢ = (n − j)(n − j − 1)… and Dᵢ = (j + 1)(j + 2)… (i factors each), so their sum is
 * c·A/D_k with A = Σᵢ Nᵢ·(D_k/Dᵢ) and the next coefficient is c·N_k/D_k; both divisions are exact.
 * k grows while every small product stays below 2^53.
 */
function exactSmall(base: { aOnly: number; bOnly: number; n: number }, m: number, gap: number): McNemarResult {
  const n = base.n;
  let coefficient = 1n; // C(n, j)
  let tail = 1n; // Σ_{i≤j} C(n, i)
  let j = 0;
  while (j < m) {
    // Batch steps j+1 .. j+k: A/D = Σ_{i=1..k} Π_{t<i}(n−j−t) / Π_{t≤i}(j+t), kept as integers.
    let numerator = 1; // N_i
    let denominator = 1; // D_i
    let sum = 0; // A for the current D
    let k = 0;
    while (j + k < m) {
      const nextNumerator = numerator * (n - j - k);
      const nextDenominator = denominator * (j + k + 1);
      const nextSum = sum * (j + k + 1) + nextNumerator;
      if (nextNumerator > MAX_EXACT || nextDenominator > MAX_EXACT || nextSum > MAX_EXACT) break;
      numerator = nextNumerator;
      denominator = nextDenominator;
      sum = nextSum;
      k++;
    }
    const d = BigInt(denominator);
    tail += (coefficient * BigInt(sum)) / d;
    coefficient = (coefficient * BigInt(numerator)) / d;
    j += k;
  }
  const scale = 2 ** -n;
  const twiceTail = 2n * tail;
  const pValue = gap === 1 ? 1 : Number(twiceTail) * scale;
  const midPValue = Number(twiceTail - coefficient) * scale;
  return {
    ...base,
    pValue,
    midPValue,
    logPValue: gap === 1 ? 0 : Math.log(pValue),
    logMidPValue: Math.log(midPValue),
  };
}

/** 2^53 − 1: integers up to here are exact in a double. */
const MAX_EXACT = Number.MAX_SAFE_INTEGER;
