import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  AnalysesError,
  createBm25Scorer,
  embeddedScorer,
  keyInShard,
  type PoolView,
  readRunFileScorers,
  type Scorer,
  type Shard,
} from '@execret/analyses';
import { type ManifestEmbedding, manifestEmbedding } from '@execret/dataset';
import {
  defaultEmbeddingModels,
  describeEmbedder,
  EMBEDDER_PROVIDER_ACCESS,
  type EmbedDatasetOutcome,
  embedDataset,
  type ModelConfig,
  readModelConfigs,
} from '@execret/embedders';
import { accessKeyVariables, accessProblem } from '@execret/http';
import { cacheLayout } from './cache-layout.js';
import { type CommandContext, listOption, UsageError } from './command.js';
import { localModelsOption } from './commands/options.js';
import { providerSettings } from './config.js';
import { progressBars } from './progress.js';

/**
 * Reads `--model-config` files through `@execret/embedders`' `readModelConfigs` (one `ModelConfig` object or an
 * array each, every field of a registry entry required).
 *
 * @throws {Error} for the first file that cannot be read or entry that lacks fields
 */
async function modelConfigsOption(files: readonly string[]): Promise<ModelConfig[]> {
  const { configs, issues } = await readModelConfigs(files);
  const [issue] = issues;
  if (issue)
    throw new Error(
      `execret: --model-config ${issue.message}${issue.error ? '' : ' (see `execret models --json` for complete entries)'}`,
      { cause: issue.error },
    );
  return configs;
}

/**
 * The systems `--models` and `--model-config` ask for: the listed ids (`bm25` and registry ids) and the custom models;
 * `bm25` and the custom models when only those are given; else `bm25` and `@execret/embedders`' default models for the
 * API keys that are set (the small local model, one hosted model per key), which are skipped when unusable
 * (`explicit` false).
 */
export async function requestedSystems(
  context: Pick<CommandContext, 'values' | 'config'>,
): Promise<{ entries: ('bm25' | string | ModelConfig)[]; explicit: boolean }> {
  const custom = await modelConfigsOption(listOption(context.values, 'model-config'));
  const requested = listOption(context.values, 'models');
  if (requested.length > 0) return { entries: [...new Set(requested), ...custom], explicit: true };
  if (custom.length > 0) return { entries: ['bm25', ...custom], explicit: true };
  const keyed = Object.entries(EMBEDDER_PROVIDER_ACCESS).filter(
    ([, access]) => access.kind === 'api-key' && accessKeyVariables(access).some(context.config.isSet),
  );
  return { entries: ['bm25', ...defaultEmbeddingModels(keyed.map(([provider]) => provider))], explicit: false };
}

/** An embedded (or skipped) model of a run: `@execret/embedders`' `embedDataset` outcome and the model's id. */
export type EmbedOutcome = EmbedDatasetOutcome & { readonly model: string };

/**
 * Embeds the pool's queries and documents with one model through the on-disk embedding cache (`@execret/embedders`'
 * `embedDataset`, with the key, base URL and local weights of the configuration and `--local-models`). With a shard,
 * only that shard's texts are embedded, each text keyed by itself (`keyInShard`), so a text that recurs is embedded
 * by one shard only. A default model that cannot be used (no weights offline, no key) is skipped
 * with a reason; an explicitly requested one is an error.
 */
export async function embedModel(
  modelOrConfig: string | ModelConfig,
  pool: PoolView,
  context: CommandContext,
  { explicit, shard }: { explicit: boolean; shard?: Shard },
): Promise<EmbedOutcome> {
  const { config, io, signal } = context;
  const model = typeof modelOrConfig === 'string' ? modelOrConfig : modelOrConfig.id;
  const { provider, access } = describeEmbedder(modelOrConfig); // unknown-model for an id the registry lacks
  const reason = accessProblem(access, provider, config.isSet);
  if (reason !== undefined) {
    if (explicit) throw new UsageError(`${model}: ${reason}`);
    return { model, status: 'skipped', reason };
  }
  const models = localModelsOption(context);
  const pick = (texts: readonly string[]): string[] => texts.filter((text) => keyInShard(text, shard));
  const bars = progressBars(io.progress);
  const label = (kind: string) => `embed ${model} ${kind === 'query' ? 'queries' : 'snippets'}`;
  try {
    const outcome = await embedDataset(
      modelOrConfig,
      { queries: pick(pool.queryTexts), documents: pick(pool.code) },
      {
        ...providerSettings(config, access),
        localModelPath: models,
        cacheDir: models,
        allowRemoteModels: !config.offline,
        embeddingCacheDir: cacheLayout(config.cacheDir).embeddings,
        skipUnavailable: !explicit,
        signal,
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
 * Builds the scorers of a run: BM25 and every embedding model that can be used (embedded through the
 * cache). Skipped defaults are reported, not fatal.
 */
export async function buildScorers(context: CommandContext, pool: PoolView) {
  const { entries, explicit } = await requestedSystems(context);
  const scorers: Scorer[] = [];
  const skipped: { model: string; reason: string }[] = [];
  const embedding: Record<string, ManifestEmbedding> = {};
  for (const entry of entries) {
    if (entry === 'bm25') {
      scorers.push(createBm25Scorer(pool));
      continue;
    }
    const started = performance.now();
    const outcome = await embedModel(entry, pool, context, { explicit });
    if (outcome.status === 'skipped') {
      skipped.push({ model: outcome.model, reason: outcome.reason });
      context.io.warn(`skipping ${outcome.model}: ${outcome.reason}`);
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

/**
 * Systems from rankings made outside execret, one per file (`--run`, resolved against the working folder): TREC runs
 * or results files in the release's JSON shape (`@execret/analyses`' `readRunFileScorers`).
 *
 * @throws UsageError naming the file, line and field of each problem (up to ten), or a repeated system id
 */
export async function externalRunScorers(files: readonly string[], pool: PoolView): Promise<Scorer[]> {
  try {
    return await readRunFileScorers(
      pool,
      files.map((f) => resolve(f)),
    );
  } catch (error) {
    if (!AnalysesError.is(error) || error.code !== 'invalid-run') throw error;
    // Problems of the file itself name it; a run entry the pool lacks is the scorer's.
    throw new UsageError(`--run${error.details.file === undefined ? ':' : ''} ${error.message}`);
  }
}
