import { type LocalModelOptions, loadTransformersModel, wrapHttpError } from '@execret/http';
import { EmbeddersError } from '../errors.js';
import { modelInput } from '../model-input.js';
import { poolTokenStates } from '../pooling.js';
import { addUsage, checkEmbedArguments, emptyUsage } from '../remote-embedder.js';
import { type ConfigOverrides, resolveEmbedderInfo } from '../resolve-info.js';
import { padBatch, specialTokenLayout, type TokenizerLike, truncateIds } from '../token-batch.js';
import type { Embedder, EmbedderInfo, EmbedOptions, EmbedResult, ModelConfig } from '../types.js';
import { normalizeRows, truncateColumns } from '../vectors.js';
import { expectProvider, toConfig } from './common.js';

/**
 * Options of {@link createTransformersEmbedder}: where the files are and whether they may be downloaded
 * (`@execret/http`'s `LocalModelOptions`: `localModelPath`, `modelFolder`, `cacheDir`, `allowRemoteModels`,
 * `remoteHost`, `onLoadProgress`), and the overrides every provider accepts.
 */
export interface TransformersEmbedderOptions extends LocalModelOptions, ConfigOverrides {}

const DTYPES = { fp32: 'fp32', fp16: 'fp16', q8: 'q8' } as const;

/**
 * Creates an embedder for a local ONNX model run by `@huggingface/transformers` (loaded lazily) on the CPU.
 *
 * Loading reads `config.json`, the tokenizer files and `onnx/model.onnx` (`fp32`),
 * `onnx/model_fp16.onnx` (`fp16`) or `onnx/model_quantized.onnx` (`q8`) from `localModelPath`, downloading
 * them when `allowRemoteModels` is true and they are missing. Embedding tokenizes with the model's
 * tokenizer, truncates to `info.maxTokensPerInput` tokens keeping the trailing special tokens (as Hugging
 * Face tokenizers and sentence-transformers do), pads on `info.paddingSide`, runs the model, pools `last_hidden_state` by `info.pooling` using the attention mask (see `poolTokenStates`),
 * keeps the first `info.dims` columns, and L2-normalises when `info.normalize`. Texts are sorted by
 * length before batching (at most `info.maxBatch` per forward pass) and returned in input order.
 * Usage counts tokens from the attention mask; there is no price. `info.weights` records which weights were loaded
 * (every opened file's size and SHA-256, and the folder's `weights.json` source), hashed once here.
 *
 * @throws EmbeddersError `model-unavailable` when the files are absent and cannot be downloaded,
 *   `missing-dependency` without `@huggingface/transformers`.
 * @example
 * const embedder = await createTransformersEmbedder('local/all-minilm-l6-v2', {
 *   localModelPath: '/data/models', allowRemoteModels: false,
 * });
 * const { data } = await embedder.embed(['reverse a string'], { kind: 'query' });
 */
