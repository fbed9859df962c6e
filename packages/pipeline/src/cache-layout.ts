import { join } from 'node:path';

/**
 * Where each cache lives in a cache folder (`EXECRET_CACHE_DIR`; `execret merge` merges folders of this layout): the
 * oracle's executions, the embeddings, the model rerankers' scores and the execution rerankers' artifacts, a shard's
 * record (`@execret/analyses`' `ShardRecord`), downloaded datasets and local model weights (`--local-models`' default).
 */
export function cacheLayout(cacheDir: string) {
  return {
    executions: join(cacheDir, 'executions', 'execution_cache.jsonl'),
    embeddings: join(cacheDir, 'embeddings'),
    rerankScores: join(cacheDir, 'rerank', 'scores.jsonl'),
    rerankArtifacts: join(cacheDir, 'rerank', 'exec-artifacts.jsonl'),
    shardRecord: join(cacheDir, 'shard.json'),
    datasets: join(cacheDir, 'datasets'),
    models: join(cacheDir, 'models'),
  };
}
