/**
 * Child process for the kill-and-resume tests: embeds `count` documents through the embedding cache and
 * prints `stored <n>` after each batch has been appended. The parent kills it with SIGKILL.
 *
 *   node --import tsx test/helpers/cache-writer.ts <cacheDir> <count> <dims> <maxBatch> [tearAtAppend]
 *
 * With `tearAtAppend = k`, the k-th segment append (0-based) is cut: only the first half of its bytes
 * (plus 3, so the cut falls inside a record) reach the file, the child prints `torn` and waits to be
 * killed — a deterministic "killed in the middle of a write". This instruments node's FileHandle in the
 * child only; the library is unchanged.
 */
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createEmbeddingCache } from '../../src/cache/embedding-cache.js';
import { cachedEmbed } from '../../src/cache/with-cache.js';
import { corpus, createFakeEmbedder } from './fake-embedder.js';

const [dir, count, dims, maxBatch, tearAt] = process.argv.slice(2);
if (dir === undefined) throw new Error('usage: cache-writer.ts <cacheDir> <count> <dims> <maxBatch> [tearAtAppend]');

if (tearAt !== undefined) {
  const probePath = join(dir, '.probe');
  const probe = await open(probePath, 'w');
  const proto = Object.getPrototypeOf(probe) as { write: (...args: unknown[]) => Promise<unknown> };
  await probe.close();
  await rm(probePath);
  const original = proto.write;
  let appends = 0;
  proto.write = async function (this: unknown, buffer: unknown, offset: unknown, length: unknown, ...rest: unknown[]) {
    if (typeof length === 'number' && length > 1000 && appends++ === Number(tearAt)) {
      await original.call(this, buffer, offset, Math.floor(length / 2) + 3);
      process.stdout.write('torn\n');
      await new Promise(() => undefined); // hold the half-written file until SIGKILL
    }
    return original.call(this, buffer, offset, length, ...rest);
  };
}

const cache = await createEmbeddingCache(dir, { fsync: false });
const { embedder } = createFakeEmbedder(Number(dims), { maxBatch: Number(maxBatch), delayMs: 1 });
await cachedEmbed(embedder, cache, corpus(Number(count)), {
  kind: 'document',
  onProgress: ({ done }) => process.stdout.write(`stored ${done}\n`),
});
await cache.close();
process.stdout.write('finished\n');
