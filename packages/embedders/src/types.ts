import type { EmbedUsage, ModelWeights } from '@execret/formats';
import type { ProviderAccess } from '@execret/http';

export type { EmbedUsage } from '@execret/formats';

/** Whether a text is a search query or a corpus document (a code snippet). */
export type EmbedKind = 'query' | 'document';

/** Back ends that turn text into vectors. */
export type ProviderId = 'openai' | 'gemini' | 'mistral' | 'voyage' | 'openai-compatible' | 'transformers';

/**
 * How token states become one vector.
 * - `cls`: the state of the first unmasked token (the `[CLS]` token of BERT-style models).
 * - `mean`: the average of the states of all unmasked tokens.
 * - `last-token`: the state of the last unmasked token (decoder models; batches padded on the left).
 * - `provider`: done by a hosted API whose pooling is not published.
 */
export type Pooling = 'cls' | 'mean' | 'last-token' | 'provider';

/** Score used to rank documents: cosine similarity or the raw dot product. */
export type Similarity = 'cosine' | 'dot';

/**
 * Numeric type that determines the vector values:
 * - `fp32`: float32 output of a hosted API, or float32 ONNX weights for local models;
 * - `fp16` / `bf16`: half-precision weights (ONNX `model_fp16.onnx`, or a self-hosted server's `--dtype`);
 * - `q8`: 8-bit quantized ONNX weights (`model_quantized.onnx`);
 * - `int8` / `uint8`: integer output of an API that quantizes vectors (Codestral Embed, voyage-code-3).
 */
export type EmbeddingDtype = 'fp32' | 'fp16' | 'bf16' | 'q8' | 'int8' | 'uint8';

/** Text put before the input; the model sees `prefix + text`. */
export interface Prefixes {
  readonly query: string;
  readonly document: string;
}

/** Provider task parameter per kind (Gemini `taskType`, Voyage `input_type`); `null` when not sent. */
export interface TaskTypes {
  readonly query: string | null;
  readonly document: string | null;
}

/** Published price of a hosted model. */
export interface ModelPrice {
  /** US dollars per million input tokens. */
  readonly usdPerMillionTokens: number;
  /** When the price was read (ISO date, `YYYY-MM`). */
  readonly asOf: string;
  /** Page the price comes from. */
  readonly source: string;
}

/** Output sizes a model accepts: a closed list, or an inclusive range (Matryoshka truncation). */
export type SupportedDims =
  | { readonly kind: 'list'; readonly values: readonly number[] }
  | {
      readonly kind: 'range';
      readonly min: number;
      readonly max: number;
    };

/**
 * One registry entry: a provider-native configuration of one model, every setting with its source.
 */
export interface ModelConfig {
  /** Registry id, lowercase `<provider-prefix>/<name>`, e.g. `openai/text-embedding-3-large`. */
  readonly id: string;
  /** Model family (several configurations may share one), e.g. `qwen3-embedding`. */
  readonly family: string;
  readonly provider: ProviderId;
  /**
   * What the provider needs before use: a key (`api-key`, with the variable the CLI reads it from), a server's base
   * URL (`server`), or nothing (`local`). Every registry entry has it; a custom entry may leave it out and gets its
   * provider's.
   */
  readonly access?: ProviderAccess;
  /** Provider model name, or Hugging Face repository for self-hosted and local models. */
  readonly model: string;
  /** Hugging Face revision (`main` when unpinned), or `null` for hosted APIs that expose no revision. */
  readonly revision: string | null;
  /** Default output dimensions. */
  readonly dims: number;
  /** Other dimensions the model can produce; absent when `dims` is fixed. */
  readonly supportedDims?: SupportedDims;
  readonly similarity: Similarity;
  /** Whether `embed()` L2-normalises every vector (after any truncation). */
  readonly normalize: boolean;
  readonly prefixes: Prefixes;
  readonly taskTypes: TaskTypes;
  readonly pooling: Pooling;
  /** Side on which batches are padded (local and self-hosted models), `null` for hosted APIs. */
  readonly paddingSide: 'left' | 'right' | null;
  readonly dtype: EmbeddingDtype;
  /** Other dtypes the configuration accepts through the `dtype` option. */
  readonly supportedDtypes?: readonly EmbeddingDtype[];
  /** Most texts per request (hosted) or per forward pass (local). */
  readonly maxBatch: number;
  /** Longest input in tokens; local models truncate to it, hosted APIs enforce their own rule. */
  readonly maxTokensPerInput: number;
  /** Token budget of one request (estimated client-side), `null` when the provider publishes none. */
  readonly maxTokensPerRequest: number | null;
  readonly price: ModelPrice | null;
  /** Source link for each setting (keys: `model`, `prefixes`, `taskTypes`, `pooling`, `dims`, `limits`, ...). */
  readonly sources: Readonly<Record<string, string>>;
  /** Anything a user must know that the fields do not say. */
  readonly notes?: string;
}

