import { resolve } from 'node:path';
import { AnalysesError, type PoolView, readRunFileScorers, type Scorer } from '@execret/analyses';
import {
  defaultEmbeddingModels,
  EMBEDDER_PROVIDER_ACCESS,
  type ModelConfig,
  readModelConfigs,
} from '@execret/embedders';
import { accessKeyVariables } from '@execret/http';
import { buildScorers, embedderAccessProblem } from '@execret/pipeline';
import { type CommandContext, listOption, UsageError } from './command.js';
import { stageEvents } from './progress.js';
import { embedSettings } from './stage-context.js';

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
async function requestedSystems(
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

/**
 * The systems of a command ({@link requestedSystems}), with every explicitly requested model checked before anything
 * is embedded: skipped defaults are reported, not fatal (`@execret/pipeline`'s `buildScorers`).
 *
 * @throws {UsageError} `<model>: <what to set>` for the first requested model whose provider lacks its key or server
 *   (`@execret/pipeline`'s `embedderAccessProblem`)
 */
export async function commandSystems(context: Pick<CommandContext, 'values' | 'config'>) {
  const systems = await requestedSystems(context);
  for (const entry of systems.explicit ? systems.entries : []) {
    const reason = entry === 'bm25' ? undefined : embedderAccessProblem(entry, context.config.providers);
    if (reason !== undefined) throw new UsageError(`${typeof entry === 'string' ? entry : entry.id}: ${reason}`);
  }
  return systems;
}

/** The first stages of `score` without `--run` or `--embeddings` (`@execret/pipeline`'s `buildScorers`). */
export async function commandScorers(context: CommandContext, pool: PoolView): Promise<Scorer[]> {
  const { entries, explicit } = await commandSystems(context);
  return (await buildScorers(entries, pool, { ...embedSettings(context, !explicit), ...stageEvents(context) })).scorers;
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
