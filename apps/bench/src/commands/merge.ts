import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { mergeEmbeddingCache } from '@execret/embedders';
import { mergeExecutionCache, openExecutionCache } from '@execret/oracle';
import { type Command, stringOption, UsageError } from '../command.js';
import { executionCacheFile } from '../sandbox.js';
import { embeddingCacheDir } from '../systems.js';

/**
 * Merges shard caches into one: execution-cache entries the target lacks (`mergeExecutionCache` of
 * `@execret/oracle`), embedding-cache segments (`mergeEmbeddingCache` of `@execret/embedders`).
 */
async function mergeCaches(
  target: string,
  sources: readonly string[],
): Promise<{ executions: number; segments: number }> {
  const cache = await openExecutionCache(executionCacheFile({ cacheDir: target }));
  let executions = 0;
  let segments = 0;
  try {
    for (const source of sources) {
      executions += await mergeExecutionCache(cache, executionCacheFile({ cacheDir: source }));
      const into = embeddingCacheDir({ cacheDir: target });
      segments += (await mergeEmbeddingCache(into, embeddingCacheDir({ cacheDir: source }))).segments;
    }
  } finally {
    cache.close();
  }
  return { executions, segments };
}

export const mergeCommand: Command = {
  name: 'merge',
  summary: 'merge the caches of sharded runs (execution and embedding caches) into one cache directory',
  usage: 'execret merge <shard-cache-dir>... [--into dir]',
  options: {
    into: { type: 'string', placeholder: 'dir', description: 'target cache directory (default: EXECRET_CACHE_DIR)' },
  },
  examples: [
    '# machine i of 4:  EXECRET_CACHE_DIR=./shard-i execret verify --shard i/4 && execret embed --shard i/4 --models ...',
    'execret merge ./shard-1 ./shard-2 ./shard-3 ./shard-4 && execret run --models ...',
  ],
  async run({ values, positionals, config, io }) {
    if (positionals.length === 0) throw new UsageError('name at least one shard cache directory to merge');
    const target = resolve(stringOption(values, 'into') ?? config.cacheDir);
    const sources = positionals.map((p) => resolve(p));
    for (const source of sources) {
      if (!existsSync(source)) throw new UsageError(`shard cache directory ${source} does not exist`);
      if (source === target) throw new UsageError(`cannot merge ${source} into itself`);
    }
    const merged = await mergeCaches(target, sources);
    if (io.json) io.stdout.write(`${JSON.stringify({ into: target, ...merged }, null, 2)}\n`);
    else
      io.stdout.write(
        `merged into ${target}: ${merged.executions} execution results, ${merged.segments} embedding segments\n`,
      );
    return 0;
  },
};
