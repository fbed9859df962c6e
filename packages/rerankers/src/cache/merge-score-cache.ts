import { existsSync } from 'node:fs';
import { openScoreCache, type ScoreCache } from './score-cache.js';

/**
 * Appends to `cache` every record of the score cache file `source` whose key (config hash, query, snippet, list)
 * `cache` lacks, so that `cache` then answers every lookup `source` could (merging the caches of sharded runs). A
 * missing `source` adds nothing; what `source` could not read is skipped, as on opening.
 *
 * @returns how many records were added
 * @throws {RerankersError} `cache-io` when `source` cannot be read
 * @example
 * const cache = await openScoreCache('merged/rerank/scores.jsonl');
 * await mergeScoreCache(cache, 'shard-2/rerank/scores.jsonl'); // 120
 */
export async function mergeScoreCache(cache: ScoreCache, source: string): Promise<number> {
  if (!existsSync(source)) return 0;
  const other = await openScoreCache(source);
  try {
    const missing = [...other.records()].filter(
      (r) => cache.get(r.configHash, r.querySha256, r.snippetSha256, r.contextSha256) === undefined,
    );
    cache.put(missing);
    return missing.length;
  } finally {
    other.close();
  }
}
