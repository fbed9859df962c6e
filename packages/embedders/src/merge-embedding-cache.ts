import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

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
 * Merges another embedding cache folder (`createEmbeddingCache`'s, such as a shard's) into `target`: every segment
 * file (`.bin`: uniquely named, append-only, self-checking records) and `meta.json` of every version and
 * configuration is copied when the target lacks it, so the target then answers every lookup the source could. A
 * missing source is an empty one.
 *
 * @returns the segment files copied
 * @example
 * await mergeEmbeddingCache('cache/embeddings', 'shard-2/embeddings'); // { segments: 3 }
 */
export async function mergeEmbeddingCache(target: string, source: string): Promise<{ segments: number }> {
  let segments = 0;
  for (const version of await listDir(source)) {
    for (const space of await listDir(join(source, version))) {
      const from = join(source, version, space);
      const to = join(target, version, space);
      await mkdir(to, { recursive: true });
      for (const name of await listDir(from)) {
        if (!(name.endsWith('.bin') || name === 'meta.json') || (await exists(join(to, name)))) continue;
        await copyFile(join(from, name), join(to, name));
        if (name.endsWith('.bin')) segments++;
      }
    }
  }
  return { segments };
}
