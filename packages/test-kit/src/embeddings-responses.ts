import { base64Vector, vectorFor } from './test-vectors.js';

/** What an embeddings request asks for, in the OpenAI/Voyage/Mistral shape. */
export interface EmbeddingsRequestBody {
  readonly model?: unknown;
  readonly input: readonly string[];
}

/** What a Gemini `batchEmbedContents` request asks for. */
export interface GeminiEmbeddingsRequestBody {
  readonly requests: ReadonlyArray<{
    readonly content: { readonly parts: ReadonlyArray<{ readonly text: string }> };
    readonly outputDimensionality?: number;
  }>;
}

export interface EmbeddingsResponseOptions {
  /** Length of every vector (Gemini: of vectors whose request entry has no `outputDimensionality`). */
  dims: number;
  /** Tokens reported for each input text. */
  tokensPerInput: number;
  /** The vector of one text (default `vectorFor`). */
  vector?: (text: string, dims: number) => number[];
}

function vectors(input: readonly string[], options: EmbeddingsResponseOptions): number[][] {
  const vector = options.vector ?? vectorFor;
  return input.map((text) => vector(text, options.dims));
}

/**
 * The body of OpenAI's `POST /v1/embeddings` answer (also what OpenAI-compatible servers send): one
 * `{ object, index, embedding }` per input in input order, as base64 float32 when `encoding` is `'base64'` (what the
 * openai SDK asks for unless told otherwise) or as numbers, and `usage.prompt_tokens`.
 */
export function openAIEmbeddingsResponse(
  body: EmbeddingsRequestBody,
  options: EmbeddingsResponseOptions & { encoding: 'base64' | 'float' },
): Record<string, unknown> {
  const tokens = body.input.length * options.tokensPerInput;
  return {
    object: 'list',
    model: body.model,
    data: vectors(body.input, options).map((values, index) => ({
      object: 'embedding',
      index,
      embedding: options.encoding === 'base64' ? base64Vector(values) : values,
    })),
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}

/**
 * The body of Voyage's `POST /v1/embeddings` answer, with the vectors in reverse input order (each carries its
 * `index`, and Voyage does not promise an order) and only `usage.total_tokens`.
 */
export function voyageEmbeddingsResponse(
  body: EmbeddingsRequestBody,
  options: EmbeddingsResponseOptions,
): Record<string, unknown> {
  return {
    object: 'list',
    model: body.model,
    data: vectors(body.input, options)
      .map((embedding, index) => ({ object: 'embedding', index, embedding }))
      .reverse(),
    usage: { total_tokens: body.input.length * options.tokensPerInput },
  };
}

/** The body of Mistral's `POST /v1/embeddings` answer, with every field its SDK requires (`id`, `object`, `data`, `model`, `usage`). */
export function mistralEmbeddingsResponse(
  body: EmbeddingsRequestBody,
  options: EmbeddingsResponseOptions,
): Record<string, unknown> {
  const tokens = body.input.length * options.tokensPerInput;
  return {
    id: 'emb-1',
    object: 'list',
    model: body.model,
    data: vectors(body.input, options).map((embedding, index) => ({ object: 'embedding', index, embedding })),
    usage: { prompt_tokens: tokens, total_tokens: tokens, completion_tokens: 0 },
  };
}

/**
 * The body of Gemini's `POST /v1beta/models/<model>:batchEmbedContents` answer: one `{ values }` per request entry,
 * of the entry's `outputDimensionality` (else `dims`), for the text of its first part. Gemini reports no tokens.
 */
export function geminiEmbeddingsResponse(
  body: GeminiEmbeddingsRequestBody,
  options: Omit<EmbeddingsResponseOptions, 'tokensPerInput'>,
): Record<string, unknown> {
  const vector = options.vector ?? vectorFor;
  return {
    embeddings: body.requests.map((entry) => ({
      values: vector(entry.content.parts[0]?.text ?? '', entry.outputDimensionality ?? options.dims),
    })),
  };
}
