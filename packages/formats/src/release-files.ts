/**
 * The files of an ExecRetrieval release (SPEC section 2), relative to the release's root: the one list every
 * reader, writer and downloader uses.
 */
export const RELEASE_DATA_FILES = Object.freeze({
  corpus: 'data/corpus.jsonl',
  queries: 'data/queries.jsonl',
  distractorMetadata: 'data/distractor_metadata.jsonl',
  executionCache: 'data/execution_cache.jsonl',
} as const);

/** The checksum file at the release's root (`sha256sum` format). */
export const SHA256SUMS_FILE = 'SHA256SUMS';
