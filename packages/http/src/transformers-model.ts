import { existsSync } from 'node:fs';
import type { ModelWeights } from '@execret/formats';
import { HttpError } from './errors.js';
import { importOptional } from './import-optional.js';
import { type OpenedModelFile, readModelWeights } from './read-model-weights.js';
import { transformersFileCandidates } from './transformers-file-candidates.js';

/** Where transformers.js finds a local model's files, and whether it may download them. */
export interface LocalModelOptions {
  /**
   * Folder holding model folders laid out by repository id: `Xenova/all-MiniLM-L6-v2` is read from
   * `<localModelPath>/Xenova/all-MiniLM-L6-v2/{config.json,tokenizer.json,tokenizer_config.json,onnx/model.onnx}`.
   * Default: transformers.js's own (`./models/`). Ignored when `modelFolder` is given.
   */
  localModelPath?: string;
  /**
   * The model's own folder (`config.json`, the tokenizer files and `onnx/` directly inside it), e.g. weights a
   * setup script unpacked from a package: read from there whatever the repository id, never downloaded.
   */
  modelFolder?: string;
  /** Where downloaded files are cached (transformers.js `env.cacheDir`). */
  cacheDir?: string;
  /** Whether missing files may be downloaded from the Hugging Face Hub (default `true`; `false` with `modelFolder`). */
  allowRemoteModels?: boolean;
  /** Hub mirror (transformers.js `env.remoteHost`), e.g. `https://hf-mirror.com/`. */
  remoteHost?: string;
  /** Load progress reported by transformers.js (`{ status, file, progress, … }`). */
  onLoadProgress?: (event: unknown) => void;
  /**
   * Called once the model is loaded, with the folder it was looked up in, the files transformers.js opened (relative
   * to it) and the weights record made of them (the embedders and rerankers built on this loader pass it through).
   */
  onLoaded?: (loaded: {
    readonly folder: string;
    readonly files: readonly string[];
    readonly weights: ModelWeights;
  }) => void;
}

/** Which model {@link loadTransformersModel} loads, and how it names it in messages. */
export interface LocalModelSpec {
  /** The caller's component, the start of every message, e.g. `@execret/embedders transformers`. */
  readonly label: string;
  /** The registry id, for messages (`local/all-minilm-l6-v2`). */
  readonly id: string;
  /** Repository id (`Xenova/all-MiniLM-L6-v2`). */
  readonly model: string;
  /** Hub revision (default `main`). */
  readonly revision: string | null;
  /** `fp32` (`onnx/model.onnx`), `fp16` (`onnx/model_fp16.onnx`) or `q8` (`onnx/model_quantized.onnx`). */
  readonly dtype: 'fp32' | 'fp16' | 'q8';
  /** The transformers.js class that loads the ONNX graph: a bare encoder, or a sequence-classification head. */
  readonly head: 'AutoModel' | 'AutoModelForSequenceClassification';
}

/** The parts of the `@huggingface/transformers` module a caller needs after loading. */
export interface TransformersModuleLike {
  Tensor: new (type: 'int64', data: BigInt64Array | bigint[] | number[], dims: number[]) => unknown;
}

/** A loaded model: call it with tensors, `dispose()` it when done. */
export interface LocalModelLike {
  (inputs: Record<string, unknown>): Promise<unknown>;
  dispose(): Promise<unknown>;
}

/** What {@link loadTransformersModel} returns. */
export interface LoadedLocalModel {
  /** The module, for building input tensors. */
  readonly transformers: TransformersModuleLike;
  /** The model's tokenizer (transformers.js `PreTrainedTokenizer`; callers use the few members they need). */
  readonly tokenizer: unknown;
  readonly model: LocalModelLike;
  /** The folder the files were looked up in locally: `<localModelPath>/<model>`, or `modelFolder`. */
  readonly folder: string;
  /**
   * The files transformers.js opened, relative to the model folder (`config.json`, `tokenizer.json`,
   * `onnx/model.onnx`, …) in the order it finished them.
   */
  readonly files: readonly string[];
  /**
   * Which weights were loaded: every opened file's size and SHA-256 (found where transformers.js read it: its
   * file-system cache or the folder), one digest of them all, and the folder's `weights.json` source record when it
   * has one (`readModelWeights`). Hashed once per load.
   */
  readonly weights: ModelWeights;
}

/** A transformers.js `Auto*` class, as far as loading goes. */
interface ModelLoader {
  from_pretrained(name: string, options: Record<string, unknown>): Promise<LocalModelLike>;
}

let loadChain: Promise<unknown> = Promise.resolve();

/** Runs `task` after every earlier load: transformers.js settings are process-global, so loads take turns. */
function serialize<T>(task: () => Promise<T>): Promise<T> {
  const run = loadChain.then(task, task);
  loadChain = run.catch(() => undefined);
  return run;
}

/** `folder` split into the parent transformers.js reads from and the name it looks up there. */
function splitFolder(folder: string): { root: string; name: string } {
  const trimmed = folder.replace(/\/+$/, '');
  const cut = trimmed.lastIndexOf('/');
  return cut < 0 ? { root: '.', name: trimmed } : { root: trimmed.slice(0, cut) || '/', name: trimmed.slice(cut + 1) };
}

