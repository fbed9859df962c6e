/**
 * Measures the embedding cache at benchmark scale (4,694 snippets + 939 queries, the ExecRetrieval pool)
 * and the OpenAI path against a local fake server. Prints a Markdown table for README.md.
 *
 *   pnpm --filter @execret/embedders exec tsx scripts/cache-figures.ts
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createEmbeddingCache } from '../src/cache/embedding-cache.js';
import { cachedEmbed } from '../src/cache/with-cache.js';
import { createOpenAIEmbedder } from '../src/providers/openai.js';

const DOCS = 4694;
const QUERIES = 939;
const DIMS = 3072;
const docs = Array.from({ length: DOCS }, (_, i) => `def f_${i}(xs):\n    return sorted(xs)[${i % 7}:] + [${i}]`);
const queries = Array.from({ length: QUERIES }, (_, i) => `Return the sorted tail of a list, variant ${i}`);

function vector(text: string): Float32Array {
  const v = new Float32Array(DIMS);
  for (let i = 0; i < DIMS; i++) v[i] = ((text.charCodeAt(i % text.length) * (i + 1)) % 97) / 97 - 0.5;
  return v;
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString()) as { input: string[] };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        object: 'list',
        model: 'text-embedding-3-large',
        data: body.input.map((t, index) => ({
          object: 'embedding',
          index,
          embedding: Buffer.from(vector(t).buffer).toString('base64'),
        })),
        usage: { prompt_tokens: body.input.length * 20, total_tokens: body.input.length * 20 },
      }),
    );
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;

const rows: string[] = [];
for (const fsync of [true, false]) {
  const dir = await mkdtemp(join(tmpdir(), 'execret-figures-'));
  let requests = 0;
  const embedder = await createOpenAIEmbedder('openai/text-embedding-3-large', {
    apiKey: 'sk-local',
    baseUrl: url,
    fetch: (input, init) => {
      requests++;
      return fetch(input, init);
    },
  });
  const cache = await createEmbeddingCache(dir, { fsync });
  let t0 = performance.now();
  await cachedEmbed(embedder, cache, docs, { kind: 'document' });
  await cachedEmbed(embedder, cache, queries, { kind: 'query' });
  const cold = performance.now() - t0;
  const stats = await cache.stats(embedder.info);
  await cache.close();
  t0 = performance.now();
  const reopened = await createEmbeddingCache(dir);
  const hitDocs = await cachedEmbed(embedder, reopened, docs, { kind: 'document' });
  const hitQueries = await cachedEmbed(embedder, reopened, queries, { kind: 'query' });
  const warm = performance.now() - t0;
  rows.push(
    `| fsync ${fsync ? 'on' : 'off'} | ${DOCS} + ${QUERIES} × ${DIMS} | ${requests} | ${cold.toFixed(0)} ms | ${(stats.bytes / 2 ** 20).toFixed(1)} MiB in ${stats.segments} segment(s) | ${warm.toFixed(0)} ms (${hitDocs.cacheHits + hitQueries.cacheHits} hits, ${hitDocs.usage.requests + hitQueries.usage.requests} requests) |`,
  );
  await rm(dir, { recursive: true, force: true });
}
server.close();
console.log(
  '| cache | vectors | requests (cold) | cold: fake API + append | on disk | warm rerun from a fresh process state |',
);
console.log('| --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
