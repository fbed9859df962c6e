import {
  cacheLayout,
  type EmbedModelOptions,
  type LoadDatasetOptions,
  type LoadedDataset,
  loadDataset,
  type StageEvents,
} from '@execret/pipeline';
import type { CommandContext } from './command.js';
import { type DatasetOption, localModelsOption } from './commands/options.js';
import { stageEvents } from './progress.js';

/** What `@execret/pipeline`'s `loadDataset` takes from the configuration: cache folder, Hub endpoint and token, offline. */
export function datasetLoadOptions(context: Pick<CommandContext, 'config' | 'io' | 'signal'>): LoadDatasetOptions {
  const { config } = context;
  return {
    ...stageEvents(context),
    cacheDir: cacheLayout(config.cacheDir).datasets,
    endpoint: config.hfEndpoint,
    ...(config.hubToken ? { token: config.hubToken.reveal() } : {}),
    offline: config.offline,
  };
}

/** `@execret/pipeline`'s `loadDataset` of `--dataset` and `--with`, as the configuration says ({@link datasetLoadOptions}). */
export function loadCommandDataset(
  context: Pick<CommandContext, 'config' | 'io' | 'signal'>,
  { source, parts }: DatasetOption,
): Promise<LoadedDataset> {
  return loadDataset(source, { ...datasetLoadOptions(context), parts });
}

/**
 * What `@execret/pipeline`'s `embedModel` and `buildScorers` take from a command: the configuration's provider keys and
 * caches, `--local-models`, and whether a model that cannot be used is skipped (a default one) or an error.
 */
export function embedSettings(
  context: Pick<CommandContext, 'values' | 'config'>,
  skipUnavailable: boolean,
): Omit<EmbedModelOptions, 'shard' | keyof StageEvents> {
  const { config } = context;
  return {
    environment: config.providers,
    embeddingCacheDir: cacheLayout(config.cacheDir).embeddings,
    localModels: localModelsOption(context),
    offline: config.offline,
    skipUnavailable,
  };
}