export async function createTransformersEmbedder(
  model: string | ModelConfig,
  options: TransformersEmbedderOptions = {},
): Promise<Embedder> {
  const config = toConfig(model);
  expectProvider(config, 'transformers');
  if (config.pooling === 'provider') {
    throw new RangeError(
      `@execret/embedders transformers: ${config.id} must name a pooling rule (cls, mean or last-token)`,
    );
  }
  const pooling = config.pooling;
  const settings = resolveEmbedderInfo(config, options);
  if (!(settings.dtype in DTYPES)) {
    throw new RangeError(`@execret/embedders transformers: dtype must be fp32, fp16 or q8, received ${settings.dtype}`);
  }
  const {
    transformers: t,
    tokenizer,
    model: onnx,
    weights,
  } = await loadTransformersModel(
    {
      label: '@execret/embedders transformers',
      id: settings.id,
      model: settings.model,
      revision: settings.revision,
      dtype: settings.dtype as keyof typeof DTYPES,
      head: 'AutoModel',
    },
    options,
  ).catch((error: unknown) => {
    throw wrapHttpError(error, EmbeddersError);
  });
  const info: EmbedderInfo = Object.freeze({ ...settings, weights });
  const tok = tokenizer as unknown as TokenizerLike;
  const layout = specialTokenLayout(tok);
  const maxTokens = Math.min(info.maxTokensPerInput, tok.model_max_length ?? Number.POSITIVE_INFINITY);
  const padId = tok.pad_token_id ?? 0;
  const padLeft = info.paddingSide === 'left';

  let totals = emptyUsage(false);
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();

  const run = async (texts: readonly string[], options: EmbedOptions): Promise<EmbedResult> => {
    const { kind, signal, onBatch, onProgress } = options;
    const dims = info.dims;
    const inputs = texts.map((text) => modelInput(info.prefixes, text, kind));
    const order = inputs
      .map((_, i) => i)
      .sort((a, b) => (inputs[a] as string).length - (inputs[b] as string).length || a - b);
    const data = new Float32Array(texts.length * dims);
    let usage = emptyUsage(false);
    for (let start = 0; start < order.length; start += info.maxBatch) {
      if (signal?.aborted) {
        throw new EmbeddersError('aborted', '@execret/embedders transformers: aborted by the caller', {
          cause: signal.reason,
        });
      }
      const indices = order.slice(start, start + info.maxBatch);
      const sequences = indices.map((i) => truncateIds(tok.encode(inputs[i] as string), maxTokens, layout.suffix));
      const padded = padBatch(sequences, padId, padLeft);
      const encoded = {
        input_ids: new t.Tensor('int64', padded.ids, [sequences.length, padded.length]),
        attention_mask: new t.Tensor('int64', padded.mask, [sequences.length, padded.length]),
      };
      const outputs = (await onnx(encoded)) as Record<
        string,
        { type: string; dims: number[]; data: Float32Array; to(type: string): { data: Float32Array } } | undefined
      >;
      const hidden = outputs.last_hidden_state ?? outputs.token_embeddings;
      if (hidden === undefined || hidden.dims.length !== 3) {
        throw new EmbeddersError(
          'response',
          `@execret/embedders transformers: ${info.model} returned no [batch, seq, hidden] "last_hidden_state" (outputs: ${Object.keys(outputs).join(', ')})`,
        );
      }
      const [batch, seq, hiddenSize] = hidden.dims as [number, number, number];
      if (hiddenSize < dims) {
        throw new EmbeddersError(
          'response',
          `@execret/embedders transformers: ${info.model} produces ${hiddenSize} dimensions, fewer than the configured ${dims}`,
        );
      }
      const states = hidden.type === 'float32' ? hidden.data : hidden.to('float32').data;
      const mask = padded.mask;
      let pooled = poolTokenStates(states, mask, batch, seq, hiddenSize, pooling);
      pooled = truncateColumns(pooled, hiddenSize, dims);
      if (info.normalize) normalizeRows(pooled, dims);
      indices.forEach((row, k) => {
        data.set(pooled.subarray(k * dims, (k + 1) * dims), row * dims);
      });
      const tokens = sequences.reduce((sum, ids) => sum + ids.length, 0);
      usage = addUsage(usage, {
        texts: indices.length,
        requests: 1,
        retries: 0,
        inputTokens: tokens,
        tokensEstimated: false,
        costUsd: null,
      });
      if (onBatch) await onBatch({ kind, indices, data: pooled, dims, tokenIds: sequences });
      onProgress?.({ kind, done: Math.min(start + info.maxBatch, order.length), total: order.length });
    }
    totals = addUsage(totals, usage);
    return { data, rows: texts.length, dims, usage };
  };

  return {
    info,
    embed: (texts, embedOptions) => {
      checkEmbedArguments(texts, embedOptions);
      if (closed) return Promise.reject(new TypeError('@execret/embedders transformers: embed() called after close()'));
      const result = queue.then(() => run(texts, embedOptions));
      queue = result.catch(() => undefined);
      return result;
    },
    usage: () => totals,
    close: async () => {
      if (closed) return;
      closed = true;
      await queue;
      await onnx.dispose();
    },
  };
}
