import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { canonicalLayout, serializeJsonl } from '@execret/dataset/internal';
import { formatExecutionCacheLine, RELEASE_DATA_FILES } from '@execret/formats';
import type { BuiltDataset } from './build.js';
import type { DistractorExtras, ReleaseRows } from './release-rows.js';

/**
 * Serialises a built dataset to file contents, keyed by relative path (`RELEASE_DATA_FILES` of `@execret/formats`), in
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
  return serializeReleaseRows(built);
}

/**
 * Serialises release rows (of the mutation engine or of any other generator that assembles them with
 * `assembleReleaseRows`) to the four `data/*.jsonl` files, keyed by relative path, as
 * {@link serializeBuiltDataset} describes; the execution cache through `formatExecutionCacheLine`, the
 * format's one writer.
 *
 * @example
 * Object.keys(serializeReleaseRows(rows)) // ['data/corpus.jsonl', 'data/queries.jsonl', …]
 */
export function serializeReleaseRows(
  rows: Pick<ReleaseRows<unknown, DistractorExtras>, 'corpus' | 'executionCache'> & {
    queries: readonly unknown[];
    distractorMetadata: readonly unknown[];
  },
): Record<string, string> {
  const F = RELEASE_DATA_FILES;
  return {
    [F.corpus]: serializeJsonl(rows.corpus, canonicalLayout(F.corpus)),
    [F.queries]: serializeJsonl(rows.queries, canonicalLayout(F.queries)),
    [F.distractorMetadata]: serializeJsonl(rows.distractorMetadata, canonicalLayout(F.distractorMetadata)),
    [F.executionCache]: rows.executionCache.map(formatExecutionCacheLine).join(''),
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
