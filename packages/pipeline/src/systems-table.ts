import { BM25_SYSTEM } from '@execret/analyses';
import { DEFAULT_LOCAL_MODEL, describeEmbedder, listModels } from '@execret/embedders';
import { DEFAULT_BM25_B, DEFAULT_BM25_K1 } from '@execret/search';

/**
 * The first stages a run can score: BM25 (`@execret/analyses`' `BM25_SYSTEM`) and every model of `@execret/embedders`'
 * registry, described with every recorded setting (`describeEmbedder`), in registry order.
 */
export function runSystems() {
  return [BM25_SYSTEM, ...listModels().map((m) => describeEmbedder(m.id))] as const;
}

/**
 * {@link runSystems} as an aligned text table: id (the default local model marked), provider, dimensions,
 * similarity, pooling, the query prefix or task type, and the first 12 hex digits of the config hash.
 *
 * @example
 * process.stdout.write(formatSystemsTable());
 * // id  provider  dims  similarity  pooling  query prefix / task  config hash
 * // bm25  bm25  -  bm25  -  code-aware tokens, k1=1.5 b=0.75  -   (columns padded)
 */
export function formatSystemsTable(): string {
  const [bm25, ...models] = runSystems();
  const rows = [
    ['id', 'provider', 'dims', 'similarity', 'pooling', 'query prefix / task', 'config hash'],
    [
      bm25.id,
      bm25.provider,
      '-',
      bm25.similarity,
      '-',
      `code-aware tokens, k1=${DEFAULT_BM25_K1} b=${DEFAULT_BM25_B}`,
      '-',
    ],
    ...models.map((m) => [
      m.id === DEFAULT_LOCAL_MODEL ? `${m.id} (default)` : m.id,
      m.provider,
      String(m.dims),
      m.similarity,
      m.pooling ?? '-',
      m.taskTypes?.query ?? (m.prefixes?.query ? JSON.stringify(m.prefixes.query).slice(0, 48) : '-'),
      m.configHash.slice(0, 12),
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((row) => `${row.map((c, i) => c.padEnd(widths[i]!)).join('  ')}\n`).join('');
}
