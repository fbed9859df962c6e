import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { formatExecutionCacheLine, RELEASE_DATA_FILES } from '@execret/formats';
import { DatasetError } from './errors.js';
import type { DistractorExtras, ReleaseRows } from './release-rows.js';
import { canonicalLayout, serializeJsonl, writeAtomic } from './write.js';

/**
 * Serialises release rows (of `assembleReleaseRows`, whoever generated them) to the four `data/*.jsonl` files, keyed
 * by relative path (`RELEASE_DATA_FILES` of `@execret/formats`), in the canonical layout ({@link canonicalLayout}):
 * one object per line, keys in the rows' order, LF endings, no BOM, every line ending in `\n`; corpus, queries and
 * distractor metadata in the release's style (Python `json.dumps` defaults: `", "` / `": "` separators, non-ASCII
 * as `\uXXXX`), the execution cache through `formatExecutionCacheLine`, the format's one writer
 * (docs/formats.md). Pure: same rows → same bytes.
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
 * Writes a release's files (`serializeReleaseRows`' output, plus whatever a generator adds beside `data/`) under
 * `dir`, in the order given, each to a temporary name and then renamed, so a reader never sees half a file.
 * Existing files are overwritten. Returns the paths written, in that order.
 *
 * @throws {DatasetError} `io` naming the file that could not be written.
 * @example
 * await writeReleaseFiles('out/mini', serializeReleaseRows(rows)); // ['out/mini/data/corpus.jsonl', …]
 */
export async function writeReleaseFiles(dir: string, files: Readonly<Record<string, string>>): Promise<string[]> {
  const written: string[] = [];
  for (const [relative, content] of Object.entries(files)) {
    const path = join(dir, relative);
    try {
      await mkdir(dirname(path), { recursive: true });
    } catch (error) {
      throw new DatasetError('io', `could not create ${dirname(path)}: ${(error as Error).message}`, { cause: error });
    }
    await writeAtomic(path, content);
    written.push(path);
  }
  return written;
}
