import { type LocalModelOptions, loadTransformersModel, wrapHttpError } from '@execret/http';
import { checkRerankArguments } from '../check-rerank-arguments.js';
import { RerankersError } from '../errors.js';
import { rankHits } from '../rank-hits.js';
import { type RerankerOverrides, resolveRerankerInfo } from '../resolve-info.js';
import type { Reranker, RerankerConfig, RerankerInfo, RerankOptions } from '../types.js';
import { addRerankUsage, emptyRerankUsage } from '../usage.js';
import { expectRerankerProvider, toRerankerConfig } from './common.js';
import { truncatePair } from './pair-encoding.js';

/**
 * Options of {@link createCrossEncoderReranker}: where the files are and whether they may be downloaded
 * (`@execret/http`'s `LocalModelOptions`: `localModelPath`, `modelFolder`, `cacheDir`, `allowRemoteModels`,
 * `remoteHost`, `onLoadProgress`), the overrides every reranker accepts, and the batch size.
 */
export interface CrossEncoderOptions extends LocalModelOptions, RerankerOverrides {
  /** Pairs per forward pass (default `info.maxDocumentsPerRequest`, 16). */
  batchSize?: number;
  /** Clock in epoch milliseconds for `usage().seconds` (default `Date.now`). */
  now?: () => number;
}

const DTYPES = { fp32: 'fp32', fp16: 'fp16', q8: 'q8' } as const;

interface PairTokenizer {
  (
    text: string,
    options: { text_pair: string; return_tensor: false; add_special_tokens?: boolean },
  ): { input_ids: number[]; token_type_ids?: number[] };
  encode(text: string, options?: { add_special_tokens?: boolean }): number[];
  readonly pad_token_id?: number;
  readonly model_max_length?: number;
}

/**
 * A local cross-encoder run by `@huggingface/transformers` (loaded lazily) on the CPU: the model's tokenizer encodes
 * each (query, document) pair with `text_pair` (so [SEP]/`</s></s>` and token type ids are the model's own), cut to
 * `info.maxLength` by removing tokens from the end of the document (see `truncatePair`), padded on the right, and
 * `AutoModelForSequenceClassification` returns logits. Ranking is on the raw logit (`score` = `rawScore` = the
 * logit; for a two-label head, logit(label 1) − logit(label 0)); it is not the `text-classification` pipeline,
 * whose softmax over a single logit makes every pair score 1. `fp32` by default (`onnx/model.onnx`); `fp16` and
 * `q8` load `model_fp16.onnx` and `model_quantized.onnx`. `info.weights` records which weights were loaded (every
 * opened file's size and SHA-256, and the folder's `weights.json` source), hashed once here.
 *
 * @throws {RerankersError} `model-unavailable` when the files are absent and cannot be downloaded,
 *   `missing-dependency` without `@huggingface/transformers`
 * @example
 * const reranker = await createCrossEncoderReranker('local/bge-reranker-base', {
 *   localModelPath: '/data/models', allowRemoteModels: false,
 * });
 * const hits = await reranker.rerank('reverse a linked list', snippets, { topN: 10 });
 */
