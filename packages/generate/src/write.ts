import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BuiltDataset } from './build.js';

/** The files of a built dataset, relative to the dataset directory. */
export const DATASET_FILES = {
  corpus: 'data/corpus.jsonl',
  queries: 'data/queries.jsonl',
  distractorMetadata: 'data/distractor_metadata.jsonl',
  executionCache: 'data/execution_cache.jsonl',
} as const;

function jsonl(records: readonly unknown[]): string {
  return records.map((r) => `${JSON.stringify(r)}\n`).join('');
}

/**
 * Serialises a built dataset to file contents, keyed by relative path ({@link DATASET_FILES}): one
 * compact `JSON.stringify` object per line, keys in the record types' declared order, LF endings,
 * UTF-8 without BOM (non-ASCII written raw), every line ending in `\n`. Pure: same dataset → same
 * bytes.
 *
 * @example
 * serializeBuiltDataset(built)['data/queries.jsonl'].split('\n')[0] // '{"query_id":"q_0001",…}'
 */
export function serializeBuiltDataset(built: BuiltDataset): Record<string, string> {
  return {
    [DATASET_FILES.corpus]: jsonl(built.corpus),
    [DATASET_FILES.queries]: jsonl(built.queries),
    [DATASET_FILES.distractorMetadata]: jsonl(built.distractorMetadata),
    [DATASET_FILES.executionCache]: jsonl(built.executionCache),
  };
}

/**
 * Writes a built dataset under `dir` (creating `dir/data/`): `data/corpus.jsonl`,
 * `data/queries.jsonl`, `data/distractor_metadata.jsonl`, `data/execution_cache.jsonl`, byte for byte
 * as {@link serializeBuiltDataset} renders them. Existing files are overwritten. Returns the
 * absolute-or-relative paths written, in that order.
 *
 * @example
 * await writeBuiltDataset('out/mini', built) // ['out/mini/data/corpus.jsonl', …]
 */
export async function writeBuiltDataset(dir: string, built: BuiltDataset): Promise<string[]> {
  const files = serializeBuiltDataset(built);
  const written: string[] = [];
  for (const [relative, content] of Object.entries(files)) {
    const path = join(dir, relative);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content, 'utf8');
    written.push(path);
  }
  return written;
}
