import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { readShardRecord, shardCoverage } from '@execret/analyses';
import { mergeEmbeddingCache } from '@execret/embedders';
import { mergeArtifactCache, openArtifactCache } from '@execret/exec-rerank';
import { mergeExecutionCache, openExecutionCache } from '@execret/oracle';
import { mergeScoreCache, openScoreCache } from '@execret/rerankers';
import { cacheLayout } from '../cache-layout.js';
import { type Command, stringOption, UsageError } from '../command.js';

/** What {@link mergeCaches} added to the target, by cache. */
interface Merged {
  executions: number;
  segments: number;
  artifacts: number;
  scores: number;
}

/**
 * Merges shard caches into one, each by its owner's merge: execution-cache entries the target lacks
 * (`mergeExecutionCache` of `@execret/oracle`), embedding-cache segments (`mergeEmbeddingCache` of
 * `@execret/embedders`), the execution rerankers' artifacts (`mergeArtifactCache` of `@execret/exec-rerank`) and the
 * model rerankers' scores (`mergeScoreCache` of `@execret/rerankers`). A cache a source lacks adds nothing.
 */
async function mergeCaches(target: string, sources: readonly string[]): Promise<Merged> {
  const merged: Merged = { executions: 0, segments: 0, artifacts: 0, scores: 0 };
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

export const mergeCommand: Command = {
  name: 'merge',
  summary: 'merge the caches of sharded runs (executions, embeddings, second stages) into one cache directory',
  usage: 'execret merge <shard-cache-dir>... [--into dir]',
  options: {
    into: { type: 'string', placeholder: 'dir', description: 'target cache directory (default: EXECRET_CACHE_DIR)' },
  },
  examples: [
    '# machine i of 4:  EXECRET_CACHE_DIR=./shard-i execret run --shard i/4',
    'execret merge ./shard-1 ./shard-2 ./shard-3 ./shard-4 --into ./merged && EXECRET_CACHE_DIR=./merged execret run',
  ],
  async run({ values, positionals, config, io }) {
    if (positionals.length === 0) throw new UsageError('name at least one shard cache directory to merge');
    const target = resolve(stringOption(values, 'into') ?? config.cacheDir);
    const sources = positionals.map((p) => resolve(p));
    for (const source of sources) {
      if (!existsSync(source)) throw new UsageError(`shard cache directory ${source} does not exist`);
      if (source === target) throw new UsageError(`cannot merge ${source} into itself`);
    }
    // Nothing left out, nothing done twice: the shards' records must cover every shard of every command once.
    const folders = await Promise.all(
      sources.map(async (folder) => ({ folder, record: await readShardRecord(cacheLayout(folder).shardRecord) })),
    );
    const problems = shardCoverage(folders);
    if (problems.length > 0)
      throw new UsageError(
        `the shard folders do not make a whole run, so nothing was merged:\n${problems.map((p) => `  ${p.message}`).join('\n')}`,
      );
    const recorded = folders.filter((f) => f.record !== undefined).length;
    const merged = await mergeCaches(target, sources);
    io.result(
      { into: target, shards: recorded, ...merged },
      () =>
        `merged ${sources.length} folders${recorded > 0 ? ` (every shard of ${[...new Set(folders.flatMap((f) => f.record?.completed ?? []))].join(', ')} once)` : ''} into ${target}: ${merged.executions} execution results, ${merged.segments} embedding segments, ${merged.artifacts} second-stage artifacts, ${merged.scores} reranker scores\n`,
    );
    return 0;
  },
};
