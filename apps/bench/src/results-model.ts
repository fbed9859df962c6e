import type { PairComparison, SystemInterval } from '@execret/stats';
import type { DeceptionCell } from './analyses/bug-type-deception.js';
import type { CanonicalGap } from './analyses/canonical-gap.js';
import type { EditSpanDeception } from './analyses/edit-span-deception.js';
import type { MissAttribution } from './analyses/miss-attribution.js';

/** The cutoffs of every measure, as in the release. */
export const KS = [1, 3, 5, 10] as const;

/** One retrieved snippet in `results/<model>.json` (release shape). */
export interface TopResult {
  rank: number;
  corpus_id: string;
  label: 'correct' | 'incorrect';
  bug_type: string;
  similarity: number;
  passes_all_tests: boolean;
  test_results: string[];
}

/** `results/<model>.json` (release shape; execret's extras sit under `execret`). */
export interface ResultFile {
  model: string;
  n_queries: number;
  n_corpus: number;
  ks: number[];
  metrics: Record<string, number>;
  per_query: {
    query_id: string;
    query: string;
    correct_corpus_ids: string[];
    top_results: TopResult[];
  }[];
  execret?: ResultExtras;
}

export interface ResultExtras {
  config_hash: string;
  provider: string;
  similarity: 'cosine' | 'dot' | 'bm25';
  ties: 'trec' | 'expected';
  /** Per measure: queries whose value depends on the order of tied scores. */
  ties_decided: Record<string, number>;
  /** Retrieved (snippet, query) pairs that were never executed and so counted as not passing. */
  unexecuted_pairs: number;
  /** Queries whose tie group at rank 10 was longer than the run keeps (expected-mode values then approximate). */
  truncated_tie_groups: number;
  /** Per-query values of every measure, aligned with `per_query` (used by `execret compare`). */
  per_query_measures: Record<string, number[]>;
}

/** Per-system analyses (`analyses/<model>.json`). */
export interface SystemAnalyses {
  model: string;
  miss_attribution: MissAttribution;
  canonical_gap: Omit<CanonicalGap, 'gaps'> & { gaps: (number | null)[] };
  deception_by_bug_type: Record<string, DeceptionCell>;
  deception_by_edit_span: EditSpanDeception;
  /** exec@1 and exec@10 with r = 0..4 paired distractors retained per query. */
  pool_density: { retained: number; pool_size: number; 'exec@1': number; 'exec@10': number }[];
  per_domain_exec_at_1: Record<string, { mean: number; n: number }>;
  /** A few rank-1 misses on the query's own near-clone, for the report's diffs. */
  rank1_miss_examples: MissExample[];
}

export interface MissExample {
  query_id: string;
  query: string;
  canonical_id: string;
  canonical_code: string;
  retrieved_id: string;
  retrieved_code: string;
  bug_type: string;
  canonical_score: number;
  retrieved_score: number;
}

/** `tests/confidence_intervals.json`: model → metric → interval (release shape). */
export type ConfidenceIntervals = Record<string, Record<string, SystemInterval>>;

/** `tests/pairwise_tests.json`: "A vs B" → metric → comparison (release shape plus means and mid-p). */
export type PairwiseTests = Record<string, Record<string, PairComparison>>;