/**
 * Loads a local ONNX model and its tokenizer with `@huggingface/transformers` (an optional peer dependency,
 * imported here) on the CPU: the one loader of the packages that run local models (embedders, cross-encoder
 * rerankers). transformers.js keeps its settings (`env.localModelPath`, `env.allowRemoteModels`, …) process-wide,
 * so each load sets them, loads, and restores them, one load at a time.
 *
 * Once loaded, the files it opened are hashed and the folder's `weights.json` read into `weights`
 * ({@link readModelWeights}): the record of which weights ran.
 *
 * @throws {HttpError} `missing-dependency` without `@huggingface/transformers`; `model-unavailable` when the files
 *   are absent and cannot be downloaded (the message names the folder, the dtype, and why), or when `weights.json`
 *   is malformed or records other hashes than the files loaded have
 * @example
 * const { tokenizer, model, files, weights } = await loadTransformersModel(
 *   { label: '@execret/embedders transformers', id: 'local/all-minilm-l6-v2', model: 'Xenova/all-MiniLM-L6-v2',
 *     revision: null, dtype: 'fp32', head: 'AutoModel' },
 *   { localModelPath: '/data/models', allowRemoteModels: false },
 * );
 * files; // ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx']
 * weights.files.map((f) => f.path); // the same, in code-point order, each with bytes and sha256
 */
export async function loadTransformersModel(
  spec: LocalModelSpec,
  options: LocalModelOptions = {},
): Promise<LoadedLocalModel> {
  const t = (await importOptional(
    '@huggingface/transformers',
    spec.label,
    () => import('@huggingface/transformers'),
  )) as unknown as {
    env: Record<
      'allowRemoteModels' | 'allowLocalModels' | 'localModelPath' | 'cacheDir' | 'remoteHost' | 'useFSCache',
      unknown
    >;
    AutoTokenizer: { from_pretrained(name: string, options: Record<string, unknown>): Promise<unknown> };
    AutoModel: ModelLoader;
    AutoModelForSequenceClassification: ModelLoader;
    Tensor: TransformersModuleLike['Tensor'];
  };
  const own = options.modelFolder === undefined ? undefined : splitFolder(options.modelFolder);
  const name = own?.name ?? spec.model;
  const files: string[] = [];
  const onProgress = (event: unknown) => {
    const { file, status } = (event ?? {}) as { file?: unknown; status?: unknown };
    if (status === 'done' && typeof file === 'string' && !files.includes(file)) files.push(file);
    options.onLoadProgress?.(event);
  };
  const loaded = await serialize(async () => {
    const env = t.env;
    const saved = {
      allowRemoteModels: env.allowRemoteModels,
      allowLocalModels: env.allowLocalModels,
      localModelPath: env.localModelPath,
      cacheDir: env.cacheDir,
      remoteHost: env.remoteHost,
    };
    try {
      env.allowLocalModels = true;
      env.allowRemoteModels = own === undefined ? (options.allowRemoteModels ?? true) : false;
      if (own !== undefined) env.localModelPath = own.root;
      else if (options.localModelPath !== undefined) env.localModelPath = options.localModelPath;
      if (options.cacheDir !== undefined) env.cacheDir = options.cacheDir;
      if (options.remoteHost !== undefined) env.remoteHost = options.remoteHost;
      const common = { revision: spec.revision ?? 'main', progress_callback: onProgress };
      const tokenizer = await t.AutoTokenizer.from_pretrained(name, common);
      const model = await t[spec.head].from_pretrained(name, { ...common, dtype: spec.dtype, device: 'cpu' });
      const folder = `${String(env.localModelPath).replace(/\/+$/, '')}/${name}`;
      const lookup = {
        folder,
        name,
        revision: spec.revision ?? 'main',
        fileCacheDir: env.useFSCache && typeof env.cacheDir === 'string' ? env.cacheDir : null,
      };
      const opened: OpenedModelFile[] = files.map((path) => ({
        path,
        candidates: transformersFileCandidates(path, lookup),
      }));
      return { tokenizer, model, folder, opened };
    } catch (error) {
      const where = `${String(env.localModelPath).replace(/\/+$/, '')}/${name}`;
      const how = env.allowRemoteModels ? 'and downloading it failed' : 'and remote loading is disabled';
      // offline with no model there, transformers.js fails on the missing config's fields: say what is missing
      const detail =
        !env.allowRemoteModels && !existsSync(`${where}/config.json`)
          ? 'the folder has no config.json (the model is not there)'
          : error instanceof Error
            ? error.message.slice(0, 300)
            : String(error);
      throw new HttpError(
        'model-unavailable',
        `${spec.label}: cannot load ${spec.id} (${spec.model}, ${spec.dtype}) from ${where} ${how}: ${detail}`,
        { cause: error },
      );
    } finally {
      Object.assign(env, saved);
    }
  });
  let weights: ModelWeights;
  try {
    weights = await readModelWeights(loaded.folder, loaded.opened, spec.label);
  } catch (error) {
    await loaded.model.dispose();
    throw error;
  }
  const { tokenizer, model, folder } = loaded;
  options.onLoaded?.({ folder, files, weights });
  return { transformers: t, tokenizer, model, folder, files, weights };
}
