import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { openExecutionCache } from '@execret/oracle';
import { type Command, stringOption, UsageError } from '../command.js';
import { executionCacheFile } from '../pipeline.js';
import { embeddingCacheDir } from '../systems.js';

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

async function listDir(path: string): Promise<string[]> {
  try {
    return await readdir(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Merges shard caches into one: execution-cache lines whose (code, tests) key the target lacks are
 * appended; embedding-cache segment files (uniquely named, append-only, self-checking records) are copied
 * when absent, so the target then answers every lookup any shard could.
 */
async function mergeCaches(
  target: string,
  sources: readonly string[],
): Promise<{ executions: number; segments: number }> {
  const targetConfig = { cacheDir: target };
  const cache = await openExecutionCache(executionCacheFile(targetConfig));
  let executions = 0;
  let segments = 0;
  try {
    for (const source of sources) {
      const sourceConfig = { cacheDir: source };
      const file = executionCacheFile(sourceConfig);
      if (await exists(file)) {
        const other = await openExecutionCache(file);
        try {
          for (const entry of other.entries()) {
            if (cache.get(entry.codeSha256, entry.testsSha256) !== undefined) continue;
            cache.put(entry);
            executions++;
          }
        } finally {
          other.close();
        }
      }
      const sourceEmbeddings = embeddingCacheDir(sourceConfig);
      for (const version of await listDir(sourceEmbeddings)) {
        for (const space of await listDir(join(sourceEmbeddings, version))) {
          const from = join(sourceEmbeddings, version, space);
          const to = join(embeddingCacheDir(targetConfig), version, space);
          await mkdir(to, { recursive: true });
          for (const name of await listDir(from)) {
            if (!(name.endsWith('.bin') || name === 'meta.json') || (await exists(join(to, name)))) continue;
            await copyFile(join(from, name), join(to, name));
            if (name.endsWith('.bin')) segments++;
          }
        }
      }
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
      if (!(await exists(source))) throw new UsageError(`shard cache directory ${source} does not exist`);
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