/**
 * What an embedder is, readable without IO: the registry entry with overrides applied plus `configHash`.
 */
export interface EmbedderInfo extends ModelConfig {
  /** What the provider needs before use (the entry's, or its provider's for a custom entry without one). */
  readonly access: ProviderAccess;
  /**
   * SHA-256 (hex) of the canonical JSON of the settings that change vectors: `provider`, `model`, `revision`,
   * `dims`, `normalize`, `prefixes`, `taskTypes`, `pooling`, `paddingSide`, `dtype`, `maxTokensPerInput`.
   * It goes into cache keys and result files.
   */
  readonly configHash: string;
  /**
   * Which weights a local model loaded (`@execret/formats`' `ModelWeights`: every file's size and SHA-256, one
   * digest, and the folder's `weights.json` source when it has one), hashed once when the embedder is created.
   * `null` for models that run elsewhere (hosted APIs, servers) and in a description made without loading
   * (`describeEmbedder`). Not part of `configHash` (which is known without IO); the embedding cache keys vectors by
   * both.
   */
  readonly weights: ModelWeights | null;
}

/** Progress after each completed batch. */
export interface EmbedProgress {
  readonly kind: EmbedKind;
  /** Texts completed so far in this call. */
  readonly done: number;
  /** Texts in this call. */
  readonly total: number;
}

/** Vectors of one completed batch, handed to `onBatch` as soon as they are validated. */
export interface EmbedBatch {
  readonly kind: EmbedKind;
  /** Positions (in the `texts` given to `embed`) of the rows of `data`. */
  readonly indices: readonly number[];
  /** Row-major `indices.length × dims` matrix. Do not keep a reference: copy what you need. */
  readonly data: Float32Array;
  readonly dims: number;
  /**
   * Local models only: the token ids of each row as the model received them (after truncation, before padding), in
   * the order of `indices`. What a fidelity check compares with a reference tokenizer.
   */
  readonly tokenIds?: readonly (readonly number[])[];
}

/** Options of one `embed()` call. */
export interface EmbedOptions {
  readonly kind: EmbedKind;
  readonly signal?: AbortSignal;
  /** Called (and awaited) after each batch, e.g. to persist it; a rejection fails the call. */
  readonly onBatch?: (batch: EmbedBatch) => void | Promise<void>;
  /** Called after each batch with the running count. */
  readonly onProgress?: (progress: EmbedProgress) => void;
}

/** Result of `embed()`: a row-major `rows × dims` matrix in input order plus usage. */
export interface EmbedResult {
  readonly data: Float32Array;
  readonly rows: number;
  readonly dims: number;
  readonly usage: EmbedUsage;
}

/** A text-embedding model ready to use. */
export interface Embedder {
  readonly info: EmbedderInfo;
  /**
   * Embeds `texts` (the prefix of `kind` is added here; pass raw queries and raw code).
   * Rejects with an `EmbeddersError`; bad arguments throw `TypeError`.
   */
  embed(texts: readonly string[], options: EmbedOptions): Promise<EmbedResult>;
  /** Usage summed over every completed `embed()` call. */
  usage(): EmbedUsage;
  /** Releases resources (ONNX sessions); further `embed()` calls reject. */
  close(): Promise<void>;
}