export async function createCrossEncoderReranker(
  reranker: string | RerankerConfig,
  options: CrossEncoderOptions = {},
): Promise<Reranker> {
  const config = toRerankerConfig(reranker);
  expectRerankerProvider(config, 'transformers');
  const settings = resolveRerankerInfo(config, options);
  if (!(settings.dtype in DTYPES)) {
    throw new RangeError(`@execret/rerankers transformers: dtype must be fp32, fp16 or q8, received ${settings.dtype}`);
  }
  const batchSize = options.batchSize ?? settings.maxDocumentsPerRequest ?? 16;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError(`@execret/rerankers transformers: batchSize must be an integer >= 1, received ${batchSize}`);
  }
  const now = options.now ?? Date.now;
  const {
    transformers: t,
    tokenizer,
    model,
    weights,
  } = await loadTransformersModel(
    {
      label: '@execret/rerankers transformers',
      id: settings.id,
      model: settings.model,
      revision: settings.revision,
      dtype: settings.dtype as keyof typeof DTYPES,
      head: 'AutoModelForSequenceClassification',
    },
    options,
  ).catch((error: unknown) => {
    throw wrapHttpError(error, RerankersError);
  });
  const info: RerankerInfo = { ...settings, weights };
  const tok = tokenizer as unknown as PairTokenizer;
  const maxLength = Math.min(
    info.maxLength ?? Number.POSITIVE_INFINITY,
    tok.model_max_length ?? Number.POSITIVE_INFINITY,
  );
  const padId = tok.pad_token_id ?? 0;
  const probe = tok('a', { text_pair: 'b', return_tensor: false }).input_ids;
  const bId = tok.encode('b', { add_special_tokens: false });
  const suffix = Math.max(0, probe.length - (probe.lastIndexOf(bId[bId.length - 1] as number) + 1));

  let totals = emptyRerankUsage(false);
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();

  const score = async (query: string, candidates: readonly string[], opts: RerankOptions) => {
    const started = now();
    const logits = new Float64Array(candidates.length);
    let tokens = 0;
    let requests = 0;
    for (let start = 0; start < candidates.length; start += batchSize) {
      if (opts.signal?.aborted) {
        throw new RerankersError('aborted', '@execret/rerankers transformers: aborted by the caller', {
          cause: opts.signal.reason,
        });
      }
      const docs = candidates.slice(start, start + batchSize);
      const pairs = docs.map((doc) => {
        const full = tok(query, { text_pair: doc, return_tensor: false });
        const encoding = {
          inputIds: full.input_ids,
          tokenTypeIds: full.token_type_ids ?? full.input_ids.map(() => 0),
        };
        return Number.isFinite(maxLength) && encoding.inputIds.length > maxLength
          ? truncatePair(encoding, tok.encode(doc, { add_special_tokens: false }), maxLength, suffix)
          : encoding;
      });
      const length = Math.max(...pairs.map((p) => p.inputIds.length));
      const ids = new BigInt64Array(pairs.length * length).fill(BigInt(padId));
      const mask = new BigInt64Array(pairs.length * length);
      const types = new BigInt64Array(pairs.length * length);
      pairs.forEach((p, r) => {
        p.inputIds.forEach((id, k) => {
          ids[r * length + k] = BigInt(id);
          mask[r * length + k] = 1n;
          types[r * length + k] = BigInt(p.tokenTypeIds[k] ?? 0);
        });
        tokens += p.inputIds.length;
      });
      const dims = [pairs.length, length];
      const output = (await model({
        input_ids: new t.Tensor('int64', ids, dims),
        attention_mask: new t.Tensor('int64', mask, dims),
        token_type_ids: new t.Tensor('int64', types, dims),
      })) as { logits?: { dims: number[]; data: ArrayLike<number> } };
      const out = output.logits;
      if (out === undefined || out.dims.length !== 2 || out.dims[0] !== pairs.length) {
        throw new RerankersError(
          'response',
          `@execret/rerankers transformers: ${info.model} returned no [batch, labels] "logits" (dims ${JSON.stringify(out?.dims)})`,
        );
      }
      const labels = out.dims[1] as number;
      if (labels !== 1 && labels !== 2) {
        throw new RerankersError(
          'response',
          `@execret/rerankers transformers: ${info.model} has ${labels} labels; a reranker has 1 (a relevance logit) or 2`,
        );
      }
      for (let r = 0; r < pairs.length; r++) {
        const value = labels === 1 ? Number(out.data[r]) : Number(out.data[r * 2 + 1]) - Number(out.data[r * 2]);
        logits[start + r] = value;
      }
      requests++;
    }
    totals = addRerankUsage(totals, {
      ...emptyRerankUsage(false),
      calls: 1,
      requests,
      documents: candidates.length,
      inputTokens: tokens,
      seconds: (now() - started) / 1000,
    });
    return rankHits(logits, logits, opts.topN);
  };

  return {
    info,
    rerank: (query, candidates, opts = {}) => {
      checkRerankArguments(query, candidates, opts, 'transformers');
      if (closed)
        return Promise.reject(new TypeError('@execret/rerankers transformers: rerank() called after close()'));
      const result = queue.then(() => score(query, candidates, opts));
      queue = result.catch(() => undefined);
      return result;
    },
    usage: () => totals,
    close: async () => {
      if (closed) return;
      closed = true;
      await queue;
      await model.dispose();
    },
  };
}
