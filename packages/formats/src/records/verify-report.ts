/** A snippet whose execution contradicts its label: a failing canonical or a passing distractor. */
export interface VerifyContradiction {
  readonly query_id: string;
  readonly corpus_id: string;
  readonly label: string;
  readonly status: string;
  readonly tests: readonly string[];
}

/**
 * The labels checked by executing every query's own group (`@execret/analyses`' `verifyGroups`); with the seconds
 * it took, a run manifest's `verify`.
 */
export interface VerifyReport {
  /** Own-group pairs checked (of this shard). */
  readonly pairs: number;
  /** Of them, executed now and answered by the runner's cache. */
  readonly executed: number;
  readonly cached: number;
  readonly canonicalsPassing: number;
  readonly canonicals: number;
  readonly distractorsFailing: number;
  readonly distractors: number;
  /** Own-group pairs whose outcome contradicts the label. */
  readonly contradictions: readonly VerifyContradiction[];
  /** Pairs where the release's execution cache disagrees with the runner on pass/fail. */
  readonly releaseDisagreements: number;
  /** Own-group pairs the release's execution cache knows. */
  readonly releaseKnown: number;
}
