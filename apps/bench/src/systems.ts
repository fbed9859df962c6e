import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createMatrixScorer, inShard, type PoolView, type Scorer, type Shard } from '@execret/analyses';
import {
  cachedEmbed,
  createEmbedder,
  createEmbeddingCache,
  describeEmbedder,
  type EmbedderInfo,
  EmbeddersError,
  type EmbedUsage,
  listModels,
  type ModelConfig,
} from '@execret/embedders';
import type { Io } from './command.js';
import { BASE_URL_PROVIDERS, type BaseUrlProvider, type Config, type KeyedProvider, keyVariable } from './config.js';
import { createProgressBar } from './progress.js';

/** The small local model `execret run` tries by default (downloaded once when the network allows). */
export const DEFAULT_LOCAL_MODEL = 'local/all-minilm-l6-v2';

/** The hosted model each API key adds to a default run. */
const DEFAULT_HOSTED_MODELS: Readonly<Partial<Record<KeyedProvider, string>>> = {
  openai: 'openai/text-embedding-3-small',
  gemini: 'gemini/gemini-embedding-001',
  mistral: 'mistral/codestral-embed',
  voyage: 'voyage/voyage-code-3',
};

const PROVIDER_KEYS: Readonly<Record<string, KeyedProvider>> = {
  openai: 'openai',
  gemini: 'gemini',
  mistral: 'mistral',
  voyage: 'voyage',
};

/** Where a local model's folders are looked up and downloaded to (`--local-models` overrides it). */
function modelsDir(config: Config, override?: string): string {
  return override ?? join(config.cacheDir, 'models');
}

/**
 * Reads custom model configurations (`--model-config file.json`: one `ModelConfig` object or an array),
 * for models the registry does not have. Every field of a registry entry is required, so the
 * configuration — prefixes, pooling, normalisation, similarity — is recorded as explicitly as the registry's.
 */
export async function readModelConfigs(files: readonly string[]): Promise<ModelConfig[]> {
  const out: ModelConfig[] = [];
  const required = [
    'id',
    'family',
    'provider',
    'model',
    'revision',
    'dims',
    'similarity',
    'normalize',
    'prefixes',
    'taskTypes',
    'pooling',
    'paddingSide',
    'dtype',
    'maxBatch',
    'maxTokensPerInput',
    'maxTokensPerRequest',
    'price',
    'sources',
  ];
  for (const file of files) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new Error(`execret: --model-config ${file}: ${(error as Error).message}`, { cause: error });
    }
    const list = Array.isArray(parsed) ? parsed : [parsed];
    list.forEach((entry, i) => {
      const missing = required.filter((key) => typeof entry !== 'object' || entry === null || !(key in entry));
      if (missing.length > 0) {
        throw new Error(
          `execret: --model-config ${file}${Array.isArray(parsed) ? `[${i}]` : ''}: missing field(s) ${missing.join(', ')} (see \`execret models --json\` for complete entries)`,
        );
      }
      out.push(entry as ModelConfig);
    });
  }
  return out;
}

export function embeddingCacheDir(config: Pick<Config, 'cacheDir'>): string {
  return join(config.cacheDir, 'embeddings');
}

/**
 * The systems of a run: `bm25` always; with no explicit list, the default local model and one hosted model
 * per API key that is set. Explicit ids are registry ids (`execret models`) or `bm25`.
 */
export function selectModels(requested: readonly string[], config: Config): { models: string[]; explicit: boolean } {
  if (requested.length > 0) return { models: [...new Set(requested)], explicit: true };
  const models = ['bm25', DEFAULT_LOCAL_MODEL];
  for (const [provider, model] of Object.entries(DEFAULT_HOSTED_MODELS) as [KeyedProvider, string][]) {
    if (config.keys[provider] !== undefined) models.push(model);
  }
  return { models, explicit: false };
}

export interface EmbeddedSystem {
  readonly info: EmbedderInfo;
  readonly queries: Float32Array;
  readonly docs: Float32Array;
  readonly usage: { query: EmbedUsage; document: EmbedUsage };
  readonly cacheHits: number;
}

export interface EmbedOutcome {
  readonly model: string;
  readonly status: 'embedded' | 'skipped';
  readonly reason?: string;
  readonly system?: EmbeddedSystem;
}

/**
 * Embeds the pool's queries and documents with one registry model through the on-disk embedding cache.
 * With a shard, only that shard's texts are embedded (and nothing is returned for scoring).
 * A default model that cannot be used (no weights offline, no key) is skipped with a reason; an explicitly
 * requested one is an error.
 */
