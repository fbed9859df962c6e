import type {
  CanonicalGap,
  DeceptionCell,
  EditSpanDeception,
  MissAttribution,
  MissExample,
  PoolDensityPoint,
} from '@execret/analyses';
import type { ResultsFile } from '@execret/dataset';
import type { TwoStageRecord } from './two-stage.js';

/**
 * `results/<model>.json` as execret writes it: the release shape (owned by `@execret/dataset`, whose readers
 * read it back) with every measure a plain number, plus execret's extras under `execret`.
 */
export interface WrittenResultsFile extends ResultsFile {
  metrics: Record<string, number>;
  execret: ResultExtras;
}

/** What execret adds to a results file under `execret` (other tools' files have none). */
interface ResultExtras {
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
  /** A two-stage system's first stage, depth and reranker, and its ceiling (see docs/formats.md). */
  two_stage?: TwoStageRecord & {
    /** Mean of `ceiling_per_query`: the first stage's exec@depth. */
    ceiling: number;
    /** Per query, 1 when any of the reranked candidates (the first stage's top depth) passes. */
    ceiling_per_query: number[];
  };
}

/** The `execret` extras of a results file read back from disk, or `undefined` for another tool's file. */
export function resultExtras(file: ResultsFile): Partial<ResultExtras> | undefined {
  const extras = file.execret;
  return typeof extras === 'object' && extras !== null && !Array.isArray(extras)
    ? (extras as Partial<ResultExtras>)
    : undefined;
}

/** A measure's mean from a results file's `metrics`, when it is a plain number. */
export function metricValue(file: Pick<ResultsFile, 'metrics'>, measure: string): number | undefined {
  const value = file.metrics[measure];
  return typeof value === 'number' ? value : undefined;
}

/** Per-system analyses (`analyses/<model>.json`), written and read only by execret. */
export interface SystemAnalyses {
  model: string;
  miss_attribution: MissAttribution;
  canonical_gap: Omit<CanonicalGap, 'gaps'> & { gaps: (number | null)[] };
  deception_by_bug_type: Record<string, DeceptionCell>;
  deception_by_edit_span: EditSpanDeception;
  /** exec@1 and exec@10 with r = 0..4 paired distractors retained per query. */
  pool_density: ({ retained: number; pool_size: number } & Pick<PoolDensityPoint, 'exec@1' | 'exec@10'>)[];
  per_domain_exec_at_1: Record<string, { mean: number; n: number }>;
  /** A few rank-1 misses on the query's own near-clone, for the report's diffs. */
  rank1_miss_examples: MissExample[];
}
