import { existsSync } from 'node:fs';
import { mergeEmbeddingCache } from '@execret/embedders';
import { mergeArtifactCache, openArtifactCache } from '@execret/exec-rerank';
import { mergeExecutionCache, openExecutionCache } from '@execret/oracle';
import { mergeScoreCache, openScoreCache } from '@execret/rerankers';
import { cacheLayout } from './cache-layout.js';

/** What {@link mergeCacheFolders} added to the target, by cache. */
export interface MergedCaches {
  /** Execution results the target lacked. */
  executions: number;
  /** Embedding-cache segments copied. */
  segments: number;
  /** Second-stage (execution reranker) artifacts the target lacked. */
  artifacts: number;
  /** Model reranker scores the target lacked. */
  scores: number;
}

/**
 * Merges cache folders of {@link cacheLayout} (a sharded run's, one per shard) into `target`, each cache by its owner's
 * merge: execution results (`@execret/oracle`'s `mergeExecutionCache`), embedding segments (`@execret/embedders`'
 * `mergeEmbeddingCache`), the execution rerankers' artifacts (`@execret/exec-rerank`'s `mergeArtifactCache`) and the
 * model rerankers' scores (`@execret/rerankers`' `mergeScoreCache`). A cache a source lacks adds nothing; an entry the
 * target holds is kept. Whether the sources make a whole run is `@execret/analyses`' `shardCoverage`, checked first.
 *
 * @example
 * const merged = await mergeCacheFolders('merged', ['shard-1', 'shard-2']); // { executions, segments, artifacts, scores }
 */
export async function mergeCacheFolders(target: string, sources: readonly string[]): Promise<MergedCaches> {
  const merged: MergedCaches = { executions: 0, segments: 0, artifacts: 0, scores: 0 };
  const into = cacheLayout(target);
  const from = sources.map(cacheLayout);
  const executions = await openExecutionCache(into.executions);
  const artifacts = from.some((s) => existsSync(s.rerankArtifacts))
    ? await openArtifactCache(into.rerankArtifacts)
    : undefined;
  const scores = from.some((s) => existsSync(s.rerankScores)) ? await openScoreCache(into.rerankScores) : undefined;
  try {
    for (const source of from) {
      merged.executions += await mergeExecutionCache(executions, source.executions);
      merged.segments += (await mergeEmbeddingCache(into.embeddings, source.embeddings)).segments;
      if (artifacts) merged.artifacts += await mergeArtifactCache(artifacts, source.rerankArtifacts);
      if (scores) merged.scores += await mergeScoreCache(scores, source.rerankScores);
    }
  } finally {
    executions.close();
    artifacts?.close();
    scores?.close();
  }
  return merged;
}
