/**
 * How much a build lets a candidate run before it stops waiting for it (mutation-testing tools bound a
 * mutant by the original's cost for the same reason: a mutant that never leaves its loop would otherwise take
 * the release's whole timeout). Python candidates are bounded by *work*: line events (`OracleJob.workLimit` of
 * `@execret/oracle`), `workFactor` times those of their task's canonical, at least `workFloor`, the same on
 * every machine; and every candidate by *time*: `timeFactor` times its canonical's measured time (traced, for
 * Python), at least `timeFloorMs`. What spends its work is taken to hang; what runs out of time has an unknown
 * class until the selection needs it (see `buildBenchmark`).
 */
export interface CandidateBudget {
  /** Multiple of the canonical's line events a Python candidate may execute. */
  workFactor: number;
  /** Least line events a Python candidate may execute. */
  workFloor: number;
  /** Multiple of the canonical's measured time (the oracle's `durationMs`) a candidate may take. */
  timeFactor: number;
  /** Least time a candidate may take, in milliseconds (absorbs a loaded machine). */
  timeFloorMs: number;
}

/**
 * Default {@link CandidateBudget}: a candidate may execute 1,000 times its canonical's line events and at least
 * 10^6 (≈0.2–0.3 s traced here; an honest single-edit mutant rarely needs more than a few times its canonical's
 * work), and may take 10 times its canonical's time and at least 1 s (more than 10^6 traced lines take, so that
 * a Python loop that never ends spends its work first, which needs no second execution).
 */
export const DEFAULT_CANDIDATE_BUDGET: Readonly<CandidateBudget> = {
  workFactor: 1000,
  workFloor: 1_000_000,
  timeFactor: 10,
  timeFloorMs: 1000,
};

/**
 * A Python candidate's work limit from its canonical's line events.
 *
 * @example
 * candidateWorkLimit(420, DEFAULT_CANDIDATE_BUDGET);     // 1000000
 * candidateWorkLimit(25_000, DEFAULT_CANDIDATE_BUDGET);  // 25000000
 */
export function candidateWorkLimit(canonicalWork: number, budget: Readonly<CandidateBudget>): number {
  return Math.ceil(Math.max(budget.workFloor, budget.workFactor * Math.max(0, canonicalWork)));
}

/**
 * A candidate's time budget in whole milliseconds, or `undefined` when it would not be shorter than
 * the oracle's timeout `fullMs`: then candidates run under the release's rule directly.
 *
 * @example
 * candidateTimeBudgetMs(3.2, DEFAULT_CANDIDATE_BUDGET, 5000);  // 1000
 * candidateTimeBudgetMs(900, DEFAULT_CANDIDATE_BUDGET, 5000);  // undefined (9000 ≥ 5000)
 */
export function candidateTimeBudgetMs(
  canonicalMs: number,
  budget: Readonly<CandidateBudget>,
  fullMs: number,
): number | undefined {
  const ms = Math.ceil(Math.max(budget.timeFloorMs, budget.timeFactor * Math.max(0, canonicalMs)));
  return ms < fullMs ? ms : undefined;
}

/**
 * Checks a {@link CandidateBudget} option: `false` (no budget) or four positive finite numbers.
 *
 * @throws {RangeError} naming the field
 */
export function checkCandidateBudget(budget: unknown): void {
  if (budget === false || budget === undefined) return;
  const b = budget as Partial<CandidateBudget>;
  for (const field of ['workFactor', 'workFloor', 'timeFactor', 'timeFloorMs'] as const) {
    const v = b[field];
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) {
      throw new RangeError(
        `@execret/generate buildBenchmark: candidateBudget.${field} must be a positive number, received ${String(v)}`,
      );
    }
  }
}
