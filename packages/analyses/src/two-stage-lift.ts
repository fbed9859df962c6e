/** What {@link twoStageLift} compares: per-query values of a first stage and of a reranker over it. */
export interface TwoStageLiftInput {
  /** Per-query values of the first stage by measure id (`exec@1`, `exec@10`, …), aligned with the queries. */
  readonly firstStage: Readonly<Record<string, ArrayLike<number>>>;
  /** Per-query values of the two-stage system (the second stage's order of the first stage's top depth), aligned. */
  readonly twoStage: Readonly<Record<string, ArrayLike<number>>>;
  /**
   * Per query, 1 when a passing snippet is among the first stage's top `depth` candidates (its exec@depth), else 0:
   * the best exec@1 any reordering of those candidates can reach.
   */
  readonly ceiling: ArrayLike<number>;
}

/** Options of {@link twoStageLift}. */
export interface TwoStageLiftOptions {
  /** The measure whose per-query changes are counted as helped and hurt (default {@link DEFAULT_LIFT_MEASURE}). */
  readonly measure?: string;
}

/** Means of one measure for both systems and their difference. */
export interface MeasureLift {
  readonly firstStage: number;
  readonly twoStage: number;
  /** twoStage − firstStage (difference of the means, computed as the mean of the per-query differences). */
  readonly delta: number;
}

/** What a second stage changed, on average and per query (see {@link twoStageLift}). */
export interface TwoStageLift {
  readonly queries: number;
  /** The measure of `helped`, `hurt`, `headroom` and `headroomClosed`. */
  readonly measure: string;
  /** Every measure present in both inputs, in the first stage's key order. */
  readonly measures: Readonly<Record<string, MeasureLift>>;
  /** Mean of `ceiling`: the first stage's exec@depth. */
  readonly ceiling: number;
  /** ceiling − the first stage's mean of `measure`: what a perfect reordering would add. */
  readonly headroom: number;
  /** (twoStage − firstStage) / headroom on `measure`; `NaN` when the headroom is 0. */
  readonly headroomClosed: number;
  /** Query indices (ascending) where the two-stage value of `measure` is above the first stage's. */
  readonly helped: readonly number[];
  /** Query indices (ascending) where it is below. */
  readonly hurt: readonly number[];
  /** Query indices (ascending) whose ceiling is 1 but whose two-stage value of `measure` is 0: a passing candidate was within reach. */
  readonly missed: readonly number[];
}

/** The measure {@link twoStageLift} counts helped and hurt queries on. */
export const DEFAULT_LIFT_MEASURE = 'exec@1';

/**
 * Compares a two-stage system with its own first stage: per measure, both means and the difference
 * (two-stage − first stage); the ceiling (mean first-stage exec@depth, the most exec@1 a reordering of the reranked
 * candidates can reach) and the headroom closed, (Δ measure) / (ceiling − first-stage measure); and the queries the
 * second stage helped (value went up), hurt (went down) and missed (ceiling 1, two-stage value 0). With binary
 * values, helped is 0 → 1 and hurt 1 → 0, so `helped.length` and `hurt.length` are the discordant counts of the
 * McNemar test between the two systems. Tie-aware expected values (fractions) are compared the same way.
 * Intervals and p-values are the pairwise tests' (`compareSystems` of `@execret/stats`); this function only
 * aligns and counts.
 *
 * @throws RangeError when a vector's length differs from the ceiling's, or `measure` is missing from either input.
 * @example
 * twoStageLift({
 *   firstStage: { 'exec@1': [0, 1, 0, 0] },
 *   twoStage: { 'exec@1': [1, 1, 0, 0] },
 *   ceiling: [1, 1, 1, 0],
 * });
 * // { queries: 4, measure: 'exec@1', measures: { 'exec@1': { firstStage: 0.25, twoStage: 0.5, delta: 0.25 } },
 * //   ceiling: 0.75, headroom: 0.5, headroomClosed: 0.5, helped: [0], hurt: [], missed: [2] }
 */
export function twoStageLift(input: TwoStageLiftInput, options: TwoStageLiftOptions = {}): TwoStageLift {
  const measure = options.measure ?? DEFAULT_LIFT_MEASURE;
  const n = input.ceiling.length;
  const check = (label: string, values: ArrayLike<number>): void => {
    if (values.length !== n) {
      throw new RangeError(
        `@execret/analyses twoStageLift: expected ${label} to have one value per query (${n}, the ceiling's length), received ${values.length}`,
      );
    }
  };
  const first = input.firstStage[measure];
  const second = input.twoStage[measure];
  if (first === undefined || second === undefined) {
    throw new RangeError(
      `@execret/analyses twoStageLift: expected ${JSON.stringify(measure)} in both inputs, received first stage [${Object.keys(input.firstStage).join(', ')}] and two-stage [${Object.keys(input.twoStage).join(', ')}]`,
    );
  }
  const measures: Record<string, MeasureLift> = {};
  for (const [name, a] of Object.entries(input.firstStage)) {
    const b = input.twoStage[name];
    if (b === undefined) continue;
    check(`firstStage[${JSON.stringify(name)}]`, a);
    check(`twoStage[${JSON.stringify(name)}]`, b);
    measures[name] = { firstStage: mean(a), twoStage: mean(b), delta: meanDifference(b, a) };
  }
  const helped: number[] = [];
  const hurt: number[] = [];
  const missed: number[] = [];
  for (let q = 0; q < n; q++) {
    const a = first[q]!;
    const b = second[q]!;
    if (b > a) helped.push(q);
    else if (b < a) hurt.push(q);
    if (input.ceiling[q] === 1 && b === 0) missed.push(q);
  }
  const ceiling = mean(input.ceiling);
  const lift = measures[measure]!;
  const headroom = ceiling - lift.firstStage;
  return {
    queries: n,
    measure,
    measures,
    ceiling,
    headroom,
    headroomClosed: headroom === 0 ? Number.NaN : lift.delta / headroom,
    helped,
    hurt,
    missed,
  };
}

function mean(values: ArrayLike<number>): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return sum / values.length;
}

function meanDifference(b: ArrayLike<number>, a: ArrayLike<number>): number {
  if (b.length === 0) return Number.NaN;
  let sum = 0;
  for (let i = 0; i < b.length; i++) sum += b[i]! - a[i]!;
  return sum / b.length;
}
