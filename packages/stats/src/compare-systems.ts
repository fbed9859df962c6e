import { type BinaryComparison, compareCodePoints } from '@execret/formats';
import { benjaminiHochberg } from './benjamini-hochberg.js';
import { type BootstrapOptions, resolveBootstrapOptions } from './bootstrap-options.js';
import { holm } from './holm.js';
import { linearQuantilesInPlace } from './linear-quantile.js';
import { mcnemarExact } from './mcnemar-exact.js';
import { pairKey } from './pair-key.js';
import { resampleMeans } from './resample-means.js';
import { StatsError } from './stats-error.js';
import { compensatedMean, compensatedMeanDifference } from './typed-kernels.js';
import { describe, toFiniteFloat64 } from './validate.js';

export type { BinaryComparison } from '@execret/formats';

/**
 * Multiple-testing adjustments of the McNemar p-values that {@link compareSystems} can add, with the key
 * each writes into a binary pairwise entry.
 */
const ADJUSTMENTS = {
  none: null,
  holm: { key: 'mcnemar_exact_p_holm', adjust: holm },
  'benjamini-hochberg': { key: 'mcnemar_exact_p_bh', adjust: benjaminiHochberg },
} as const;

/** Options of {@link compareSystems}: the bootstrap settings, the binary measures and the p-value adjustment. */
export interface CompareSystemsOptions extends BootstrapOptions {
  /**
   * Which measures get the paired 2×2 table and McNemar test.
   * - `'auto'` (default): every measure whose values are all exactly 0 or 1 in every system
   *   (`exec@k`; also `precision@1`/`ndcg@1`-style measures that happen to be 0/1).
   * - a list of measure names: exactly these (each must exist and hold only 0/1); all others get the
   *   continuous shape. Pass `['exec@1', 'exec@3', 'exec@5', 'exec@10']` to reproduce the release's
   *   `pairwise_tests.json` key set exactly.
   */
  binaryMeasures?: 'auto' | readonly string[];
  /**
   * Multiple-testing adjustment of the exact McNemar p-values, added to every binary pairwise entry after
   * `bootstrap_ci_95`. The family is, per binary measure, the tests of every pair of systems on that measure
   * (`systems·(systems − 1)/2` p-values).
   * - `'none'` (default): nothing is added.
   * - `'holm'`: {@link holm} (family-wise error), as `mcnemar_exact_p_holm`.
   * - `'benjamini-hochberg'`: {@link benjaminiHochberg} (false discovery rate), as `mcnemar_exact_p_bh`.
   */
  adjust?: 'none' | 'holm' | 'benjamini-hochberg';
}

/** One entry of `confidence_intervals.json` (model → metric → this), keys as in the release. */
export interface SystemInterval {
  /** Mean over queries (compensated summation). */
  mean: number;
  /** Lower percentile-bootstrap bound at `confidence` (named `ci95_` as in the release). */
  ci95_low: number;
  /** Upper percentile-bootstrap bound at `confidence`. */
  ci95_high: number;
  /** Number of queries. */
  n: number;
  /** Number of bootstrap resamples. */
  bootstrap_samples: number;
  /** Seed of the resampling stream. */
  seed: number;
}

/** Pairwise entry for a non-binary measure: the release's `bootstrap_ci_95` plus the means. */
export interface ContinuousComparison {
  /** Mean of A. */
  a_mean: number;
  /** Mean of B. */
  b_mean: number;
  /** mean(A) − mean(B), compensated. */
  delta: number;
  /** Paired percentile-bootstrap interval of the mean difference A − B at `confidence`. */
  bootstrap_ci_95: [number, number];
}

/** A pairwise entry; binary measures (listed in `binaryMeasures`) have `mcnemar_exact_p`. */
export type PairComparison = BinaryComparison | ContinuousComparison;

/** Result of {@link compareSystems}. */
export interface CompareSystemsResult {
  method: 'percentile';
  resamples: number;
  confidence: number;
  seed: number;
  /** Number of queries. */
  n: number;
  /** System names in code-point order. */
  systems: string[];
  /** Measure names, in the key order of the first system in `systems`. */
  measures: string[];
  /** The measures that received the binary (McNemar) shape. */
  binaryMeasures: string[];
  /** The multiple-testing adjustment applied to the McNemar p-values. */
  adjust: 'none' | 'holm' | 'benjamini-hochberg';
  /** `confidence_intervals.json` shape: system → measure → interval. */
  intervals: Record<string, Record<string, SystemInterval>>;
  /** `pairwise_tests.json` shape: "A vs B" (A before B in code-point order) → measure → comparison. */
  pairwise: Record<string, Record<string, PairComparison>>;
}

