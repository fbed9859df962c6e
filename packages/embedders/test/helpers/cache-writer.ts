/**
 * Child process for the kill-and-resume test: embeds `count` documents through the embedding cache and
 * prints `stored <n>` after each batch has been appended. The parent kills it with SIGKILL mid-run.
 *
 *   node --import tsx test/helpers/cache-writer.ts <cacheDir> <count> <dims> <maxBatch>
 */
import { createEmbeddingCache } from '../../src/cache/embedding-cache.js';
import { cachedEmbed } from '../../src/cache/with-cache.js';
import { corpus, createFakeEmbedder } from './fake-embedder.js';

const [dir, count, dims, maxBatch] = process.argv.slice(2);
if (dir === undefined) throw new Error('usage: cache-writer.ts <cacheDir> <count> <dims> <maxBatch>');
{
  const cache = await createEmbeddingCache(dir, { fsync: false });
  const { embedder } = createFakeEmbedder(Number(dims), { maxBatch: Number(maxBatch), delayMs: 1 });
  await cachedEmbed(embedder, cache, corpus(Number(count)), {
    kind: 'document',
    onProgress: ({ done }) => process.stdout.write(`stored ${done}\n`),
  });
  await cache.close();
  process.stdout.write('finished\n');
}
