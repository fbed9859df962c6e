import { type ResultsFile, resultExtras } from '@execret/dataset';
import { type OrientedComparison, orientedComparison } from '@execret/stats';
import { perQueryMeasures } from './per-query-measures.js';

/**
 * The query-blind second stage every other one is measured against: `exec/consensus` of `@execret/exec-rerank`
 * picks the candidate whose behaviour most others share and never reads the query, so what it gains comes from how
 * the pool was built (one canonical among distinct near-clones of it), not from understanding the query.
 */
export const QUERY_BLIND_BASELINE = 'exec/consensus';

/** One second stage's exec@1 over {@link QUERY_BLIND_BASELINE} on the same first stage and depth. */
export interface QueryBlindLift {
  /** The two-stage system (`<first stage>>><reranker>`). */
  readonly system: string;
  readonly firstStage: string;
  readonly reranker: string;
  readonly depth: number;
  /** The `exec/consensus` system over the same first stage and depth. */
  readonly baseline: string;
  /** Mean exec@1 of the system and of the baseline over the same queries. */
  readonly exec1: number;
  readonly baselineExec1: number;
  /** Queries the system solves at rank 1 and the baseline does not, and the reverse (McNemar's discordant pairs). */
  readonly systemOnly: number;
  readonly baselineOnly: number;
  /**
   * The pairwise test system − baseline on exec@1 (`tests/pairwise_tests.json`: the paired bootstrap interval and
   * the exact McNemar p, with Holm's adjustment over all pairs); `undefined` when that file lacks the pair.
   */
  readonly test: OrientedComparison | undefined;
}

/**
 * The lift that needs the query: for every two-stage results file (`execret.two_stage`) other than the baseline
 * itself, its exec@1 against `exec/consensus` over the same first stage and depth, when that system is in the
 * folder too. Counts come from the stored per-query values (tie-aware fractions count as `systemOnly` /
 * `baselineOnly` when one side is higher); the interval and p from the pairwise tests, so they are the ones
 * `tests/pairwise_tests.json` and `significance.tex` show. Systems without a baseline in the folder are left out.
 *
 * @example
 * queryBlindLifts(results, pairwise).map((l) => [l.system, l.exec1 - l.baselineExec1]);
 * // [['bm25>>exec/random-clone', -0.2], …]
 */
export function queryBlindLifts(
  results: readonly ResultsFile[],
  pairwise: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
): QueryBlindLift[] {
  const stages = results.flatMap((file) => {
    const twoStage = resultExtras(file)?.two_stage;
    return twoStage === undefined ? [] : [{ file, twoStage }];
  });
  const lifts: QueryBlindLift[] = [];
  for (const { file, twoStage } of stages) {
    if (twoStage.reranker === QUERY_BLIND_BASELINE) continue;
    const baseline = stages.find(
      (s) =>
        s.twoStage.reranker === QUERY_BLIND_BASELINE &&
        s.twoStage.first_stage === twoStage.first_stage &&
        s.twoStage.depth === twoStage.depth,
    )?.file;
    if (baseline === undefined) continue;
    const queryIds = file.per_query.map((row) => row.query_id);
    const exec1 = (f: ResultsFile) =>
      perQueryMeasures(f, queryIds, { stored: resultExtras(f)?.per_query_measures })['exec@1']!;
    const mine = exec1(file);
    const theirs = exec1(baseline);
    let systemOnly = 0;
    let baselineOnly = 0;
    for (let q = 0; q < queryIds.length; q++) {
      if (mine[q]! > theirs[q]!) systemOnly++;
      else if (mine[q]! < theirs[q]!) baselineOnly++;
    }
    lifts.push({
      system: file.model,
      firstStage: twoStage.first_stage,
      reranker: twoStage.reranker,
      depth: twoStage.depth,
      baseline: baseline.model,
      exec1: mean(mine),
      baselineExec1: mean(theirs),
      systemOnly,
      baselineOnly,
      test: orientedComparison(pairwise, file.model, baseline.model, 'exec@1'),
    });
  }
  return lifts;
}

function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return values.length === 0 ? Number.NaN : sum / values.length;
}
