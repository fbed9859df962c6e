import { BM25_SYSTEM } from '@execret/analyses';
import { DEFAULT_LOCAL_MODEL, describeEmbedder, listModels } from '@execret/embedders';
import { DEFAULT_BM25_B, DEFAULT_BM25_K1 } from '@execret/search';
import type { Command } from '../command.js';

export const modelsCommand: Command = {
  name: 'models',
  summary: 'list the model registry with every recorded setting',
  usage: 'execret models [--json]',
  options: {},
  async run({ io }) {
    const models = listModels().map((m) => describeEmbedder(m.id));
    const bm25 = BM25_SYSTEM;
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
    io.result([bm25, ...models], () =>
      rows.map((row) => `${row.map((c, i) => c.padEnd(widths[i]!)).join('  ')}\n`).join(''),
    );
    return 0;
  },
};
