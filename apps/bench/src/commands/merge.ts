import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { readShardRecord, shardCoverage } from '@execret/analyses';
import { cacheLayout, mergeCacheFolders } from '@execret/pipeline';
import { type Command, stringOption, UsageError } from '../command.js';

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
    const merged = await mergeCacheFolders(target, sources);
    io.result(
      { into: target, shards: recorded, ...merged },
      () =>
        `merged ${sources.length} folders${recorded > 0 ? ` (every shard of ${[...new Set(folders.flatMap((f) => f.record?.completed ?? []))].join(', ')} once)` : ''} into ${target}: ${merged.executions} execution results, ${merged.segments} embedding segments, ${merged.artifacts} second-stage artifacts, ${merged.scores} reranker scores\n`,
    );
    return 0;
  },
};
