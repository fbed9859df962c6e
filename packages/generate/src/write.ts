import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { canonicalLayout, serializeJsonl } from '@execret/dataset';
import type { BuiltDataset } from './build.js';

/** The files of a built dataset, relative to the dataset directory. */
export const DATASET_FILES = {
  corpus: 'data/corpus.jsonl',
  queries: 'data/queries.jsonl',
  distractorMetadata: 'data/distractor_metadata.jsonl',
  executionCache: 'data/execution_cache.jsonl',
} as const;


/**
 * Serialises a built dataset to file contents, keyed by relative path ({@link DATASET_FILES}), in
 * `@execret/dataset`'s canonical layout (`canonicalLayout`): one object per line, keys in the record
 * types' declared order, LF endings, no BOM, every line ending in `\n`; corpus, queries and
 * distractor metadata in the release's style (Python `json.dumps` defaults: `", "` / `": "`
 * separators, non-ASCII as `\uXXXX`), the execution cache compact (`JSON.stringify`, docs/formats.md).
 * Pure: same dataset → same bytes.
 *
 * @example
 * serializeBuiltDataset(built)['data/queries.jsonl'].split('\n')[0] // '{"query_id": "q_0001", …}'
 */
export function serializeBuiltDataset(built: BuiltDataset): Record<string, string> {
  return {
    [DATASET_FILES.corpus]: serializeJsonl(built.corpus, canonicalLayout(DATASET_FILES.corpus)),
    [DATASET_FILES.queries]: serializeJsonl(built.queries, canonicalLayout(DATASET_FILES.queries)),
    [DATASET_FILES.distractorMetadata]: serializeJsonl(built.distractorMetadata, canonicalLayout(DATASET_FILES.distractorMetadata)),
    [DATASET_FILES.executionCache]: serializeJsonl(built.executionCache, canonicalLayout(DATASET_FILES.executionCache)),
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