export async function embedModel(
  modelOrConfig: string | ModelConfig,
  pool: PoolView,
  context: {
    config: Config;
    io: Io;
    signal: AbortSignal;
    explicit: boolean;
    shard?: Shard;
    localModels?: string;
  },
): Promise<EmbedOutcome> {
  const { config, io, signal, explicit, shard } = context;
  const model = typeof modelOrConfig === 'string' ? modelOrConfig : modelOrConfig.id;
  if (typeof modelOrConfig === 'string' && !listModels().some((m) => m.id === model)) {
    throw new EmbeddersError(
      'unknown-model',
      `execret: unknown model ${JSON.stringify(model)}; run \`execret models\` for the registry`,
    );
  }
  const info = describeEmbedder(modelOrConfig);
  const keyName = PROVIDER_KEYS[info.provider];
  const key = keyName === undefined ? undefined : config.keys[keyName];
  if (keyName !== undefined && key === undefined) {
    const reason = `no API key for ${info.provider} (set ${keyVariable(keyName)})`;
    if (explicit) throw new EmbeddersError('auth', `execret: ${model}: ${reason}`);
    return { model, status: 'skipped', reason };
  }
  if (info.provider === 'openai-compatible' && config.openaiCompatibleBaseUrl === undefined) {
    const reason = 'needs an OpenAI-compatible server: set EXECRET_OPENAI_COMPATIBLE_URL (vLLM, TEI, Ollama)';
    if (explicit) throw new EmbeddersError('auth', `execret: ${model}: ${reason}`);
    return { model, status: 'skipped', reason };
  }
  let embedder: Awaited<ReturnType<typeof createEmbedder>>;
  try {
    embedder = await createEmbedder(modelOrConfig, {
      ...(key ? { apiKey: key.reveal() } : {}),
      ...(embedderBaseUrl(info.provider, config) ? { baseUrl: embedderBaseUrl(info.provider, config) } : {}),
      localModelPath: modelsDir(config, context.localModels),
      cacheDir: modelsDir(config, context.localModels),
      allowRemoteModels: !config.offline,
    });
  } catch (error) {
    if (
      !explicit &&
      EmbeddersError.is(error) &&
      (error.code === 'model-unavailable' || error.code === 'missing-dependency')
    ) {
      return { model, status: 'skipped', reason: firstLine(error.message) };
    }
    throw error;
  }
  const cache = await createEmbeddingCache(embeddingCacheDir(config));
  const pick = (texts: readonly string[]): string[] => texts.filter((_, i) => inShard(i, shard));
  const embedKind = async (kind: 'query' | 'document', texts: string[]) => {
    const bar = createProgressBar(`embed ${model} ${kind === 'query' ? 'queries' : 'snippets'}`, texts.length, {
      enabled: io.progress,
    });
    try {
      const result = await cachedEmbed(embedder, cache, texts, {
        kind,
        signal,
        onProgress: (p) => bar.update(p.done, p.total),
      });
      bar.finish(`${texts.length} (${result.cacheHits} cached)`);
      return result;
    } catch (error) {
      bar.finish('failed');
      throw error;
    }
  };
  try {
    const queries = await embedKind('query', pick(pool.queryTexts));
    const docs = await embedKind('document', pick(pool.code));
    if (shard !== undefined) return { model, status: 'embedded' };
    return {
      model,
      status: 'embedded',
      system: {
        info: embedder.info,
        queries: queries.data,
        docs: docs.data,
        usage: { query: queries.usage, document: docs.usage },
        cacheHits: queries.cacheHits + docs.cacheHits,
      },
    };
  } catch (error) {
    if (!explicit && EmbeddersError.is(error) && error.code === 'model-unavailable') {
      return { model, status: 'skipped', reason: firstLine(error.message) };
    }
    throw error;
  } finally {
    await cache.close?.();
  }
}

/** The scorer of an embedded system. */
export function scorerForEmbedded(pool: PoolView, model: string, system: EmbeddedSystem): Scorer {
  const similarity = system.info.similarity === 'dot' ? 'dot' : 'cosine';
  return createMatrixScorer(
    pool,
    { id: model, provider: system.info.provider, configHash: system.info.configHash, similarity },
    system.queries,
    system.docs,
    system.info.dims,
  );
}

/**
 * The base URL an embedding provider is sent to: `EXECRET_OPENAI_COMPATIBLE_URL` for `openai-compatible/*`,
 * `EXECRET_<PROVIDER>_BASE_URL` for the hosted ones (the provider's default when unset), none for local models.
 */
function embedderBaseUrl(provider: string, config: Config): string | undefined {
  if (provider === 'openai-compatible') return config.openaiCompatibleBaseUrl;
  return (BASE_URL_PROVIDERS as readonly string[]).includes(provider)
    ? config.baseUrls[provider as BaseUrlProvider]
    : undefined;
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}