/**
 * Bootstrap intervals for every system and paired comparisons for every pair of systems, in one
 * pass over one shared set of resamples — the computation behind the release's
 * `tests/confidence_intervals.json` and `tests/pairwise_tests.json`.
 *
 * `scores[system][measure]` holds per-query values aligned across all systems and measures (query i
 * is the same query everywhere). Systems are ordered by code point ({@link compareCodePoints}); for
 * each unordered pair {A, B} with A before B the key is `"A vs B"` and every difference is A − B.
 *
 * Resampling: R resamples of the n queries are drawn once from the stream of {@link bootstrapCi}
 * (seedrandom `xor4096` seeded with `String(seed)`), each system × measure column's R resampled
 * means are computed once, a system's interval is the numpy-linear (1 ∓ c)/2 quantiles of its column,
 * and a pair's interval is the same quantiles of the differences of the two columns' resampled means
 * (= the resampled mean of A − B, the same query indices for both systems). Each number is therefore
 * bit-identical to `bootstrapCi(values, options)` / `pairedBootstrapCi(a, b, options)` called alone.
 *
 * Binary measures (see {@link CompareSystemsOptions.binaryMeasures}) additionally get the 2×2 table,
 * rates and the exact McNemar test, plus the adjusted p-value when `adjust` asks for one (family: every pair
 * on that measure); others get the means and their difference. Keys follow the
 * release (`ci95_low`, `bootstrap_ci_95`, …) whatever `confidence` is; the level actually used is
 * `result.confidence`. Values are not rounded.
 *
 * Cost: about R·n·(distinct non-constant columns) multiply-adds plus R·(pairs·measures) for the
 * differences and selections — ~1 s for 24 systems × 12 measures × 939 queries at R = 5,000.
 *
 * @param scores - system → measure → per-query values (finite; arrays or typed arrays).
 * @param options - `resamples` (5,000), `confidence` (0.95), `seed` (20260510), `binaryMeasures`
 *   (`'auto'`), `adjust` (`'none'`).
 * @throws TypeError when `adjust` is not one of `'none'`, `'holm'`, `'benjamini-hochberg'`; RangeError when there are no systems, no measures, no queries, or the vectors differ in
 *   length; TypeError when `scores` is not an object of objects of arrays; StatsError
 *   `missing-measure` when systems report different measure sets or a listed binary measure does
 *   not exist, `not-binary` when a listed binary measure holds other values, `non-finite-value` for
 *   NaN/±Infinity (details name the system, measure and index).
 *
 * @example
 * const result = compareSystems({
 *   bm25: { 'exec@1': [1, 0, 0, 1, 0, 0], 'ndcg@3': [1, 0.5, 0, 1, 0, 0.63] },
 *   dense: { 'exec@1': [1, 1, 0, 1, 1, 0], 'ndcg@3': [1, 1, 0.5, 1, 1, 0.5] },
 * });
 * result.binaryMeasures; // ['exec@1'] (auto: only 0/1 values)
 * result.pairwise['bm25 vs dense']['exec@1'];
 * // { a_only: 0, b_only: 2, both: 2, neither: 2, a_rate: 0.3333333333333333,
 * //   b_rate: 0.6666666666666666, delta: -0.3333333333333333, mcnemar_exact_p: 0.5,
 * //   mcnemar_mid_p: 0.25, bootstrap_ci_95: [-0.6666666666666667, 0] }
 * result.pairwise['bm25 vs dense']['ndcg@3'];
 * // { a_mean: 0.5216666666666666, b_mean: 0.8333333333333334, delta: -0.3116666666666667,
 * //   bootstrap_ci_95: [-0.6666666666666666, -0.018333333333333313] }
 * result.intervals.dense['ndcg@3'];
 * // { mean: 0.8333333333333334, ci95_low: 0.6666666666666666, ci95_high: 1, n: 6,
 * //   bootstrap_samples: 5000, seed: 20260510 }
 * compareSystems(scores, { adjust: 'holm' }).pairwise['bm25 vs dense']['exec@1'].mcnemar_exact_p_holm;
 * // 0.5 (one pair: the family has one test, so the adjusted p equals the raw p)
 */
