import type { Language } from '@execret/formats';

/**
 * A line of `data/corpus.jsonl` as a generator writes it (SPEC section 2). `bug_type` is absent on canonicals;
 * `language` is absent on Python snippets (docs/formats.md) and written for JavaScript and TypeScript ones.
 */
export interface CorpusRecord {
  corpus_id: string;
  code: string;
  label: 'correct' | 'incorrect';
  bug_type?: string;
  source_entry_id: string;
  language?: Language;
}

/** A line of `data/queries.jsonl` as a generator writes it (SPEC section 2), with the generator's `metadata`. */
export interface QueryRecord<Metadata = Record<string, unknown>> {
  query_id: string;
  query: string;
  test_suite: string[];
  correct_corpus_ids: string[];
  paired_distractor_corpus_ids: string[];
  entry_id: string;
  metadata: Metadata;
  /** Absent for Python tasks; `javascript` or `typescript` otherwise. */
  language?: Language;
}

/** One edit in `data/distractor_metadata.jsonl`: 1-based lines, 0-based code-point columns, end exclusive. */
export interface EditRecord {
  bug_type: string;
  operator: string;
  line: number;
  col_start: number;
  end_line: number;
  col_end: number;
  before: string;
  after: string;
}

/** A line of `data/distractor_metadata.jsonl` (docs/formats.md). */
export interface DistractorMetadataRecord {
  corpus_id: string;
  query_id: string;
  /** The canonical this distractor was derived from. */
  canonical_corpus_id: string;
  entry_id: string;
  task_id: string;
  /** Same value as in the corpus: one of the six bug types, or `stacked` for multi-edit distractors. */
  bug_type: string;
  /** `output` (some assert fails) or `crash` (only errors / timeouts). */
  failure: 'output' | 'crash';
  /** Number of asserts that do not pass. */
  failed_tests: number;
  /** Copies only (propagated-bug builds): the corpus id of the distractor this one is a cosmetic copy of. */
  copy_of?: string;
  /**
   * The edits that turn the canonical into this distractor (one, or 2–4 when stacked); for a copy, its original's
   * edits (they reproduce `copy_of`, not the copy's text).
   */
  edits: EditRecord[];
  /** Copies only: the cosmetic rewrites applied (`statement-order`, `operand-order`, `rename`, `reformat`). */
  copy_kinds?: string[];
  /** Copies only: how the copy was verified by execution against its original. */
  copy_verification?: CopyVerificationRecord;
}

/** `copy_verification` of a copy's `data/distractor_metadata.jsonl` row. */
export interface CopyVerificationRecord {
  /** Tests whose outcome string equals the original's (all of them), out of `tests`. */
  tests_agreed: number;
  tests: number;
  /** Probe inputs on which copy and original agree (all of them), out of `probes` (0: no probe input). */
  probes_agreed: number;
  probes: number;
}
