import { join } from 'node:path';
import { keyInShard, type PoolView, type Shard } from '@execret/analyses';
import { resultFileName } from '@execret/dataset';
import {
  describeEmbedder,
  type EmbedDatasetOutcome,
  embedDataset,
  exportCachedMatrices,
  type ModelConfig,
} from '@execret/embedders';
import { accessProblem } from '@execret/http';
import type { ProviderEnvironment } from './provider-environment.js';
import { SILENT_PROGRESS, type StageEvents } from './stage-progress.js';

/** An embedded (or skipped) model of a run: `@execret/embedders`' `embedDataset` outcome and the model's id. */
export type EmbedOutcome = EmbedDatasetOutcome & { readonly model: string };

/** Where {@link embedModel} finds keys, weights and the embedding cache. */
export interface EmbedModelOptions extends StageEvents {
  /** Keys and base URLs, as each registry entry's `access` names them. */
  readonly environment: ProviderEnvironment;
  /** The embedding cache folder (`cacheLayout(cacheDir).embeddings`). */
  readonly embeddingCacheDir: string;
  /** Folder of local model weights (`<dir>/<org>/<name>/`; `cacheLayout(cacheDir).models`). */
  readonly localModels: string;
  /** Never download local weights. */
  readonly offline?: boolean;
  /**
   * A model that cannot be used — no key or server for its provider, no local weights offline — is skipped with a
   * reason (default) or, when false, an error (`@execret/embedders`' for missing weights).
   */
  readonly skipUnavailable?: boolean;
  /** Embed only this shard's texts, each text keyed by itself (`keyInShard`): a recurring text is one shard's. */
  readonly shard?: Shard;
}

/**
 * Why a model cannot be used in this environment (`@execret/http`'s `accessProblem` for its registry entry's
 * `access`: a key or a server not set), or `undefined` when it can.
 *
 * @throws {EmbeddersError} `unknown-model` for an id the registry lacks
 * @example
 * embedderAccessProblem('openai/text-embedding-3-large', providerEnvironment(() => undefined));
 * // 'set OPENAI_API_KEY …'
 */
export function embedderAccessProblem(
  modelOrConfig: string | ModelConfig,
  environment: Pick<ProviderEnvironment, 'isSet'>,
): string | undefined {
  return embedderAccess(modelOrConfig, environment).problem;
}

/** A model's registry `access` and, when its provider cannot be used here, why (one registry lookup for both). */
function embedderAccess(modelOrConfig: string | ModelConfig, environment: Pick<ProviderEnvironment, 'isSet'>) {
  const { provider, access } = describeEmbedder(modelOrConfig);
  return { access, problem: accessProblem(access, provider, (name) => environment.isSet(name)) };
}

/**
 * Embeds the pool's queries and documents with one model through the on-disk embedding cache (`@execret/embedders`'
 * `embedDataset`, with the key and base URL its entry's `access` names and the local weights folder), reporting
 * `embed <model> queries` and `embed <model> snippets`. A model whose provider lacks a key or a server is skipped
 * with the reason ({@link embedderAccessProblem}).
 *
 * @example
 * const outcome = await embedModel('local/all-minilm-l6-v2', pool, { environment, embeddingCacheDir, localModels });
 * if (outcome.status === 'embedded') scorers.push(embeddedScorer(pool, outcome));
 */
export async function embedModel(
  modelOrConfig: string | ModelConfig,
  pool: PoolView,
  options: EmbedModelOptions,
): Promise<EmbedOutcome> {
  const model = typeof modelOrConfig === 'string' ? modelOrConfig : modelOrConfig.id;
  const { access, problem } = embedderAccess(modelOrConfig, options.environment);
  if (problem !== undefined) return { model, status: 'skipped', reason: problem };
  const { shard, signal, localModels } = options;
  const pick = (texts: readonly string[]): string[] => texts.filter((text) => keyInShard(text, shard));
  const bars = options.progress ?? SILENT_PROGRESS;
  const label = (kind: string) => `embed ${model} ${kind === 'query' ? 'queries' : 'snippets'}`;
  try {
    const outcome = await embedDataset(
      modelOrConfig,
      { queries: pick(pool.queryTexts), documents: pick(pool.code) },
      {
        ...options.environment.settings(access),
        localModelPath: localModels,
        cacheDir: localModels,
        allowRemoteModels: options.offline !== true,
        embeddingCacheDir: options.embeddingCacheDir,
        skipUnavailable: options.skipUnavailable ?? true,
        ...(signal ? { signal } : {}),
        onProgress: (e) => {
          if (e.step === 'start') bars.start(label(e.kind), e.total);
          else if (e.step === 'progress') bars.update(label(e.kind), e.done, e.total);
          else bars.finish(label(e.kind), `${e.total} (${e.cacheHits} cached)`);
        },
      },
    );
    return { ...outcome, model };
  } finally {
    bars.finishOpen('failed');
  }
}

/**
 * Writes an embedded model's cached matrices for the pool as `<dir>/<model>.npz` (numpy: `queries`, `documents`,
 * `query_ids`, `corpus_ids`; `@execret/embedders`' `exportCachedMatrices`); returns the file's path.
 *
 * @example
 * if (outcome.status === 'embedded') await exportPoolMatrices(outcome, pool, { embeddingCacheDir, dir: 'matrices' });
 */
export async function exportPoolMatrices(
  outcome: Extract<EmbedOutcome, { status: 'embedded' }>,
  pool: PoolView,
  options: { readonly embeddingCacheDir: string; readonly dir: string },
): Promise<string> {
  const path = join(options.dir, resultFileName(outcome.model, '.npz'));
  await exportCachedMatrices(options.embeddingCacheDir, outcome.info, path, {
    queries: { texts: pool.queryTexts, ids: pool.queryIds },
    documents: { texts: pool.code, ids: pool.docIds },
  });
  return path;
}