export function compareSystems(
  scores: Readonly<Record<string, Readonly<Record<string, ArrayLike<number>>>>>,
  options?: CompareSystemsOptions,
): CompareSystemsResult {
  const resolved = resolveBootstrapOptions(options, 'compareSystems');
  const adjust = options?.adjust ?? 'none';
  if (!Object.hasOwn(ADJUSTMENTS, adjust)) {
    throw new TypeError(
      `@execret/stats compareSystems: expected options.adjust to be one of ${Object.keys(ADJUSTMENTS)
        .map((a) => `'${a}'`)
        .join(', ')}, received ${describe(adjust)}`,
    );
  }
  const table = readScores(scores);
  const { systems, measures, n, columns } = table;
  const binary = resolveBinaryMeasures(table, options?.binaryMeasures);

  const flat: Float64Array[] = [];
  for (const row of columns) flat.push(...row);
  const resampled = resampleMeans(flat, resolved.resamples, resolved.seed);
  const meansOf = (s: number, m: number) => resampled[s * measures.length + m] as Float64Array;
  const columnOf = (s: number, m: number) => (columns[s] as Float64Array[])[m] as Float64Array;

  const scratch = new Float64Array(resolved.resamples);
  const interval = (fill: (out: Float64Array) => void): [number, number] => {
    fill(scratch);
    return linearQuantilesInPlace(scratch, resolved.qLow, resolved.qHigh);
  };

  const intervals: Record<string, Record<string, SystemInterval>> = {};
  for (let s = 0; s < systems.length; s++) {
    const entry: Record<string, SystemInterval> = {};
    for (let m = 0; m < measures.length; m++) {
      const [low, high] = interval((out) => out.set(meansOf(s, m)));
      entry[measures[m] as string] = {
        mean: compensatedMean(columnOf(s, m)),
        ci95_low: low,
        ci95_high: high,
        n,
        bootstrap_samples: resolved.resamples,
        seed: resolved.seed,
      };
    }
    intervals[systems[s] as string] = entry;
  }

  const pairwise: Record<string, Record<string, PairComparison>> = {};
  for (let s = 0; s < systems.length; s++) {
    for (let t = s + 1; t < systems.length; t++) {
      const entry: Record<string, PairComparison> = {};
      for (let m = 0; m < measures.length; m++) {
        const meansA = meansOf(s, m);
        const meansB = meansOf(t, m);
        const ci = interval((out) => {
          for (let r = 0; r < out.length; r++) out[r] = (meansA[r] as number) - (meansB[r] as number);
        });
        const a = columnOf(s, m);
        const b = columnOf(t, m);
        entry[measures[m] as string] = binary[m] ? binaryComparison(a, b, ci) : continuousComparison(a, b, ci);
      }
      pairwise[pairKey(systems[s] as string, systems[t] as string).key] = entry;
    }
  }
  const adjustment = ADJUSTMENTS[adjust];
  if (adjustment !== null) {
    for (let m = 0; m < measures.length; m++) {
      if (!binary[m]) continue;
      const family = Object.values(pairwise).map((entry) => entry[measures[m] as string] as BinaryComparison);
      const adjusted = adjustment.adjust(family.map((cell) => cell.mcnemar_exact_p));
      family.forEach((cell, i) => {
        cell[adjustment.key] = adjusted[i] as number;
      });
    }
  }

  return {
    method: 'percentile',
    resamples: resolved.resamples,
    confidence: resolved.confidence,
    seed: resolved.seed,
    n,
    systems,
    measures,
    binaryMeasures: measures.filter((_, m) => binary[m]),
    adjust,
    intervals,
    pairwise,
  };
}

function binaryComparison(a: Float64Array, b: Float64Array, ci: [number, number]): BinaryComparison {
  let aOnly = 0;
  let bOnly = 0;
  let both = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    if (x === 1) {
      if (y === 1) both++;
      else aOnly++;
    } else if (y === 1) bOnly++;
  }
  const n = a.length;
  const test = mcnemarExact(aOnly, bOnly);
  return {
    a_only: aOnly,
    b_only: bOnly,
    both,
    neither: n - aOnly - bOnly - both,
    a_rate: (aOnly + both) / n,
    b_rate: (bOnly + both) / n,
    delta: (aOnly - bOnly) / n,
    mcnemar_exact_p: test.pValue,
    mcnemar_mid_p: test.midPValue,
    bootstrap_ci_95: ci,
  };
}

function continuousComparison(a: Float64Array, b: Float64Array, ci: [number, number]): ContinuousComparison {
  return {
    a_mean: compensatedMean(a),
    b_mean: compensatedMean(b),
    delta: compensatedMeanDifference(a, b),
    bootstrap_ci_95: ci,
  };
}

interface ScoreTable {
  systems: string[];
  measures: string[];
  n: number;
  /** columns[s][m]: per-query values of system s, measure m. */
  columns: Float64Array[][];
}

