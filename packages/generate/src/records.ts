import type { QueryRecord as ReleaseQueryRecord } from '@execret/dataset';

export type {
  CopyVerificationRecord,
  CorpusRecord,
  DistractorMetadataRecord,
  EditRecord,
} from '@execret/dataset';

/** `metadata` of a generated query. */
export interface QueryMetadata {
  /** `@execret/generate`. */
  generator: string;
  generator_version: string;
  /** The build seed. */
  seed: string | number;
  /** The task id from the tasks file. */
  task_id: string;
  domain: string;
  function_name: string;
  /** Edits per distractor: 1, or 2–4 for a stacked build. */
  stack_size: number;
  /** Present only when `generatedAt` was passed to the build (never read from the clock). */
  generated_at?: string;
  /** Propagated-bug builds only (`bugCopies`): snippets of the copied bug in the pool (the original and its copies). */
  bug_copies?: number;
  /** Propagated-bug builds only: the corpus id of the distractor that was copied. */
  copied_corpus_id?: string;
  /** The schema gate's test-count bounds, present only when the build used others than 7 and 10. */
  min_tests?: number;
  max_tests?: number;
}

/** A line of `data/queries.jsonl` of a build (`@execret/dataset`'s `QueryRecord` with this package's metadata). */
export type QueryRecord = ReleaseQueryRecord<QueryMetadata>;
