import { serializeReleaseRows, writeReleaseFiles } from '@execret/dataset';
import type { BuiltDataset } from './build/build-result.js';

/**
 * Serialises a built dataset to file contents, keyed by relative path (`RELEASE_DATA_FILES` of `@execret/formats`):
 * `@execret/dataset`'s `serializeReleaseRows`, the one writer of release rows (canonical layout, docs/formats.md).
 * Pure: same dataset → same bytes.
 *
 * @example
 * serializeBuiltDataset(built)['data/queries.jsonl'].split('\n')[0] // '{"query_id": "q_0001", …}'
 */
export function serializeBuiltDataset(built: BuiltDataset): Record<string, string> {
  return serializeReleaseRows(built);
}

/**
 * Writes a built dataset under `dir` (creating `dir/data/`): `data/corpus.jsonl`, `data/queries.jsonl`,
 * `data/distractor_metadata.jsonl`, `data/execution_cache.jsonl`, byte for byte as {@link serializeBuiltDataset}
 * renders them, through `@execret/dataset`'s `writeReleaseFiles` (temporary name + rename per file). Existing files
 * are overwritten. Returns the paths written, in that order.
 *
 * @throws `@execret/dataset`'s `DatasetError` `io` naming the file that could not be written.
 * @example
 * await writeBuiltDataset('out/mini', built) // ['out/mini/data/corpus.jsonl', …]
 */
export async function writeBuiltDataset(dir: string, built: BuiltDataset): Promise<string[]> {
  return writeReleaseFiles(dir, serializeBuiltDataset(built));
}
