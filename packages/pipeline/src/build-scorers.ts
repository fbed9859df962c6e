import { performance } from 'node:perf_hooks';
import { createBm25Scorer, embeddedScorer, type PoolView, type Scorer } from '@execret/analyses';
import { type ManifestEmbedding, manifestEmbedding } from '@execret/dataset';
import type { ModelConfig } from '@execret/embedders';
import { type EmbedModelOptions, embedModel } from './embed-model.js';

/** The first stages of a run: its scorers, the models it skipped (why), and each embedded model's manifest record. */
export interface BuiltScorers {
  readonly scorers: Scorer[];
  readonly skipped: { model: string; reason: string }[];
  readonly embedding: Record<string, ManifestEmbedding>;
}

/**
 * Builds a run's first stages, in the order given: `bm25` over the pool, and each embedding model (a registry id or a
 * `ModelConfig`) embedded through the cache ({@link embedModel}) as a dense scorer (`@execret/analyses`'
 * `embeddedScorer`). A model that cannot be used is skipped with its reason and a warning `skipping <model>: …`.
 *
 * @example
 * const { scorers, skipped } = await buildScorers(['bm25', 'local/all-minilm-l6-v2'], pool, embedOptions);
 */
export async function buildScorers(
  entries: readonly ('bm25' | string | ModelConfig)[],
  pool: PoolView,
  options: Omit<EmbedModelOptions, 'shard'>,
): Promise<BuiltScorers> {
  const scorers: Scorer[] = [];
  const skipped: { model: string; reason: string }[] = [];
  const embedding: Record<string, ManifestEmbedding> = {};
  for (const entry of entries) {
    if (entry === 'bm25') {
      scorers.push(createBm25Scorer(pool));
      continue;
    }
    const started = performance.now();
    const outcome = await embedModel(entry, pool, options);
    if (outcome.status === 'skipped') {
      skipped.push({ model: outcome.model, reason: outcome.reason });
      options.warn?.(`skipping ${outcome.model}: ${outcome.reason}`);
      continue;
    }
    scorers.push(embeddedScorer(pool, outcome));
    const { queries, documents } = outcome;
    embedding[outcome.model] = manifestEmbedding(outcome.info, {
      cacheHits: queries.cacheHits + documents.cacheHits,
      usage: { query: queries.usage, document: documents.usage },
      seconds: (performance.now() - started) / 1000,
    });
  }
  return { scorers, skipped, embedding };
}
