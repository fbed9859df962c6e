import { existsSync } from 'node:fs';
import { type ArtifactCache, openArtifactCache } from './artifact-cache.js';
import type { ArtifactRecord } from './artifact-record.js';

/** Whether `cache` holds a record of the same kind and key as `record`. */
function holds(cache: ArtifactCache, record: ArtifactRecord): boolean {
  if (record.kind === 'chat') return cache.chat(record.key) !== undefined;
  if (record.kind === 'inputs') return cache.inputs(record.key) !== undefined;
  return cache.execution(record.execution.codeSha256, record.execution.testsSha256) !== undefined;
}

/**
 * Appends to `cache` every record (chat reply, generated inputs, execution) of the artifact cache file `source`
 * whose kind and key `cache` lacks, so that `cache` then answers every lookup `source` could (merging the caches of
 * sharded runs: a rerank over the merged cache asks no model and executes nothing the shards did). A missing
 * `source` adds nothing; lines `source` could not read are skipped, as on opening.
 *
 * @returns how many records were added
 * @throws {ExecRerankError} `cache-io` when `source` cannot be read
 * @example
 * const cache = await openArtifactCache('merged/rerank/exec-artifacts.jsonl');
 * await mergeArtifactCache(cache, 'shard-2/rerank/exec-artifacts.jsonl'); // 371
 */
export async function mergeArtifactCache(cache: ArtifactCache, source: string): Promise<number> {
  if (!existsSync(source)) return 0;
  const other = await openArtifactCache(source);
  let added = 0;
  try {
    for (const record of other.records()) {
      if (holds(cache, record)) continue;
      cache.put(record);
      added++;
    }
  } finally {
    other.close();
  }
  return added;
}
