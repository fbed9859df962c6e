/**
 * What execret adds to a release-shaped `results/<model>.json` under `execret` (files of other tools have none):
 * the types the writer fills and the tolerant accessors readers use (see docs/formats.md).
 */
import type { TwoStageRecord } from '@execret/formats';
import type { ResultsFile } from './schemas.js';

export type { TwoStageRecord } from '@execret/formats';

/** `execret.two_stage`: the record and the ceiling (the first stage's exec@depth). */
export interface TwoStageExtras extends TwoStageRecord {
  /** Mean of `ceiling_per_query`: the first stage's exec@depth. */
  ceiling: number;
  /** Per query, 1 when any of the reranked candidates (the first stage's top depth) passes. */
  ceiling_per_query: number[];
}

/** What execret adds to a results file under `execret`. */
export interface ResultExtras {
  config_hash: string;
  provider: string;
  similarity: 'cosine' | 'dot' | 'bm25' | 'run' | 'rank';
  ties: 'trec' | 'expected';
  /** Per measure: queries whose value depends on the order of tied scores. */
  ties_decided: Record<string, number>;
  /** Retrieved (snippet, query) pairs that were never executed and so counted as not passing. */
  unexecuted_pairs: number;
  /** Queries whose tie group at rank 10 was longer than the run keeps (expected-mode values then approximate). */
  truncated_tie_groups: number;
  /**
   * Queries per language, when any is not Python (`{ javascript: 100 }`); absent for an all-Python dataset,
   * so Python results files are as before.
   */
  languages?: Record<string, number>;
  /** Per-query values of every measure, aligned with `per_query` (used by `execret compare`). */
  per_query_measures: Record<string, number[]>;
  /** A two-stage system's first stage, depth and reranker, and its ceiling. */
  two_stage?: TwoStageExtras;
}

/**
 * `results/<model>.json` as execret writes it: the release shape (which {@link readResultsFile} reads back) with
 * every measure a plain number, plus {@link ResultExtras} under `execret`.
 */
export interface WrittenResultsFile extends ResultsFile {
  metrics: Record<string, number>;
  execret: ResultExtras;
}

/**
 * The `execret` extras of a results file read back from disk, or `undefined` for another tool's file (no
 * `execret` object). The fields are not checked: read each one as possibly absent.
 *
 * @example
 * resultExtras((await readResultsFile('out/results/bm25.json')).data)?.per_query_measures?.['exec@1'];
 */
export function resultExtras(file: ResultsFile): Partial<ResultExtras> | undefined {
  const extras = file.execret;
  return typeof extras === 'object' && extras !== null && !Array.isArray(extras)
    ? (extras as Partial<ResultExtras>)
    : undefined;
}

/**
 * A measure's mean from a results file's `metrics`, when it is a plain number (`undefined` for a missing measure,
 * `null`, or the nested `{ "1": value }` form).
 *
 * @example
 * metricValue({ metrics: { 'exec@1': 0.33, ndcg: { '1': 0.33 } } }, 'exec@1'); // 0.33
 * metricValue({ metrics: { 'exec@1': 0.33, ndcg: { '1': 0.33 } } }, 'ndcg'); // undefined
 */
export function metricValue(file: Pick<ResultsFile, 'metrics'>, measure: string): number | undefined {
  const value = file.metrics[measure];
  return typeof value === 'number' ? value : undefined;
}