/** Validates the nested record once and copies it into Float64Array columns. */
function readScores(scores: unknown): ScoreTable {
  if (scores === null || typeof scores !== 'object' || Array.isArray(scores)) {
    throw new TypeError(
      `@execret/stats compareSystems: expected scores to be an object mapping system → measure → values, received ${describe(scores)}`,
    );
  }
  const record = scores as Record<string, unknown>;
  const systems = Object.keys(record).sort(compareCodePoints);
  if (systems.length === 0) {
    throw new RangeError('@execret/stats compareSystems: expected at least one system, received an empty object');
  }
  const first = record[systems[0] as string];
  if (first === null || typeof first !== 'object') {
    throw new TypeError(
      `@execret/stats compareSystems: expected scores[${JSON.stringify(systems[0])}] to be an object mapping measure → values, received ${describe(first)}`,
    );
  }
  const measures = Object.keys(first);
  if (measures.length === 0) {
    throw new RangeError(
      `@execret/stats compareSystems: expected at least one measure for system ${JSON.stringify(systems[0])}`,
    );
  }
  let n = -1;
  const columns = systems.map((system) => {
    const row = record[system];
    if (row === null || typeof row !== 'object') {
      throw new TypeError(
        `@execret/stats compareSystems: expected scores[${JSON.stringify(system)}] to be an object mapping measure → values, received ${describe(row)}`,
      );
    }
    const perMeasure = row as Record<string, unknown>;
    const keys = Object.keys(perMeasure);
    for (const measure of keys) {
      if (!measures.includes(measure)) throw missingMeasure(systems[0] as string, measure, system);
    }
    return measures.map((measure) => {
      if (!Object.hasOwn(perMeasure, measure)) throw missingMeasure(system, measure, systems[0] as string);
      const values = perMeasure[measure] as ArrayLike<number> | null | undefined;
      if (values === null || typeof values !== 'object' || typeof values.length !== 'number') {
        throw new TypeError(
          `@execret/stats compareSystems: expected scores[${JSON.stringify(system)}][${JSON.stringify(measure)}] to be an array or typed array of numbers, received ${describe(values)}`,
        );
      }
      if (n === -1) n = values.length;
      if (values.length !== n) {
        throw new RangeError(
          `@execret/stats compareSystems: expected every vector to hold one value per query (${n}, as scores[${JSON.stringify(systems[0])}][${JSON.stringify(measures[0])}]), received ${values.length} for scores[${JSON.stringify(system)}][${JSON.stringify(measure)}]`,
        );
      }
      return toFiniteFloat64(
        values,
        'compareSystems',
        `scores[${JSON.stringify(system)}][${JSON.stringify(measure)}]`,
        {
          system,
          measure,
        },
      );
    });
  });
  if (n === 0) {
    throw new RangeError('@execret/stats compareSystems: expected at least one query, received empty vectors');
  }
  return { systems, measures, n, columns };
}

function missingMeasure(system: string, measure: string, other: string): StatsError {
  return new StatsError(
    'missing-measure',
    `@execret/stats compareSystems: expected every system to report the same measures; ${JSON.stringify(other)} has ${JSON.stringify(measure)} but ${JSON.stringify(system)} does not`,
    { details: { system, measure } },
  );
}

/** One flag per measure: does it get the binary (McNemar) shape? */
function resolveBinaryMeasures(table: ScoreTable, option: CompareSystemsOptions['binaryMeasures']): boolean[] {
  const isZeroOne = (m: number): { ok: true } | { ok: false; system: string; index: number; value: number } => {
    for (let s = 0; s < table.systems.length; s++) {
      const column = (table.columns[s] as Float64Array[])[m] as Float64Array;
      for (let i = 0; i < column.length; i++) {
        const v = column[i] as number;
        if (v !== 0 && v !== 1) return { ok: false, system: table.systems[s] as string, index: i, value: v };
      }
    }
    return { ok: true };
  };
  if (option === undefined || option === 'auto') return table.measures.map((_, m) => isZeroOne(m).ok);
  if (!Array.isArray(option)) {
    throw new TypeError(
      `@execret/stats compareSystems: expected options.binaryMeasures to be 'auto' or an array of measure names, received ${describe(option)}`,
    );
  }
  const flags = table.measures.map(() => false);
  for (const measure of option as readonly string[]) {
    const m = table.measures.indexOf(measure);
    if (m < 0) {
      throw new StatsError(
        'missing-measure',
        `@execret/stats compareSystems: options.binaryMeasures lists ${JSON.stringify(measure)}, which the systems do not report (measures: ${table.measures.map((x) => JSON.stringify(x)).join(', ')})`,
        { details: { measure } },
      );
    }
    const check = isZeroOne(m);
    if (!check.ok) {
      throw new StatsError(
        'not-binary',
        `@execret/stats compareSystems: options.binaryMeasures lists ${JSON.stringify(measure)}, but scores[${JSON.stringify(check.system)}][${JSON.stringify(measure)}][${check.index}] is ${check.value}, not 0 or 1`,
        { details: { system: check.system, measure, index: check.index } },
      );
    }
    flags[m] = true;
  }
  return flags;
}
